import { useTranslation } from 'react-i18next';
import { ConfirmActionDialog } from '../../components/ConfirmActionDialog.tsx';
import { AppConfigDialog } from './AppConfigDialog.tsx';
import type { useAppActions } from './use-app-actions.ts';

/** The uninstall confirmation and the settings dialog of `useAppActions`, while one is open. */
export function AppDialogs({ actions }: { actions: ReturnType<typeof useAppActions> }) {
  const { t } = useTranslation();
  const { uninstalling, configuring } = actions;
  return (
    <>
      {uninstalling && (
        <ConfirmActionDialog
          {...actions.uninstallDialog}
          ids={{ title: 'app-uninstall-title', body: 'app-uninstall-body' }}
          title={t('apps.uninstallDialog.title', { name: t(`apps.names.${uninstalling.publicId}`) })}
          body={t('apps.uninstallDialog.body')}
          confirmLabel={t('apps.uninstallDialog.confirm')}
          cancelLabel={t('apps.uninstallDialog.cancel')}
          focusCancel
        />
      )}
      {configuring && (
        <AppConfigDialog
          key={configuring.publicId}
          app={configuring}
          onSubmit={actions.handleConfigSubmit}
          onClose={actions.closeConfig}
        />
      )}
    </>
  );
}
