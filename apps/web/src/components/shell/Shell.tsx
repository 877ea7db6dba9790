import useMediaQuery from '@mui/material/useMediaQuery';
import { Navigate, Outlet } from 'react-router';
import { features } from '../../app/features.tsx';
import { wideScreenQuery } from '../../app/theme.ts';
import { ApiError } from '../../api/api-error.ts';
import { CurrentUserProvider } from '../../auth/current-user.tsx';
import { useCompanyId, useSession } from '../../auth/session.ts';
import { useMyUser } from '../../auth/use-my-user.ts';
import { FullPageProgress } from '../FullPageProgress.tsx';
import { LeaveCompany } from './LeaveCompany.tsx';
import { ShellFrame } from './ShellFrame.tsx';
import { buildNavSections } from './nav-sections.ts';
import { useDrawerOpen } from './use-drawer-open.ts';

/** A 400, 403 or 404 for MyUser means the stored company is not one the user belongs to. */
function isCompanyRejected(error: Error): boolean {
  return error instanceof ApiError && [400, 403, 404].includes(error.status);
}

/** A lost session or an outage: the failure handler is already navigating away. */
function isHandledElsewhere(error: Error): boolean {
  return error instanceof ApiError && (error.status === 401 || error.isUnavailable);
}

export function Shell() {
  const session = useSession();
  const companyId = useCompanyId();
  const myUser = useMyUser();
  const wide = useMediaQuery(wideScreenQuery, { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useDrawerOpen(wide);

  // Logging out or a lost session: whoever cleared it is already navigating to /login.
  if (session === null) return <FullPageProgress />;
  if (companyId === null) return <Navigate to="/my-companies" replace />;
  if (myUser.isPending) return <FullPageProgress />;
  if (myUser.isError) {
    if (isHandledElsewhere(myUser.error)) return <FullPageProgress />;
    if (isCompanyRejected(myUser.error)) return <LeaveCompany />;
    throw myUser.error;
  }
  const user = myUser.data;
  if (user.company === null) return <LeaveCompany />;

  return (
    <CurrentUserProvider user={user}>
      <ShellFrame
        user={user}
        sections={buildNavSections(features, user.capabilities)}
        drawerOpen={drawerOpen}
        wide={wide}
        onDrawerOpenChange={setDrawerOpen}
      >
        <Outlet />
      </ShellFrame>
    </CurrentUserProvider>
  );
}
