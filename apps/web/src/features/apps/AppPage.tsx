import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ExtensionOutlined from '@mui/icons-material/ExtensionOutlined';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { isAppKey, type CompanyApp } from '@fleetgate/contracts';
import { hasCapability, useCurrentUser } from '../../auth/current-user.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatDate } from '../../components/format/format-date.ts';
import { AppDialogs } from './AppDialogs.tsx';
import { AppNotInstalled } from './AppNotInstalled.tsx';
import { appSettings, formValuesOf, type AppSetting } from './app-config-form.ts';
import { appIcons } from './app-icons.ts';
import { AppsLoadState } from './AppsLoadState.tsx';
import { useAppActions } from './use-app-actions.ts';
import { useCompanyApps } from './use-installed-apps.ts';

function settingValue(t: TFunction, setting: AppSetting, app: CompanyApp): string {
  const values = formValuesOf(app);
  switch (setting) {
    case 'retentionDays':
      return t('apps.settings.retentionDaysValue', { count: Number(values.retentionDays) });
    case 'timeZone':
      return values.timeZone;
    case 'emailNotifications':
    case 'allowSelfSignedCertificates':
      return values[setting] ? t('apps.settings.on') : t('apps.settings.off');
  }
}

/** An app's settings as a read-only list of label and value. */
function SettingsList({ app }: { app: CompanyApp }) {
  const { t } = useTranslation();
  const settings = appSettings[app.publicId];
  if (settings.length === 0) return <Typography color="text.secondary">{t('apps.noSettings')}</Typography>;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
      {settings.map((setting) => (
        <Box key={setting} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
          <Typography component="dt" color="text.secondary" sx={{ minWidth: { sm: 280 } }}>
            {t(`apps.settings.${setting}`)}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
            {settingValue(t, setting, app)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * `/apps/<publicId>`: an app as every member sees it (what it does, whether it is installed);
 * users who manage apps also see its settings and may configure or uninstall it.
 */
export function AppPage() {
  const { t } = useTranslation();
  const { publicId = '' } = useParams();
  const canManage = hasCapability(useCurrentUser(), 'apps.manage');
  const apps = useCompanyApps();
  const actions = useAppActions();
  const app = isAppKey(publicId)
    ? apps.data?.find((candidate) => candidate.publicId === publicId)
    : undefined;

  const back = canManage && (
    <Button component={RouterLink} to="/apps" startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
      {t('apps.page.back')}
    </Button>
  );
  if (apps.isPending || apps.isError) return <AppsLoadState apps={apps} />;
  if (!app) {
    return (
      <Stack spacing={2}>
        {back}
        <EmptyState icon={ExtensionOutlined} text={t('apps.page.unknown')} />
      </Stack>
    );
  }

  const name = t(`apps.names.${app.publicId}`);
  const Icon = appIcons[app.publicId];
  const configurable = appSettings[app.publicId].length > 0;
  return (
    <Stack spacing={3}>
      {back}
      <PageHeader
        title={name}
        leading={<Icon color="primary" sx={{ fontSize: 36 }} aria-hidden />}
        subtitle={
          app.installed ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Chip
                size="small"
                color="success"
                variant="outlined"
                icon={<CheckCircleOutline />}
                label={t('apps.installed')}
              />
              {app.installedOn && t('apps.installedOn', { date: formatDate(app.installedOn) })}
            </Box>
          ) : (
            <Chip size="small" variant="outlined" label={t('apps.notInstalled')} />
          )
        }
        action={
          canManage &&
          app.installed && (
            <>
              {configurable && (
                <Button variant="contained" onClick={() => actions.openConfig(app)}>
                  {t('apps.configure')}
                </Button>
              )}
              <Button color="error" variant="outlined" onClick={() => actions.askUninstall(app)}>
                {t('apps.uninstall')}
              </Button>
            </>
          )
        }
      />
      {app.installed ? (
        <Card>
          <Stack spacing={2} sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography>{t(`apps.descriptions.${app.publicId}`)}</Typography>
            <Typography color="text.secondary">
              {t('apps.needsLabel', { needs: t(`apps.needs.${app.publicId}`) })}
            </Typography>
            {canManage && (
              <>
                <Divider />
                <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
                  {t('apps.settings.title')}
                </Typography>
                <SettingsList app={app} />
              </>
            )}
          </Stack>
        </Card>
      ) : (
        <AppNotInstalled
          app={app.publicId}
          onInstall={() => actions.handleInstall(app)}
          installing={actions.installing === app.publicId}
        />
      )}
      <AppDialogs actions={actions} />
    </Stack>
  );
}
