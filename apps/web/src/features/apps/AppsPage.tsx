import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { AppsLoadState } from './AppsLoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { AppCard } from './AppCard.tsx';
import { AppDialogs } from './AppDialogs.tsx';
import { useAppActions } from './use-app-actions.ts';
import { useCompanyApps } from './use-installed-apps.ts';

/** `/apps`: the catalogue of optional modules, to install, configure and uninstall. */
export function AppsPage() {
  const { t } = useTranslation();
  const apps = useCompanyApps();
  const actions = useAppActions();

  return (
    <Stack spacing={3}>
      <PageHeader title={t('apps.title')} subtitle={t('apps.subtitle')} />
      {(apps.isPending || apps.isError) && <AppsLoadState apps={apps} />}
      {apps.data && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: '1fr',
              md: 'repeat(2, minmax(0, 1fr))',
              xl: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          {apps.data.map((app) => (
            <AppCard
              key={app.publicId}
              app={app}
              busy={actions.installing === app.publicId}
              onInstall={actions.handleInstall}
              onUninstall={actions.askUninstall}
              onConfigure={actions.openConfig}
            />
          ))}
        </Box>
      )}
      <AppDialogs actions={actions} />
    </Stack>
  );
}
