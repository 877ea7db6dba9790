import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { CompanyApp } from '@fleetgate/contracts';
import { formatDate } from '../../components/format/format-date.ts';
import { appIcons } from './app-icons.ts';
import { appSettings } from './app-config-form.ts';

type AppCardProps = {
  app: CompanyApp;
  /** This card's install or uninstall is under way. */
  busy: boolean;
  onInstall: (app: CompanyApp) => void;
  onUninstall: (app: CompanyApp) => void;
  onConfigure: (app: CompanyApp) => void;
};

/** One app of the catalogue: what it does and needs, whether it is installed, and what can be done with it. */
export function AppCard({ app, busy, onInstall, onUninstall, onConfigure }: AppCardProps) {
  const { t } = useTranslation();
  const Icon = appIcons[app.publicId];
  const name = t(`apps.names.${app.publicId}`);
  const headingId = `app-${app.publicId}`;
  const configurable = appSettings[app.publicId].length > 0;
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Box sx={{ display: 'flex', gap: 2, p: 2, flexGrow: 1 }}>
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 48,
            height: 48,
            flexShrink: 0,
            borderRadius: 2,
            bgcolor: app.installed ? 'primary.main' : 'action.selected',
            color: app.installed ? 'primary.contrastText' : 'text.secondary',
          }}
        >
          <Icon />
        </Box>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
            <Typography id={headingId} variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
              {name}
            </Typography>
            {app.installed ? (
              <Chip
                size="small"
                color="success"
                variant="outlined"
                icon={<CheckCircleOutline />}
                label={t('apps.installed')}
              />
            ) : (
              <Chip size="small" variant="outlined" label={t('apps.notInstalled')} />
            )}
          </Box>
          <Typography variant="body2" sx={{ mt: 0.75 }}>
            {t(`apps.descriptions.${app.publicId}`)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
            {t('apps.needsLabel', { needs: t(`apps.needs.${app.publicId}`) })}
          </Typography>
          {app.installedOn && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('apps.installedOn', { date: formatDate(app.installedOn) })}
            </Typography>
          )}
        </Box>
      </Box>
      <Divider />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, px: 2, py: 1.25 }}>
        {app.installed ? (
          <>
            <Button
              size="small"
              component={RouterLink}
              to={`/apps/${app.publicId}`}
              aria-label={t('apps.openNamed', { name })}
            >
              {t('apps.open')}
            </Button>
            {configurable && (
              <Button
                size="small"
                onClick={() => onConfigure(app)}
                aria-label={t('apps.configureNamed', { name })}
              >
                {t('apps.configure')}
              </Button>
            )}
            <Button
              size="small"
              color="error"
              onClick={() => onUninstall(app)}
              aria-label={t('apps.uninstallNamed', { name })}
              sx={{ ml: 'auto' }}
            >
              {t('apps.uninstall')}
            </Button>
          </>
        ) : (
          <Button
            size="small"
            variant="contained"
            onClick={() => onInstall(app)}
            loading={busy}
            aria-label={t('apps.installNamed', { name })}
          >
            {t('apps.install')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
