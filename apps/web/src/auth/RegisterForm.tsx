import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { limits, type RegistrationInput } from '@fleetgate/contracts';
import { FormAlert } from '../components/form/FormAlert.tsx';
import { FormTextField } from '../components/form/FormTextField.tsx';
import { PasswordField } from '../components/form/PasswordField.tsx';
import { applyApiErrors } from '../components/form/apply-api-errors.ts';
import { AuthSwitchLink } from './AuthSwitchLink.tsx';
import { FormHeading } from '../components/form/FormHeading.tsx';
import { emailAddressSchema, nameSchema, newPasswordSchema } from '../components/form/field-schemas.ts';

type RegisterFormProps = {
  /** Rejects with the ApiError of a failed attempt. */
  onSubmit: (values: RegistrationInput) => Promise<void>;
};

export function RegisterForm({ onSubmit }: RegisterFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(
    () =>
      z.object({ name: nameSchema(t), emailAddress: emailAddressSchema(t), password: newPasswordSchema(t) }),
    [t],
  );
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { name: '', emailAddress: '', password: '' } });

  const handleValid = async (values: RegistrationInput) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyApiErrors(error, setError, t, { fields: ['name', 'emailAddress', 'password'] });
    }
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit(handleValid)}>
      <FormHeading title={t('register.title')} subtitle={t('register.subtitle')} />
      <FormAlert message={errors.root?.server?.message} />
      <FormTextField control={control} name="name" label={t('register.name')} autoComplete="name" autoFocus />
      <FormTextField
        control={control}
        name="emailAddress"
        label={t('register.email')}
        type="email"
        autoComplete="email"
      />
      <PasswordField
        control={control}
        name="password"
        label={t('register.password')}
        autoComplete="new-password"
        helperText={t('register.passwordHint', { min: limits.passwordMinLength })}
      />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
        {t('register.submit')}
      </Button>
      <AuthSwitchLink question={t('register.haveAccount')} linkText={t('register.loginLink')} to="/login" />
    </Stack>
  );
}
