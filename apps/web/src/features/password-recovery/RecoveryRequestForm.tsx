import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormHeading } from '../../components/form/FormHeading.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
import { emailAddressSchema } from '../../components/form/field-schemas.ts';

type RequestValues = { emailAddress: string };

/** The e-mail address to send the link to. Rejects with the ApiError of a failed request. */
export function RecoveryRequestForm({ onSubmit }: { onSubmit: (values: RequestValues) => Promise<void> }) {
  const { t } = useTranslation();
  const schema = useMemo(() => z.object({ emailAddress: emailAddressSchema(t) }), [t]);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { emailAddress: '' } });

  const handleValid = async (values: RequestValues) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyApiErrors(error, setError, t, { fields: ['emailAddress'] });
    }
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit(handleValid)}>
      <FormHeading
        title={t('passwordRecovery.request.title')}
        subtitle={t('passwordRecovery.request.subtitle')}
      />
      <FormAlert message={errors.root?.server?.message} />
      <FormTextField
        control={control}
        name="emailAddress"
        label={t('passwordRecovery.request.email')}
        type="email"
        autoComplete="username"
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
        {t('passwordRecovery.request.submit')}
      </Button>
    </Stack>
  );
}
