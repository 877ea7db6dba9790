import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorMessages, limits } from '@fleetgate/contracts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormHeading } from '../../components/form/FormHeading.tsx';
import { PasswordField } from '../../components/form/PasswordField.tsx';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
import { newPasswordSchema } from '../../components/form/field-schemas.ts';

type NewPasswordValues = { newPassword: string; repeatPassword: string };

/** The new password, twice. Rejects with the ApiError of a failed attempt. */
export function NewPasswordForm({ onSubmit }: { onSubmit: (newPassword: string) => Promise<void> }) {
  const { t } = useTranslation();
  const schema = useMemo(
    () =>
      z
        .object({ newPassword: newPasswordSchema(t), repeatPassword: z.string() })
        .refine((values) => values.repeatPassword === values.newPassword, {
          path: ['repeatPassword'],
          message: t('passwordRecovery.reset.mismatch'),
        }),
    [t],
  );
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { newPassword: '', repeatPassword: '' } });

  const handleValid = async (values: NewPasswordValues) => {
    try {
      await onSubmit(values.newPassword);
    } catch (error) {
      // A used or expired link is about the page, not the password: it shows above the form.
      applyApiErrors(error, setError, t, {
        fields: ['newPassword'],
        messageFields: { [errorMessages.passwordTooCommon]: 'newPassword' },
      });
    }
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit(handleValid)}>
      <FormHeading
        title={t('passwordRecovery.reset.title')}
        subtitle={t('passwordRecovery.reset.subtitle')}
      />
      <FormAlert message={errors.root?.server?.message} />
      <PasswordField
        control={control}
        name="newPassword"
        label={t('passwordRecovery.reset.newPassword')}
        autoComplete="new-password"
        helperText={t('passwordRecovery.reset.newPasswordHint', { min: limits.passwordMinLength })}
        autoFocus
      />
      <PasswordField
        control={control}
        name="repeatPassword"
        label={t('passwordRecovery.reset.repeatPassword')}
        autoComplete="new-password"
      />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
        {t('passwordRecovery.reset.submit')}
      </Button>
    </Stack>
  );
}
