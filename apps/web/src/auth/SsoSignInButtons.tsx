import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PublicSsoIdentityProvider } from '@fleetgate/contracts';
import { describeError } from '../api/error-text.ts';
import { safeNextPath } from './guards.ts';
import { emailDomainOf, listSsoProviders, startSsoSignIn } from './sso-sign-in.ts';

/** The typed address is looked up once typing pauses, not on every key. */
const typingPauseMs = 400;

type SsoSignInButtonsProps = {
  /** The address typed into the login form: its domain may name more providers. */
  emailAddress: string;
};

/** "Sign in with …" for the identity providers of this host's company and of the typed domain. */
export function SsoSignInButtons({ emailAddress }: SsoSignInButtonsProps) {
  const [domain, setDomain] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setDomain(emailDomainOf(emailAddress)), typingPauseMs);
    return () => clearTimeout(timer);
  }, [emailAddress]);
  const byHost = useQuery({
    queryKey: ['SsoIdentityProviderList', null],
    queryFn: () => listSsoProviders(null),
  });
  const byDomain = useQuery({
    queryKey: ['SsoIdentityProviderList', domain],
    queryFn: () => listSsoProviders(domain),
    enabled: domain !== null,
  });
  const [searchParams] = useSearchParams();
  const start = useMutation({
    mutationFn: (provider: PublicSsoIdentityProvider) =>
      startSsoSignIn(provider.publicId, safeNextPath(searchParams.get('next'))),
    onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
  });

  const providers = new Map<string, PublicSsoIdentityProvider>();
  for (const provider of [...(byHost.data ?? []), ...(domain ? (byDomain.data ?? []) : [])])
    providers.set(provider.publicId, provider);
  return (
    <SsoSignInButtonsView
      providers={[...providers.values()]}
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
  if (providers.length === 0) return null;
  return (
    <Stack spacing={1.5} component="section" aria-label={t('ssoSignIn.or')}>
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
              <Avatar src={provider.logo} alt="" variant="rounded" sx={{ width: 22, height: 22 }} />
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
