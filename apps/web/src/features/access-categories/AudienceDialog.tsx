import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { audienceDescriptionMaxLength, type Audience } from '@fleetgate/contracts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
import { nameSchema } from '../../components/form/field-schemas.ts';
import type { AudienceValues } from './use-audiences.ts';

type AudienceForm = { name: string; description: string };

type AudienceDialogProps = {
  open: boolean;
  /** The access category to edit; none to add one. */
  audience: Audience | null;
  /** Rejects with the ApiError of a failed attempt. */
  onSubmit: (values: AudienceValues) => Promise<void>;
  onClose: () => void;
};

export function AudienceDialog({ open, audience, onSubmit, onClose }: AudienceDialogProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const schema = useMemo(
    () =>
      z.object({
        name: nameSchema(t),
        description: z
          .string()
          .trim()
          .max(audienceDescriptionMaxLength, t('form.maxLength', { count: audienceDescriptionMaxLength })),
      }),
    [t],
  );
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty, isValid },
  } = useForm<AudienceForm>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { name: audience?.name ?? '', description: audience?.description ?? '' },
  });

  const handleValid = async (values: AudienceForm) => {
    try {
      await onSubmit({ name: values.name, description: values.description || null });
    } catch (error) {
      applyApiErrors(error, setError, t, { fields: ['name', 'description'] });
    }
  };

  const handleClose = () => {
    if (!isSubmitting) onClose();
  };

  return (
    <Dialog open={open} onClose={handleClose} fullScreen={fullScreen} fullWidth maxWidth="sm">
      <Stack component="form" noValidate onSubmit={handleSubmit(handleValid)} sx={{ height: '100%' }}>
        <DialogTitle>
          {audience ? t('accessCategories.editTitle') : t('accessCategories.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <FormAlert message={errors.root?.server?.message} />
            <FormTextField
              control={control}
              name="name"
              label={t('accessCategories.name')}
              required
              autoFocus
            />
            <FormTextField
              control={control}
              name="description"
              label={t('accessCategories.description')}
              helperText={t('accessCategories.descriptionHint')}
              multiline
              minRows={3}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, mt: 'auto' }}>
          <Button onClick={handleClose}>{t('accessCategories.cancel')}</Button>
          <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty || !isValid}>
            {audience ? t('accessCategories.save') : t('accessCategories.create')}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
