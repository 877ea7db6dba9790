import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppKey, CompanyApp } from '@fleetgate/contracts';
import { describeError } from '../../api/error-text.ts';
import { useNotify } from '../../components/notify.tsx';
import { appErrorText } from './app-config-form.ts';
import { useInstallApp, useUninstallApp, useUpdateAppConfig } from './use-installed-apps.ts';

const noticeMs = 3000;

/**
 * Installing, uninstalling (after a confirmation) and configuring apps, with their notices:
 * shared by the catalogue and an app's own page.
 */
export function useAppActions() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const install = useInstallApp();
  const uninstall = useUninstallApp();
  const update = useUpdateAppConfig();
  const [uninstalling, setUninstalling] = useState<CompanyApp | null>(null);
  const [configuring, setConfiguring] = useState<CompanyApp | null>(null);
  const nameOf = (app: AppKey) => t(`apps.names.${app}`);
  const failed = (error: unknown) =>
    notify((error instanceof Error && appErrorText(t, error.message)) || describeError(t, error), {
      durationMs: noticeMs,
    });

  const handleInstall = (app: CompanyApp) =>
    install.mutate(app.publicId, {
      onSuccess: () =>
        notify(t('apps.installedNotice', { name: nameOf(app.publicId) }), { durationMs: noticeMs }),
      onError: failed,
    });

  const handleUninstallConfirmed = () => {
    if (!uninstalling) return;
    const app = uninstalling.publicId;
    uninstall.mutate(app, {
      onSuccess: () => notify(t('apps.uninstalledNotice', { name: nameOf(app) }), { durationMs: noticeMs }),
      onError: failed,
      onSettled: () => setUninstalling(null),
    });
  };

  const handleConfigSubmit = async (app: AppKey, config: Record<string, unknown>) => {
    if (Object.keys(config).length > 0) await update.mutateAsync({ app, config });
    notify(t('apps.savedNotice', { name: nameOf(app) }), { durationMs: noticeMs });
    setConfiguring(null);
  };

  return {
    /** The app whose install is under way. */
    installing: install.isPending ? install.variables : undefined,
    handleInstall,
    uninstalling,
    askUninstall: setUninstalling,
    uninstallDialog: {
      busy: uninstall.isPending,
      onConfirm: handleUninstallConfirmed,
      onClose: () => setUninstalling(null),
    },
    configuring,
    openConfig: setConfiguring,
    closeConfig: () => setConfiguring(null),
    handleConfigSubmit,
  };
}
