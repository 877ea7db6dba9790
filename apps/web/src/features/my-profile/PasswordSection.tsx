import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { limits } from '@fleetgate/contracts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { PasswordField } from '../../components/form/PasswordField.tsx';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
import { newPasswordSchema } from '../../components/form/field-schemas.ts';
import { useNotify } from '../../components/notify.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { useChangePassword } from './use-account.ts';

const emptyValues = { oldPassword: '', newPassword: '', repeatPassword: '', deleteAccessTokens: false };
type PasswordValues = typeof emptyValues;

/** The password change; "Password changed" shows for 3 s (PASSWORD_CHANGED of the console spec). */
export function PasswordSection() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const change = useChangePassword();
  const schema = useMemo(
    () =>
      z
        .object({
          oldPassword: z.string().min(1, t('form.required')).max(limits.passwordMaxLength),
          newPassword: newPasswordSchema(t),
          repeatPassword: z.string(),
          deleteAccessTokens: z.boolean(),
        })
        .refine((values) => values.repeatPassword === values.newPassword, {
          path: ['repeatPassword'],
          message: t('profileAccount.password.mismatch'),
        }),
    [t],
  );
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: emptyValues });

  const handleValid = async ({ oldPassword, newPassword, deleteAccessTokens }: PasswordValues) => {
    try {
      await change.mutateAsync({ oldPassword, newPassword, deleteAccessTokens });
      reset(emptyValues);
      notify(t('profileAccount.password.changed'), { durationMs: 3000, key: 'password' });
    } catch (error) {
      applyApiErrors(error, setError, t, { fields: ['oldPassword', 'newPassword'] });
    }
  };

  return (
    <ProfileSection
      id="password"
      title={t('profileAccount.password.title')}
      hint={t('profileAccount.password.hint')}
    >
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={handleSubmit(handleValid)}
        sx={{ maxWidth: 400 }}
      >
        <FormAlert message={errors.root?.server?.message} />
        {/* Lets password managers tie the new password to the account. */}
        <input type="hidden" name="username" autoComplete="username" />
        <PasswordField
          control={control}
          name="oldPassword"
          label={t('profileAccount.password.oldPassword')}
          autoComplete="current-password"
        />
        <PasswordField
          control={control}
          name="newPassword"
          label={t('profileAccount.password.newPassword')}
          autoComplete="new-password"
          helperText={t('profileAccount.password.newPasswordHint', { min: limits.passwordMinLength })}
        />
        <PasswordField
          control={control}
          name="repeatPassword"
          label={t('profileAccount.password.repeatPassword')}
          autoComplete="new-password"
        />
        <Controller
          control={control}
          name="deleteAccessTokens"
          render={({ field }) => (
            <FormControlLabel
              label={t('profileAccount.password.signOutOthers')}
              control={
                <Checkbox
                  name={field.name}
                  checked={field.value}
                  inputRef={field.ref}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                />
              }
            />
          )}
        />
        <Button type="submit" variant="contained" loading={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
          {t('profileAccount.password.submit')}
        </Button>
      </Stack>
    </ProfileSection>
  );
}
