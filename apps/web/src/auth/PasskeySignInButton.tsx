import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AccessToken, PasskeyCeremony } from '@fleetgate/contracts';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiData } from '../api/client.ts';
import { FormAlert } from '../components/form/FormAlert.tsx';
import { sessionSeconds } from './access-tokens.ts';
import { passkeyErrorText } from './passkey-errors.ts';
import { startSession } from './use-log-in.ts';

type PasskeySignInButtonProps = {
  /** Called once the session has started (as after a password sign-in). */
  onSignedIn: () => void;
};

/**
 * "Sign in with a passkey": the browser offers the discoverable passkeys it holds for this
 * site, and the one chosen signs in without a password (it is two factors by itself). The
 * WebAuthn client loads only on the click, so the login page stays small.
 */
export function PasskeySignInButton({ onSignedIn }: PasskeySignInButtonProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const handleClick = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const [{ startAuthentication }, ceremony] = await Promise.all([
        import('@simplewebauthn/browser'),
        apiData<PasskeyCeremony<PublicKeyCredentialRequestOptionsJSON>>('PasskeyAuthenticationOptions', {
          method: 'POST',
          body: {},
          companyScoped: false,
          redirectOnUnauthorized: false,
        }),
      ]);
      const response = await startAuthentication({ optionsJSON: ceremony.options });
      const token = await apiData<AccessToken>('PasskeyAccessTokenList', {
        method: 'POST',
        body: { challengeId: ceremony.challengeId, response, expiresIn: sessionSeconds },
        companyScoped: false,
        redirectOnUnauthorized: false,
      });
      await startSession(queryClient, token);
      onSignedIn();
    } catch (failure) {
      setError(passkeyErrorText(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1.5}>
      <FormAlert message={error} />
      <Button variant="outlined" size="large" loading={busy} onClick={() => void handleClick()}>
        {t('passkeySignIn.button')}
      </Button>
    </Stack>
  );
}
