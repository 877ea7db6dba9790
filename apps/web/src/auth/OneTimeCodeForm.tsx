import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorMessages } from '@fleetgate/contracts';
import { FormAlert } from '../components/form/FormAlert.tsx';
import { FormTextField } from '../components/form/FormTextField.tsx';
import { applyApiErrors } from '../components/form/apply-api-errors.ts';
import { FormHeading } from '../components/form/FormHeading.tsx';

type OneTimeCodeFormProps = {
  emailAddress: string;
  onSubmit: (oneTimePassword: string) => Promise<void>;
  onBack: () => void;
};

export function OneTimeCodeForm({ emailAddress, onSubmit, onBack }: OneTimeCodeFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(
    () =>
      z.object({
        oneTimePassword: z
          .string()
          .trim()
          .regex(/^\d{6}$/, t('form.otp')),
      }),
    [t],
  );
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { oneTimePassword: '' } });

  const handleValid = async ({ oneTimePassword }: { oneTimePassword: string }) => {
    try {
      await onSubmit(oneTimePassword);
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

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit(handleValid)}>
      <FormHeading title={t('login.otpTitle')} subtitle={t('login.otpHint', { email: emailAddress })} />
      <FormAlert message={errors.root?.server?.message} />
      <FormTextField
        control={control}
        name="oneTimePassword"
        label={t('login.otpLabel')}
        autoComplete="one-time-code"
        autoFocus
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' } }}
      />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
        {t('login.otpSubmit')}
      </Button>
      <Button variant="text" onClick={onBack}>
        {t('login.otpBack')}
      </Button>
    </Stack>
  );
}
