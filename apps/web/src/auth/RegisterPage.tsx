import { useState } from 'react';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { RegistrationInput } from '@fleetgate/contracts';
import { CenteredLayout } from '../components/CenteredLayout.tsx';
import { FormHeading } from '../components/form/FormHeading.tsx';
import { AuthSwitchLink } from './AuthSwitchLink.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import { useRegister } from './use-register.ts';

/**
 * The account is created only from the link mailed to the address, so the answer never tells
 * whether the address already has an account: every registration ends on "check your e-mail".
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const register = useRegister();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const handleSubmit = async (values: RegistrationInput) => {
    await register.mutateAsync(values);
    setSentTo(values.emailAddress);
  };

  return (
    <CenteredLayout>
      {sentTo === null ? (
        <RegisterForm onSubmit={handleSubmit} />
      ) : (
        <Stack spacing={2.5}>
          <FormHeading
            title={t('register.checkMailTitle')}
            subtitle={t('register.checkMailText', { email: sentTo })}
          />
          <AuthSwitchLink
            question={t('register.haveAccount')}
            linkText={t('register.loginLink')}
            to="/login"
          />
        </Stack>
      )}
    </CenteredLayout>
  );
}
