import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { describeError } from '../../api/error-text.ts';
import { getSession } from '../../auth/session.ts';
import { CenteredLayout } from '../../components/CenteredLayout.tsx';
import { FormHeading } from '../../components/form/FormHeading.tsx';
import { useConfirmEmailAddress } from './use-account.ts';

/**
 * Opened from the link mailed to the new address (`/my-profile/confirm-email?token=`), signed
 * in or not. The address changes only when the person clicks, so mail scanners that fetch
 * links change nothing.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmailAddress();
  const next = getSession()
    ? { to: '/my-profile', label: t('profileAccount.confirmEmail.goToProfile') }
    : { to: '/login', label: t('profileAccount.confirmEmail.goToLogin') };

  if (confirm.isSuccess)
    return (
      <CenteredLayout>
        <Stack spacing={2.5}>
          <FormHeading
            title={t('profileAccount.confirmEmail.doneTitle')}
            subtitle={t('profileAccount.confirmEmail.done', { email: confirm.data.emailAddress })}
          />
          <Button component={RouterLink} to={next.to} variant="contained" size="large">
            {next.label}
          </Button>
        </Stack>
      </CenteredLayout>
    );

  const failure =
    token === ''
      ? t('profileAccount.confirmEmail.missing')
      : confirm.error instanceof ApiError && confirm.error.status === 409
        ? t('profileAccount.confirmEmail.taken')
        : confirm.isError
          ? describeError(t, confirm.error)
          : undefined;
  return (
    <CenteredLayout>
      <Stack spacing={2.5}>
        <FormHeading
          title={t('profileAccount.confirmEmail.title')}
          subtitle={t('profileAccount.confirmEmail.subtitle')}
        />
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
          onClick={() => confirm.mutate(token)}
        >
          {t('profileAccount.confirmEmail.submit')}
        </Button>
        {confirm.isError && (
          <Button component={RouterLink} to={next.to}>
            {next.label}
          </Button>
        )}
      </Stack>
    </CenteredLayout>
  );
}
