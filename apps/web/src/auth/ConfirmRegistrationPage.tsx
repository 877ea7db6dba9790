import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import { CenteredLayout } from '../components/CenteredLayout.tsx';
import { FormHeading } from '../components/form/FormHeading.tsx';
import { useConfirmRegistration } from './use-register.ts';

/**
 * Opened from the registration e-mail (`/register/confirm#<token>`). The token sits in the
 * fragment, which reaches no server log; the account is created only when the person clicks,
 * so mail scanners that fetch links create nothing.
 */
export function ConfirmRegistrationPage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const confirm = useConfirmRegistration();
  const token = hash.replace(/^#/, '');

  const handleConfirm = () => {
    confirm.mutate(token);
  };

  if (confirm.isSuccess)
    return (
      <CenteredLayout>
        <Stack spacing={2.5}>
          <FormHeading title={t('register.confirmedTitle')} subtitle={t('register.confirmedText')} />
          <Button component={RouterLink} to="/login" variant="contained" size="large">
            {t('register.loginLink')}
          </Button>
        </Stack>
      </CenteredLayout>
    );

  const failure =
    confirm.error instanceof ApiError && confirm.error.status === 409
      ? t('register.confirmTaken')
      : confirm.isError || token === ''
        ? t('register.confirmFailed')
        : undefined;
  return (
    <CenteredLayout>
      <Stack spacing={2.5}>
        <FormHeading title={t('register.confirmTitle')} subtitle={t('register.confirmSubtitle')} />
        {failure && (
          <Alert severity="error" role="alert" variant="outlined">
            {failure}
          </Alert>
        )}
        <Button
          variant="contained"
          size="large"
          loading={confirm.isPending}
          disabled={token === '' || confirm.isError}
          onClick={handleConfirm}
        >
          {t('register.confirmSubmit')}
        </Button>
      </Stack>
    </CenteredLayout>
  );
}
