import { useQuery } from '@tanstack/react-query';
import type { AppKey, CompanyApp } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { useCompanyId } from '../../auth/session.ts';

export const appListKey = ['AppList'] as const;

/** The app catalogue with the selected company's installations (`GET AppList`), shared by the menu, routes and screens. */
export function useCompanyApps() {
  const company = useCompanyId();
  return useQuery({
    queryKey: [...appListKey, company],
    queryFn: () => apiData<CompanyApp[]>('AppList'),
    enabled: company !== null,
  });
}

/** Whether the selected company has installed `app`; false while unknown. */
export function useAppInstalled(app: AppKey): boolean {
  const apps = useCompanyApps();
  return apps.data?.some((a) => a.publicId === app && a.installed) ?? false;
}

/** The keys of the installed apps; undefined while the catalogue is loading (or failed to). */
export function installedAppsOf(apps: readonly CompanyApp[] | undefined): AppKey[] | undefined {
  return apps?.filter((app) => app.installed).map((app) => app.publicId);
}

export function useInstallApp() {
  return useInvalidatingMutation(appListKey, (app: AppKey) =>
    apiData<CompanyApp>('AppInstall', { method: 'POST', params: { publicId: app } }),
  );
}

export function useUninstallApp() {
  return useInvalidatingMutation(appListKey, (app: AppKey) =>
    apiData<CompanyApp>('AppUninstall', { method: 'DELETE', params: { publicId: app } }),
  );
}

export function useUpdateAppConfig() {
  return useInvalidatingMutation(
    appListKey,
    ({ app, config }: { app: AppKey; config: Record<string, unknown> }) =>
      apiData<CompanyApp>('AppConfigUpdate', { method: 'PATCH', body: { publicId: app, config } }),
  );
}
