import { Outlet, ScrollRestoration, type Location } from 'react-router';
import { lazyPart } from '../../app/lazy-part.tsx';
import { useEffectiveBranding } from '../../features/branding/branding-state.ts';
import { mobilePlatformOf } from '../../features/branding/mobile-platform.ts';
import { ConnectivityNotice } from './ConnectivityNotice.tsx';
import { GatewayTimeoutNotice } from './GatewayTimeoutNotice.tsx';
import { VersionCheck } from './VersionCheck.tsx';

/**
 * Only Android and iOS browsers of a company with a store link see it, so it loads then (with
 * the contract's store-id rules, which would bring zod into the login page's code).
 */
const StoreBanner = lazyPart(() => import('../../features/branding/StoreBanner.tsx'), 'StoreBanner', null);
const platform = mobilePlatformOf(navigator.userAgent, navigator.maxTouchPoints);

/** The app-store banner of the branding that applies, unless this browser dismissed it. */
function AppStoreBanner() {
  const branding = useEffectiveBranding();
  return branding && platform && branding.appStoreLinks[platform] ? (
    <StoreBanner branding={branding} platform={platform} />
  ) : null;
}

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
      <AppStoreBanner />
    </>
  );
}
