import { useEffect, useMemo } from 'react';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloudOff from '@mui/icons-material/CloudOff';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import type { MyUser } from '@fleetgate/contracts';
import { featureAppInstalled, featurePermitted } from '../../app/feature.ts';
import { features } from '../../app/features.tsx';
import { wideScreenQuery } from '../../app/theme.ts';
import { ApiError } from '../../api/api-error.ts';
import { CurrentUserProvider } from '../../auth/current-user.tsx';
import { LiveEventsProvider } from '../../api/live-events.tsx';
import { useCompanyId, useSession } from '../../auth/session.ts';
import { useMyUser } from '../../auth/use-my-user.ts';
import { ErrorCard } from '../../features/errors/ErrorCard.tsx';
import { RemindersHost } from '../../features/reminders/RemindersHost.tsx';
import { AccessRequestDecisionNotice } from '../../features/devices/AccessRequestDecisionNotice.tsx';
import { TermsOfUseGate } from '../../features/terms/TermsOfUseGate.tsx';
import { TwoFactorGraceBanner } from '../../features/sign-in-security/TwoFactorGraceBanner.tsx';
import { signInBlockPaths } from '../../features/sign-in-security/sign-in-block-paths.ts';
import { VpnProvider } from '../../features/vpn/VpnProvider.tsx';
import { WebViewerHost } from '../../features/web-access/WebViewerHost.tsx';
import { CompanyTextsSync } from '../../features/translations/CompanyTextsSync.tsx';
import { CompanyBrandingSync } from '../../features/branding/CompanyBrandingSync.tsx';
import { CompanyAppsSync } from '../../features/apps/CompanyAppsSync.tsx';
import { installedAppsOf, useCompanyApps } from '../../features/apps/use-installed-apps.ts';
import { CenteredLayout } from '../CenteredLayout.tsx';
import { FullPageProgress } from '../FullPageProgress.tsx';
import { preloadSnackbar } from '../notify.tsx';
import { LeaveCompany } from './LeaveCompany.tsx';
import { ShellFrame } from './ShellFrame.tsx';
import { ShellSearchProvider } from './ShellSearchProvider.tsx';
import { useCurrentFeature } from './feature-handle.ts';
import { buildNavSections } from './nav-sections.ts';
import { ShellContext } from './shell-context.ts';
import { useDrawerOpen } from './use-drawer-open.ts';
import { useRightDrawerOpen } from './use-right-drawer-open.ts';

/** A 400, 403 or 404 for MyUser means the stored company is not one the user belongs to. */
function isCompanyRejected(error: Error): boolean {
  return error instanceof ApiError && [400, 403, 404].includes(error.status);
}

/** A lost session or an outage: the failure handler is already navigating away. */
function isHandledElsewhere(error: Error): boolean {
  return (
    error instanceof ApiError && (error.status === 401 || (error.isUnavailable && !error.isGatewayTimeout))
  );
}

function ShellLayout({ user }: { user: MyUser }) {
  const matchedFeature = useCurrentFeature(features);
  const appCatalogue = useCompanyApps().data;
  const installedApps = useMemo(() => installedAppsOf(appCatalogue), [appCatalogue]);
  // A route the user may not use leads on to the not-allowed page, and an app's route the company
  // has not installed says so; none of its drawers or search show meanwhile.
  const permitted =
    !matchedFeature ||
    (featurePermitted(matchedFeature, user.capabilities) &&
      featureAppInstalled(matchedFeature, installedApps));
  const currentFeature = permitted ? matchedFeature : undefined;
  const wide = useMediaQuery(wideScreenQuery, { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useDrawerOpen(wide);
  const rightMenu = currentFeature?.rightMenu;
  const [rightOpen, setRightOpen] = useRightDrawerOpen(rightMenu ? currentFeature.id : undefined, wide);
  const sections = useMemo(
    () => buildNavSections(features, user.capabilities, installedApps),
    [user.capabilities, installedApps],
  );
  const context = useMemo(() => ({ features, currentFeature }), [currentFeature]);

  return (
    <ShellContext value={context}>
      <ShellSearchProvider scope={currentFeature?.searchScope}>
        <ShellFrame
          user={user}
          sections={sections}
          sidePanel={{ open: drawerOpen, onOpenChange: setDrawerOpen }}
          rightMenu={rightMenu}
          rightPanel={{ open: rightOpen, onOpenChange: setRightOpen }}
          wide={wide}
        >
          <TwoFactorGraceBanner user={user} />
          <Outlet />
        </ShellFrame>
        <RemindersHost />
        <AccessRequestDecisionNotice />
        <TermsOfUseGate user={user} />
      </ShellSearchProvider>
    </ShellContext>
  );
}

/** A 504 while loading the user: the snack bar told why; the user may try again from here. */
function GatewayTimeoutRetry({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <CenteredLayout>
      <ErrorCard
        icon={CloudOff}
        title={t('errors.whoopsTitle')}
        subtitle={t('errors.gatewayTimeout')}
        actions={
          <Button variant="contained" onClick={onRetry}>
            {t('errors.tryAgain')}
          </Button>
        }
      />
    </CenteredLayout>
  );
}

export function Shell() {
  // Signed in, messages such as "No connection" must be able to show when nothing can be fetched.
  useEffect(() => void preloadSnackbar(), []);
  const session = useSession();
  const companyId = useCompanyId();
  const myUser = useMyUser();

  // Logging out or a lost session: whoever cleared it is already navigating to /login.
  if (session === null) return <FullPageProgress />;
  if (companyId === null) return <Navigate to="/my-companies" replace />;
  if (myUser.isPending) return <FullPageProgress />;
  if (myUser.isError) {
    if (isHandledElsewhere(myUser.error)) return <FullPageProgress />;
    if (isCompanyRejected(myUser.error)) return <LeaveCompany />;
    if (myUser.error instanceof ApiError && myUser.error.isGatewayTimeout) {
      return <GatewayTimeoutRetry onRetry={() => void myUser.refetch()} />;
    }
    throw myUser.error;
  }
  const user = myUser.data;
  if (user.company === null) return <LeaveCompany />;
  // The company's sign-in rules keep this session out: nothing of the company loads before.
  const blockedBy = user.signInRules?.blockedBy;
  if (blockedBy) return <Navigate to={signInBlockPaths[blockedBy]} replace />;

  return (
    <CurrentUserProvider user={user}>
      <CompanyBrandingSync companyId={user.company.publicId} />
      <LiveEventsProvider companyId={user.company.publicId}>
        <CompanyTextsSync companyId={user.company.publicId} />
        <CompanyAppsSync />
        <VpnProvider>
          <ShellLayout user={user} />
          <WebViewerHost />
        </VpnProvider>
      </LiveEventsProvider>
    </CurrentUserProvider>
  );
}
