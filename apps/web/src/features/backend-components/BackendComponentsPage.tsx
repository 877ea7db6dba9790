import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import CloudSyncOutlined from '@mui/icons-material/CloudSyncOutlined';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ListPageFrame } from '../../components/ListPageFrame.tsx';
import { useShellSearch } from '../../components/shell/use-shell-search.ts';
import { useCompanyApps } from '../apps/use-installed-apps.ts';
import { TemplateCard } from './TemplateCard.tsx';
import { useTemplates } from './use-backend-components.ts';
import { useDownloadLogs } from './use-download-logs.ts';

/**
 * `/backend-components`: the company's templates and those shared with it. The screen is open
 * without the app too: adding then says the company is not provisioned, as the console spec has it.
 */
export function BackendComponentsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useShellSearch();
  const templates = useTemplates();
  const apps = useCompanyApps();
  const logs = useDownloadLogs();
  const appMissing =
    apps.data?.some((app) => app.publicId === 'backendComponents' && !app.installed) ?? false;

  const shown = useMemo(() => {
    const needle = query.toLowerCase();
    // Own templates first: those are the ones the user works on.
    const all = [...(templates.data ?? [])].sort(
      (a, b) => Number(b.own) - Number(a.own) || a.name.localeCompare(b.name),
    );
    return needle === ''
      ? all
      : all.filter((one) => `${one.name} ${one.description}`.toLowerCase().includes(needle));
  }, [templates.data, query]);

  return (
    <ListPageFrame
      title={t('backendComponents.title')}
      subtitle={t('backendComponents.subtitle')}
      addLabel={t('backendComponents.add')}
      onAdd={() => void navigate('/backend-components/new')}
      list={templates}
      loadFailedText={t('backendComponents.loadFailed')}
      retryLabel={t('backendComponents.retry')}
      onRetry={() => void templates.refetch()}
    >
      {appMissing && (
        <Alert
          severity="info"
          action={
            <Button
              component={RouterLink}
              to="/apps"
              color="inherit"
              size="small"
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('backendComponents.openApps')}
            </Button>
          }
        >
          {t('backendComponents.appMissing')}
        </Alert>
      )}
      {templates.isSuccess && shown.length === 0 && (
        <EmptyState
          icon={CloudSyncOutlined}
          text={query === '' ? t('backendComponents.empty') : t('backendComponents.noMatches', { query })}
        />
      )}
      {shown.length > 0 && (
        <Stack spacing={2}>
          {shown.map((template) => (
            <TemplateCard
              key={template.publicId}
              template={template}
              downloading={logs.downloading === template.publicId}
              onDownload={(one) => logs.handleDownload(one.publicId)}
            />
          ))}
        </Stack>
      )}
    </ListPageFrame>
  );
}
