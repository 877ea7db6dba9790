import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AppKey } from '@fleetgate/contracts';
import { hasCapability, useCurrentUser } from '../../auth/current-user.tsx';
import { appIcons } from './app-icons.ts';

type AppNotInstalledProps = {
  app: AppKey;
  /** Offered to users who may install apps; without it they are told whom to ask, like everyone else. */
  onInstall?: () => void;
  installing?: boolean;
};

/** In place of an app's screen while the company has not installed the app. */
export function AppNotInstalled({ app, onInstall, installing = false }: AppNotInstalledProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const Icon = appIcons[app];
  const name = t(`apps.names.${app}`);
  const mayInstall = onInstall !== undefined && hasCapability(user, 'apps.manage');
  return (
    <Card>
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', p: { xs: 3, sm: 5 } }}>
        <Icon color="disabled" sx={{ fontSize: 48 }} />
        <Typography variant="h6" component="h2">
          {t('apps.page.notInstalled', { name })}
        </Typography>
        <Typography color="text.secondary">{t(`apps.descriptions.${app}`)}</Typography>
        {mayInstall ? (
          <Button variant="contained" onClick={onInstall} loading={installing}>
            {t('apps.installNamed', { name })}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('apps.page.askAdministrator')}
          </Typography>
        )}
      </Stack>
    </Card>
  );
}
