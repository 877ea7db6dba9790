import { useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { CenteredLayout } from '../../components/CenteredLayout.tsx';
import { FormHeading } from '../../components/form/FormHeading.tsx';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import { RecoveryRequestForm } from './RecoveryRequestForm.tsx';
import { useConfirmRecovery, useRequestRecovery } from './use-password-recovery.ts';

/**
 * `/recover`, before sign-in: without a token, asks for the address and always ends on the same
 * "if an account exists" note; with `?token=` from the e-mail, sets the new password.
 */
export function PasswordRecoveryPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return <CenteredLayout>{token ? <SetNewPassword token={token} /> : <RequestLink />}</CenteredLayout>;
}

function RequestLink() {
  const { t } = useTranslation();
  const request = useRequestRecovery();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const handleSubmit = async (values: { emailAddress: string }) => {
    await request.mutateAsync(values);
    setSentTo(values.emailAddress);
  };

  if (sentTo !== null)
    return (
      <Stack spacing={2.5}>
        <FormHeading
          title={t('passwordRecovery.request.sentTitle')}
          subtitle={t('passwordRecovery.request.sent', { email: sentTo })}
        />
        <BackToLogin />
      </Stack>
    );
  return (
    <Stack spacing={2.5}>
      <RecoveryRequestForm onSubmit={handleSubmit} />
      <BackToLogin />
    </Stack>
  );
}

function SetNewPassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmRecovery();

  const handleSubmit = async (newPassword: string) => {
    await confirm.mutateAsync({ token, newPassword });
  };

  if (confirm.isSuccess)
    return (
      <Stack spacing={2.5}>
        <FormHeading
          title={t('passwordRecovery.reset.doneTitle')}
          subtitle={t('passwordRecovery.reset.done')}
        />
        <Button component={RouterLink} to="/login" variant="contained" size="large">
          {t('passwordRecovery.loginLink')}
        </Button>
      </Stack>
    );
  return (
    <Stack spacing={2.5}>
      <NewPasswordForm onSubmit={handleSubmit} />
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to="/recover" underline="hover">
          {t('passwordRecovery.reset.requestAgain')}
        </Link>
      </Typography>
      <BackToLogin />
    </Stack>
  );
}

function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" sx={{ textAlign: 'center' }}>
      <Link component={RouterLink} to="/login" underline="hover" sx={{ fontWeight: 600 }}>
        {t('passwordRecovery.backToLogin')}
      </Link>
    </Typography>
  );
}
