import type { QueryClient } from '@tanstack/react-query';
import type { AccessToken, PasskeyCeremony } from '@fleetgate/contracts';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiData } from '../api/client.ts';
import { sessionSeconds } from './access-tokens.ts';
import { startSession } from './use-log-in.ts';

export { passkeyErrorText } from './passkey-errors.ts';

/**
 * The passkey sign-in ceremony: the server's options, the browser's prompt, the token, and a
 * fresh session exactly as after a password. Loaded on the button's click, with the WebAuthn
 * client, so none of it weighs on the login page's first load.
 */
export async function signInWithPasskey(queryClient: QueryClient): Promise<void> {
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
}
