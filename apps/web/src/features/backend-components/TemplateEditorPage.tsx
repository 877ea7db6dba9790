import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Download from '@mui/icons-material/Download';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BackendComponentTemplate } from '@fleetgate/contracts';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useNotify } from '../../components/notify.tsx';
import { describeBackendComponentError } from './backend-component-errors.ts';
import { TemplateConfigSection } from './TemplateConfigSection.tsx';
import { TemplateForm } from './TemplateForm.tsx';
import { TemplateSharesSection } from './TemplateSharesSection.tsx';
import { TemplateSubscriptionsSection } from './TemplateSubscriptionsSection.tsx';
import { useDeleteTemplate, useTemplate } from './use-backend-components.ts';
import { useDownloadLogs } from './use-download-logs.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

/** `/backend-components/:publicId` (`new` for a new template): one template and all its parts. */
export function TemplateEditorPage() {
  const { t } = useTranslation();
  const { publicId = 'new' } = useParams();
  const isNew = publicId === 'new';
  const loaded = useTemplate(isNew ? null : publicId);
  const back = (
    <Link
      component={RouterLink}
      to="/backend-components"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      <ArrowBack fontSize="small" aria-hidden />
      {t('backendComponents.editor.back')}
    </Link>
  );
  if (isNew) return <TemplateDetails key="new" template={null} back={back} />;
  if (loaded.isPending)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <LoadingIndicator />
      </Box>
    );
  if (loaded.isError || loaded.template === null)
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity={loaded.isError ? 'error' : 'warning'}>
          {loaded.isError ? t('backendComponents.loadFailed') : t('backendComponents.editor.notFound')}
        </Alert>
      </Stack>
    );
  return <TemplateDetails key={publicId} template={loaded.template} back={back} />;
}

type DetailsProps = { template: BackendComponentTemplate | null; back: React.ReactNode };

function TemplateDetails({ template, back }: DetailsProps) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const navigate = useNavigate();
  const logs = useDownloadLogs();
  const remove = useDeleteTemplate();
  const [confirming, setConfirming] = useState(false);

  const handleDelete = () => {
    if (!template) return;
    remove.mutate(template.publicId, {
      onSuccess: () => {
        notify(t('backendComponents.deleted'), { durationMs: 3000 });
        void navigate('/backend-components', { replace: true });
      },
      onError: (error) => {
        notify(describeBackendComponentError(t, error), { durationMs: 3000 });
        setConfirming(false);
      },
    });
  };

  const actions = template && (
    <>
      <Button
        variant="outlined"
        startIcon={<Download />}
        loading={logs.downloading === template.publicId}
        onClick={() => logs.handleDownload(template.publicId)}
      >
        {t('backendComponents.downloadLogs')}
      </Button>
      {template.own && (
        <Button
          color="error"
          variant="outlined"
          startIcon={<DeleteOutline />}
          onClick={() => setConfirming(true)}
        >
          {t('backendComponents.delete')}
        </Button>
      )}
    </>
  );

  return (
    <Stack spacing={3}>
      <Box>{back}</Box>
      <PageHeader
        title={template?.name ?? t('backendComponents.editor.newTitle')}
        subtitle={
          template && !template.own
            ? t('backendComponents.sharedBy', { company: template.company.name })
            : undefined
        }
        action={actions}
      />
      {template && !template.own && (
        <Alert severity="info">
          {t('backendComponents.editor.readOnly', { company: template.company.name })}
        </Alert>
      )}
      <Card sx={{ p: { xs: 2, sm: 3 } }}>
        <TemplateForm template={template} />
      </Card>
      {template && <TemplateSubscriptionsSection templateId={template.publicId} />}
      {template && <TemplateConfigSection templateId={template.publicId} />}
      {template?.own && <TemplateSharesSection templateId={template.publicId} />}
      {confirming && template && (
        <ConfirmDeleteDialog
          title={t('backendComponents.deleteDialog.title')}
          body={t('backendComponents.deleteDialog.body', { name: template.name })}
          confirmLabel={t('backendComponents.deleteDialog.confirm')}
          cancelLabel={t('backendComponents.deleteDialog.cancel')}
          busy={remove.isPending}
          onConfirm={handleDelete}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}
