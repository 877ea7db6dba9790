import { useMemo } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { webhookEventTypes, type Webhook } from '@fleetgate/contracts';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { useDialogForm } from '../../components/form/use-dialog-form.ts';
import { webhookFormSchema, webhookFormValuesOf, type WebhookFormValues } from './webhook-form.ts';

type WebhookDialogProps = {
  webhook?: Webhook | undefined;
  /** Rejects with the ApiError of a failed attempt. */
  onSubmit: (values: WebhookFormValues) => Promise<void>;
  onClose: () => void;
};

const formFields = ['name', 'url', 'eventTypes', 'enabled'] as const;

export function WebhookDialog({ webhook, onSubmit, onClose }: WebhookDialogProps) {
  const { t } = useTranslation();
  const editing = webhook !== undefined;
  const schema = useMemo(() => webhookFormSchema(t), [t]);
  const { form, frame } = useDialogForm<WebhookFormValues>({
    schema,
    defaultValues: webhookFormValuesOf(webhook),
    errorFields: formFields,
    onSubmit,
  });
  const { control } = form;

  return (
    <FormDialog
      {...frame}
      titleId="webhook-dialog-title"
      title={t(editing ? 'webhooks.dialog.editTitle' : 'webhooks.dialog.addTitle')}
      cancelLabel={t('webhooks.dialog.cancel')}
      submitLabel={t(editing ? 'webhooks.dialog.save' : 'webhooks.dialog.create')}
      onClose={onClose}
    >
      <FormTextField control={control} name="name" label={t('webhooks.dialog.name')} required autoFocus />
      <FormTextField
        control={control}
        name="url"
        label={t('webhooks.dialog.url')}
        required
        helperText={t('webhooks.dialog.urlHint')}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', inputMode: 'url' } }}
      />
      <Controller
        control={control}
        name="eventTypes"
        render={({ field: { value, onChange } }) => (
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('webhooks.dialog.events')}</FormLabel>
            <FormGroup>
              {webhookEventTypes.map((type) => (
                <FormControlLabel
                  key={type}
                  label={t(`webhooks.events.${type}`)}
                  control={
                    <Checkbox
                      checked={value.includes(type)}
                      onChange={(event) =>
                        onChange(event.target.checked ? [...value, type] : value.filter((v) => v !== type))
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          </FormControl>
        )}
      />
      <Controller
        control={control}
        name="enabled"
        render={({ field: { value, onChange, ref } }) => (
          <FormControlLabel
            label={t('webhooks.dialog.enabled')}
            control={
              <Switch checked={value} inputRef={ref} onChange={(event) => onChange(event.target.checked)} />
            }
          />
        )}
      />
    </FormDialog>
  );
}
