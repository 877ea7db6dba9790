import { useMemo, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorMessages, recoveryCodePattern } from '@fleetgate/contracts';
import { FormAlert } from '../components/form/FormAlert.tsx';
import { FormTextField } from '../components/form/FormTextField.tsx';
import { applyApiErrors } from '../components/form/apply-api-errors.ts';
import { FormHeading } from '../components/form/FormHeading.tsx';

export type CodeStepValues = { oneTimePassword: string; trustDevice: boolean };

type OneTimeCodeFormProps = {
  emailAddress: string;
  /** False for an account with passkeys only: then there is no code to type. */
  acceptsCodes: boolean;
  onSubmit: (values: CodeStepValues) => Promise<void>;
  onBack: () => void;
  /** Another way through the step (the passkey button), shown below the code form. */
  alternative?: ReactNode;
};

/** The code step's view: a TOTP code or a recovery code, "trust this browser", and back. */
export function OneTimeCodeForm({
  emailAddress,
  acceptsCodes,
  onSubmit,
  onBack,
  alternative,
}: OneTimeCodeFormProps) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const schema = useMemo(
    () =>
      z.object({
        oneTimePassword: recovery
          ? z.string().trim().regex(recoveryCodePattern, t('twoFactorAuth.recoveryCodeInvalid'))
          : z
              .string()
              .trim()
              .regex(/^\d{6}$/, t('form.otp')),
        trustDevice: z.boolean(),
      }),
    [recovery, t],
  );
  const {
    control,
    handleSubmit,
    setError,
    register,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<CodeStepValues>({
    resolver: zodResolver(schema),
    defaultValues: { oneTimePassword: '', trustDevice: false },
  });

  const handleValid = async (values: CodeStepValues) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyApiErrors(error, setError, t, {
        fields: ['oneTimePassword'],
        messageFields: {
          [errorMessages.otpFailed]: 'oneTimePassword',
          [errorMessages.otpRequired]: 'oneTimePassword',
        },
      });
    }
  };

  const handleRecoveryChange = (_event: unknown, checked: boolean) => {
    setRecovery(checked);
    resetField('oneTimePassword');
  };

  return (
    <Stack spacing={2.5}>
      <FormHeading
        title={t('login.otpTitle')}
        subtitle={
          acceptsCodes
            ? recovery
              ? t('twoFactorAuth.recoveryHint', { email: emailAddress })
              : t('login.otpHint', { email: emailAddress })
            : t('twoFactorAuth.passkeyHint', { email: emailAddress })
        }
      />
      {acceptsCodes && (
        <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(handleValid)}>
          <FormAlert message={errors.root?.server?.message} />
          <FormTextField
            key={recovery ? 'recovery' : 'totp'}
            control={control}
            name="oneTimePassword"
            label={recovery ? t('twoFactorAuth.recoveryCodeLabel') : t('login.otpLabel')}
            autoComplete={recovery ? 'off' : 'one-time-code'}
            autoFocus
            slotProps={{
              htmlInput: recovery
                ? { maxLength: 11, spellCheck: false, autoCapitalize: 'none' }
                : { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' },
            }}
          />
          <FormControlLabel
            control={<Switch checked={recovery} onChange={handleRecoveryChange} />}
            label={t('twoFactorAuth.useRecoveryCode')}
          />
          <FormControlLabel
            control={<Checkbox {...register('trustDevice')} />}
            label={t('twoFactorAuth.trustDevice')}
          />
          <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
            {t('login.otpSubmit')}
          </Button>
        </Stack>
      )}
      {alternative}
      <Button variant="text" onClick={onBack}>
        {t('login.otpBack')}
      </Button>
    </Stack>
  );
}
