import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
import { nameSchema } from '../../components/form/field-schemas.ts';

type CreateCompanyFormProps = {
  /** Rejects with the ApiError of a failed attempt. */
  onSubmit: (values: { name: string }) => Promise<void>;
};

export function CreateCompanyForm({ onSubmit }: CreateCompanyFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => z.object({ name: nameSchema(t) }), [t]);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { name: '' } });

  const handleValid = async (values: { name: string }) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyApiErrors(error, setError, t, { fields: ['name'] });
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(handleValid)}>
      <Stack spacing={0.5}>
        <Typography variant="h6" component="h2">
          {t('companies.createTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('companies.createHint')}
        </Typography>
      </Stack>
      <FormAlert message={errors.root?.server?.message} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <FormTextField
          control={control}
          name="name"
          label={t('companies.name')}
          autoComplete="organization"
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={isSubmitting}
          sx={{ flexShrink: 0, minHeight: 56 }}
        >
          {t('companies.createSubmit')}
        </Button>
      </Stack>
    </Stack>
  );
}
