import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { describeError } from '../api/error-text.ts';
import { CenteredLayout } from '../components/CenteredLayout.tsx';
import { companiesQuery } from '../features/companies/use-companies.ts';
import { useSelectCompany } from '../features/companies/use-select-company.ts';
import { safeNextPath } from './guards.ts';
import { finishSsoSignIn } from './sso-sign-in.ts';
import { startSession } from './use-log-in.ts';
import { LoadingIndicator } from '../components/LoadingIndicator.tsx';

/**
 * `/sso-callback`: the identity provider sends the browser here. The query goes to the server
 * once (its state works only once, and only with the binding this tab kept when the sign-in
 * started), the session starts as after a password sign-in, and the user continues where they
 * were going when they chose the provider.
 */
export function SsoCallbackPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const selectCompany = useSelectCompany();
  const [error, setError] = useState<unknown>(null);
  // React runs effects twice in development; a second exchange would be refused as a replay.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = window.location.search.replace(/^\?/, '');
    // The code must not stay in the address bar or the history once used.
    window.history.replaceState(null, '', window.location.pathname);
    void (async () => {
      try {
        const { next, ...token } = await finishSsoSignIn(query);
        await startSession(queryClient, token);
        // As after a password sign-in (use-continue-after-log-in), with the path kept in the state.
        const companies = await queryClient.fetchQuery(companiesQuery());
        const only = companies.length === 1 ? companies[0] : undefined;
        if (only) await selectCompany(only.publicId, safeNextPath(next) ?? '/');
        else await navigate('/my-companies', { replace: true });
      } catch (failure) {
        setError(failure);
      }
    })();
  }, [navigate, queryClient, selectCompany]);

  return (
    <CenteredLayout>
      {error ? (
        <Stack spacing={2.5}>
          <Alert severity="error">
            <AlertTitle>{t('ssoSignIn.failedTitle')}</AlertTitle>
            {describeError(t, error)}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            {t('ssoSignIn.backToLogin')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'center', py: 4 }} role="status">
          <LoadingIndicator decorative label={t('ssoSignIn.finishing')} />
          <Typography>{t('ssoSignIn.finishing')}</Typography>
        </Stack>
      )}
    </CenteredLayout>
  );
}
