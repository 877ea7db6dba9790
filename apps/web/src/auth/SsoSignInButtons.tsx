import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PublicSsoIdentityProvider } from '@fleetgate/contracts';
import { describeError } from '../api/error-text.ts';
import { safeNextPath } from './guards.ts';
import { startSsoSignIn } from './sso-sign-in.ts';

type SsoSignInButtonsProps = {
  /** The providers of this host's company and of the typed domain (see useSsoProviders). */
  providers: PublicSsoIdentityProvider[];
};

/**
 * "Sign in with …": starts the sign-in at the provider (this tab keeps its binding) and sends the
 * browser there.
 */
export function SsoSignInButtons({ providers }: SsoSignInButtonsProps) {
  const [searchParams] = useSearchParams();
  const start = useMutation({
    mutationFn: (provider: PublicSsoIdentityProvider) =>
      startSsoSignIn(provider.publicId, safeNextPath(searchParams.get('next'))),
    onSuccess: (authorizationUrl) => window.location.assign(authorizationUrl),
  });
  return (
    <SsoSignInButtonsView
      providers={providers}
      pending={start.isPending || start.isSuccess ? start.variables?.publicId : undefined}
      failure={start.isError ? { name: start.variables.name, error: start.error } : undefined}
      onChoose={(provider) => start.mutate(provider)}
    />
  );
}

type ViewProps = {
  providers: PublicSsoIdentityProvider[];
  /** The provider whose sign-in is being started (the browser is about to leave). */
  pending: string | undefined;
  failure: { name: string; error: unknown } | undefined;
  onChoose: (provider: PublicSsoIdentityProvider) => void;
};

export function SsoSignInButtonsView({ providers, pending, failure, onChoose }: ViewProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5}>
      <Divider>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('ssoSignIn.or')}
        </Typography>
      </Divider>
      {providers.map((provider) => (
        <Button
          key={provider.publicId}
          variant="outlined"
          size="large"
          loading={pending === provider.publicId}
          disabled={pending !== undefined && pending !== provider.publicId}
          onClick={() => onChoose(provider)}
          startIcon={
            provider.logo ? (
              <img src={provider.logo} alt="" width={22} height={22} style={{ objectFit: 'contain' }} />
            ) : undefined
          }
          sx={{ textTransform: 'none' }}
        >
          {t('ssoSignIn.signInWith', { name: provider.name })}
        </Button>
      ))}
      {failure && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.main' }}>
          {t('ssoSignIn.startFailed', { name: failure.name, error: describeError(t, failure.error) })}
        </Typography>
      )}
    </Stack>
  );
}
