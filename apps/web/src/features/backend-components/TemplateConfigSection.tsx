import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BackendComponentTemplateConfig } from '@fleetgate/contracts';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { useNotify } from '../../components/notify.tsx';
import { localizeBackendComponentError } from './backend-component-errors.ts';
import { configFormSchema, configFormValuesOf, configSaveOf, type ConfigFormValues } from './config-form.ts';
import { ConfigSecretsField } from './ConfigSecretsField.tsx';
import { ConfigValuesField } from './ConfigValuesField.tsx';
import { SectionCard } from './SectionCard.tsx';
import { useSaveTemplateConfig, useTemplateConfig } from './use-template-parts.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

/** The list's own error (too many) or the first host's (not a host name). */
function hostsError(errors: FieldErrors<ConfigFormValues>['allowedHosts']): string | undefined {
  if (!errors) return undefined;
  if (errors.message) return errors.message;
  return Array.isArray(errors)
    ? (errors as ({ message?: string } | undefined)[]).find(Boolean)?.message
    : undefined;
}

/** The template's values, secrets and allowed hosts, loaded and saved as one configuration. */
export function TemplateConfigSection({ templateId }: { templateId: string }) {
  const { t } = useTranslation();
  const config = useTemplateConfig(templateId);
  return (
    <SectionCard
      id="template-config"
      title={t('backendComponents.config.title')}
      hint={t('backendComponents.config.hint')}
    >
      {config.isPending && <LoadingIndicator sx={{ alignSelf: 'center' }} />}
      {config.isError && <Alert severity="error">{t('backendComponents.config.loadFailed')}</Alert>}
      {config.isSuccess && (
        // A new form per stored state: after saving, typed secret values are gone for good.
        <ConfigForm key={JSON.stringify(config.data)} templateId={templateId} config={config.data} />
      )}
    </SectionCard>
  );
}

function ConfigForm({
  templateId,
  config,
}: {
  templateId: string;
  config: BackendComponentTemplateConfig | null;
}) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const save = useSaveTemplateConfig(templateId);
  const schema = useMemo(() => configFormSchema(t), [t]);
  const form = useForm<ConfigFormValues>({
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: configFormValuesOf(config),
  });
  // Read every flag on each render: the form state proxy only tracks what was read.
  const { control } = form;
  const { errors, isDirty, isValid, isSubmitting } = form.formState;

  const handleSecretAction = (index: number, action: ConfigFormValues['secrets'][number]['action']) => {
    form.setValue(`secrets.${index}.action`, action, { shouldDirty: true });
    form.setValue(`secrets.${index}.value`, '', { shouldValidate: true });
  };

  const handleValid = async (values: ConfigFormValues) => {
    try {
      await save.mutateAsync(configSaveOf(values, config, templateId));
      notify(t('backendComponents.config.saved'), { durationMs: 3000 });
    } catch (error) {
      applyApiErrors(localizeBackendComponentError(error, t), form.setError, t, { fields: ['allowedHosts'] });
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={form.handleSubmit(handleValid)}
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <FormAlert message={errors.root?.server?.message} />
      <ConfigValuesField control={control} />
      <ConfigSecretsField control={control} onAction={handleSecretAction} />
      <Controller
        control={control}
        name="allowedHosts"
        render={({ field, fieldState }) => (
          <Autocomplete
            multiple
            freeSolo
            options={[]}
            value={field.value}
            onChange={(_event, value) => field.onChange(value.map((host) => host.trim().toLowerCase()))}
            onBlur={field.onBlur}
            renderValue={(value, getItemProps) =>
              value.map((host, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} size="small" label={host} {...itemProps} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('backendComponents.config.allowedHosts')}
                error={fieldState.invalid}
                helperText={hostsError(errors.allowedHosts) ?? t('backendComponents.config.allowedHostsHint')}
              />
            )}
          />
        )}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={!isDirty || !isValid} loading={isSubmitting}>
          {t('backendComponents.config.save')}
        </Button>
      </Box>
    </Box>
  );
}
