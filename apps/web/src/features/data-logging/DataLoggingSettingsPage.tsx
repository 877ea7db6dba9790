import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DataLoggingSettings } from '@fleetgate/contracts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useNotify } from '../../components/notify.tsx';
import { retentionFormSchema, type RetentionFormValues } from './data-logging-form.ts';
import { useDataLoggingSettings, useSaveDataLoggingSettings } from './use-data-logging.ts';

/** `/data-logging`: the company's data logging settings (how long samples are kept). */
export function DataLoggingSettingsPage() {
  const { t } = useTranslation();
  const settings = useDataLoggingSettings();
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <PageHeader title={t('dataLogging.settings.title')} subtitle={t('dataLogging.settings.subtitle')} />
      {settings.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label={t('dataLogging.loading')} />
        </Box>
      ) : settings.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
              {t('dataLogging.retry')}
            </Button>
          }
        >
          {t('dataLogging.settings.loadFailed')}
        </Alert>
      ) : (
        <RetentionForm key={settings.data.retentionDays} settings={settings.data} />
      )}
    </Stack>
  );
}

function RetentionForm({ settings }: { settings: DataLoggingSettings }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const save = useSaveDataLoggingSettings();
  const schema = useMemo(() => retentionFormSchema(t), [t]);
  const form = useForm<RetentionFormValues>({
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: { retentionDays: String(settings.retentionDays) },
  });
  const { errors, isDirty, isValid, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ retentionDays: Number(values.retentionDays) });
      notify(t('dataLogging.settings.saved'));
    } catch (error) {
      applyApiErrors(error, form.setError, t, { fields: ['retentionDays'] });
    }
  });

  return (
    <Card component="section" aria-labelledby="data-logging-retention" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id="data-logging-retention" variant="h6" component="h2" sx={{ fontSize: '1.05rem', mb: 1 }}>
        {t('dataLogging.settings.retention')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('dataLogging.settings.retentionHint')}
      </Typography>
      <form noValidate onSubmit={onSubmit}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <FormAlert message={errors.root?.server?.message} />
          <FormTextField
            control={form.control}
            name="retentionDays"
            label={t('dataLogging.settings.retentionDays')}
            required
            sx={{ width: { xs: '100%', sm: 220 } }}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Button type="submit" variant="contained" disabled={!isDirty || !isValid} loading={isSubmitting}>
            {t('dataLogging.save')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
