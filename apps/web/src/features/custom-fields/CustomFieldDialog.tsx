import { useMemo } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  customFieldEntities,
  customFieldTypes,
  type CustomField,
  type CustomFieldEntity,
} from '@fleetgate/contracts';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { useDialogForm } from '../../components/form/use-dialog-form.ts';
import {
  customFieldFormSchema,
  formValuesOf,
  localizeCustomFieldError,
  type CustomFieldFormValues,
} from './custom-field-form.ts';

type CustomFieldDialogProps = {
  /** The field to edit; a new one is added without it. */
  field?: CustomField | undefined;
  defaultEntity: CustomFieldEntity;
  /** Rejects with the ApiError of a failed attempt. */
  onSubmit: (values: CustomFieldFormValues) => Promise<void>;
  onClose: () => void;
};

const formFields = ['name', 'key', 'entity', 'type', 'options', 'required'] as const;

export function CustomFieldDialog({ field, defaultEntity, onSubmit, onClose }: CustomFieldDialogProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => customFieldFormSchema(t), [t]);
  const editing = field !== undefined;
  const { form, frame } = useDialogForm<CustomFieldFormValues>({
    schema,
    defaultValues: formValuesOf(field, defaultEntity),
    errorFields: formFields,
    localizeError: localizeCustomFieldError,
    onSubmit,
  });
  const { control } = form;
  const type = useWatch({ control, name: 'type' });

  return (
    <FormDialog
      {...frame}
      titleId="custom-field-dialog-title"
      title={t(editing ? 'customFields.dialog.editTitle' : 'customFields.dialog.addTitle')}
      cancelLabel={t('customFields.dialog.cancel')}
      submitLabel={t(editing ? 'customFields.dialog.save' : 'customFields.dialog.create')}
      onClose={onClose}
    >
      <FormTextField control={control} name="name" label={t('customFields.dialog.name')} required autoFocus />
      <FormTextField
        control={control}
        name="key"
        label={t('customFields.dialog.key')}
        required
        disabled={editing}
        helperText={t(editing ? 'customFields.dialog.keyFixed' : 'customFields.dialog.keyHint')}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', autoCorrect: 'off' } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="entity"
          label={t('customFields.dialog.entity')}
          select
          disabled={editing}
        >
          {customFieldEntities.map((entity) => (
            <MenuItem key={entity} value={entity}>
              {t(`customFields.entities.${entity}`)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={control} name="type" label={t('customFields.dialog.type')} select>
          {customFieldTypes.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`customFields.types.${value}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>
      {type === 'select' && (
        <FormTextField
          control={control}
          name="options"
          label={t('customFields.dialog.options')}
          helperText={t('customFields.dialog.optionsHint')}
          multiline
          minRows={3}
          maxRows={10}
        />
      )}
      <Controller
        control={control}
        name="required"
        render={({ field: { value, onChange, ref, name } }) => (
          <FormControlLabel
            control={
              <Switch
                name={name}
                checked={value}
                inputRef={ref}
                onChange={(event) => onChange(event.target.checked)}
              />
            }
            label={t('customFields.dialog.requiredLabel')}
          />
        )}
      />
    </FormDialog>
  );
}
