import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  customFieldEntities,
  customFieldTypes,
  type CustomField,
  type CustomFieldEntity,
} from '@fleetgate/contracts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
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
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const schema = useMemo(() => customFieldFormSchema(t), [t]);
  const editing = field !== undefined;
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm<CustomFieldFormValues>({
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: formValuesOf(field, defaultEntity),
  });
  const type = useWatch({ control, name: 'type' });

  const handleValid = async (values: CustomFieldFormValues) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyApiErrors(localizeCustomFieldError(error, t), setError, t, { fields: formFields });
    }
  };

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="custom-field-dialog-title"
    >
      <form noValidate onSubmit={handleSubmit(handleValid)}>
        <DialogTitle id="custom-field-dialog-title">
          {t(editing ? 'customFields.dialog.editTitle' : 'customFields.dialog.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormAlert message={errors.root?.server?.message} />
            <FormTextField
              control={control}
              name="name"
              label={t('customFields.dialog.name')}
              required
              autoFocus
            />
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
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('customFields.dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!isDirty || !isValid} loading={isSubmitting}>
            {t(editing ? 'customFields.dialog.save' : 'customFields.dialog.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
