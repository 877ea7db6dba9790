import { Outlet, ScrollRestoration, type Location } from 'react-router';
import { ConnectivityNotice } from './ConnectivityNotice.tsx';
import { GatewayTimeoutNotice } from './GatewayTimeoutNotice.tsx';
import { VersionCheck } from './VersionCheck.tsx';

/** Each screen keeps its own scroll position, also when reached again by a link. */
const scrollKey = (location: Location) => location.pathname;

/** The root route: every page, plus what watches the whole app (connection, outages, new versions). */
export function AppRoot() {
  return (
    <>
      <Outlet />
      <ScrollRestoration getKey={scrollKey} />
      <ConnectivityNotice />
      <GatewayTimeoutNotice />
      <VersionCheck />
    </>
  );
}
