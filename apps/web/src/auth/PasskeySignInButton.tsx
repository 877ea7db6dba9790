import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../components/form/FormAlert.tsx';

type PasskeySignInButtonProps = {
  /** Called once the session has started (as after a password sign-in). */
  onSignedIn: () => void;
};

/**
 * "Sign in with a passkey": the browser offers the discoverable passkeys it holds for this
 * site, and the one chosen signs in without a password (it is two factors by itself). The
 * ceremony's code and the WebAuthn client load only on the click: the login page stays small.
 */
export function PasskeySignInButton({ onSignedIn }: PasskeySignInButtonProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const handleClick = async () => {
    setBusy(true);
    setError(undefined);
    // Until the ceremony's code has loaded, a failure (no network) can only be said generally.
    let describe = (_failure: unknown) => t('passkeySignIn.failed');
    try {
      const { signInWithPasskey, passkeyErrorText } = await import('./passkey-sign-in.ts');
      describe = (failure) => passkeyErrorText(t, failure);
      await signInWithPasskey(queryClient);
      onSignedIn();
    } catch (failure) {
      setError(describe(failure));
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
