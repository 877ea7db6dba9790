import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { backendComponentSubscriptionKinds } from '@fleetgate/contracts';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { useDialogForm } from '../../components/form/use-dialog-form.ts';
import { useAgents } from '../devices/use-devices.ts';
import { useTags } from '../data-logging/use-data-logging.ts';
import { localizeBackendComponentError } from './backend-component-errors.ts';
import {
  emptySubscriptionForm,
  fieldsOfKind,
  subscriptionFormSchema,
  type SubscriptionFormValues,
} from './subscription-form.ts';

type SubscriptionDialogProps = {
  /** Rejects with the ApiError of a failed attempt. */
  onSubmit: (values: SubscriptionFormValues) => Promise<void>;
  onClose: () => void;
};

/** A new subscription: which messages run the template (a device's tags, events, or a schedule). */
export function SubscriptionDialog({ onSubmit, onClose }: SubscriptionDialogProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => subscriptionFormSchema(t), [t]);
  const { form, frame } = useDialogForm<SubscriptionFormValues>({
    schema,
    defaultValues: emptySubscriptionForm,
    errorFields: ['kind', 'cron'],
    localizeError: localizeBackendComponentError,
    onSubmit,
  });
  const { control, setValue } = form;
  const kind = useWatch({ control, name: 'kind' });
  const agentId = useWatch({ control, name: 'agentId' });
  const uses = fieldsOfKind(kind);
  const agents = useAgents();
  const tags = useTags(agentId, uses.tags && agentId !== '');

  return (
    <FormDialog
      {...frame}
      titleId="subscription-dialog-title"
      title={t('backendComponents.subscriptions.dialog.title')}
      cancelLabel={t('backendComponents.subscriptions.dialog.cancel')}
      submitLabel={t('backendComponents.subscriptions.dialog.add')}
      onClose={onClose}
    >
      <FormTextField
        control={control}
        name="kind"
        select
        label={t('backendComponents.subscriptions.dialog.kind')}
        required
      >
        {backendComponentSubscriptionKinds.map((one) => (
          <MenuItem key={one} value={one}>
            {t(`backendComponents.subscriptions.kinds.${one}`)}
          </MenuItem>
        ))}
      </FormTextField>
      {uses.device && (
        <Controller
          control={control}
          name="agentId"
          render={({ field, fieldState }) => (
            <TextField
              select
              label={t('backendComponents.subscriptions.dialog.device')}
              required={uses.tags}
              value={field.value}
              onChange={(event) => {
                field.onChange(event.target.value);
                // Tags belong to one device; a new device starts with none chosen.
                setValue('tagIds', [], { shouldValidate: true });
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.invalid}
              helperText={fieldState.error?.message}
            >
              {!uses.tags && (
                <MenuItem value="">{t('backendComponents.subscriptions.dialog.anyDevice')}</MenuItem>
              )}
              {(agents.data ?? []).map((agent) => (
                <MenuItem key={agent.publicId} value={agent.publicId}>
                  {agent.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      {uses.tags && agentId !== '' && (
        <Controller
          control={control}
          name="tagIds"
          render={({ field, fieldState }) => (
            <Autocomplete
              multiple
              options={(tags.data ?? []).map((tag) => tag.publicId)}
              getOptionLabel={(id) => tags.data?.find((tag) => tag.publicId === id)?.name ?? id}
              value={field.value}
              onChange={(_event, value) => field.onChange(value)}
              onBlur={field.onBlur}
              loading={tags.isPending}
              noOptionsText={t('backendComponents.subscriptions.dialog.noTags')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('backendComponents.subscriptions.dialog.tags')}
                  required
                  error={fieldState.invalid}
                  helperText={fieldState.error?.message}
                />
              )}
            />
          )}
        />
      )}
      {uses.cron && (
        <FormTextField
          control={control}
          name="cron"
          label={t('backendComponents.subscriptions.dialog.cron')}
          required
          placeholder="*/15 * * * *"
          helperText={t('backendComponents.subscriptions.dialog.cronHint')}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
        />
      )}
    </FormDialog>
  );
}
