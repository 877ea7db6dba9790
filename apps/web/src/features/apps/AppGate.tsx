import type { ReactNode } from 'react';
import type { AppKey } from '@fleetgate/contracts';
import { featureAppInstalled } from '../../app/feature.ts';
import { AppNotInstalled } from './AppNotInstalled.tsx';
import { AppsLoadState } from './AppsLoadState.tsx';
import { useAppActions } from './use-app-actions.ts';
import { installedAppsOf, useCompanyApps } from './use-installed-apps.ts';

/**
 * A screen of the registry that belongs to an app: shown while the company has the app
 * installed; otherwise it says so in its place (offering Install to users who may).
 */
export function AppGate({ app, children }: { app: AppKey | undefined; children: ReactNode }) {
  if (app === undefined) return children;
  return <InstalledAppGate app={app}>{children}</InstalledAppGate>;
}

function InstalledAppGate({ app, children }: { app: AppKey; children: ReactNode }) {
  const apps = useCompanyApps();
  const actions = useAppActions();
  if (apps.isPending || apps.isError) return <AppsLoadState apps={apps} />;
  if (featureAppInstalled({ app }, installedAppsOf(apps.data))) return children;
  const entry = apps.data.find((candidate) => candidate.publicId === app);
  return (
    <AppNotInstalled
      app={app}
      onInstall={entry ? () => actions.handleInstall(entry) : undefined}
      installing={actions.installing === app}
    />
  );
}
