import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AccessToken, MyUser } from '@fleetgate/contracts';
import { apiData } from '../api/client.ts';
import { applyLanguagePreference } from '../app/i18n.ts';
import { createAccessToken, type Credentials } from './access-tokens.ts';
import { clearSession, setSession } from './session.ts';
import { storeTrustedDevice } from './trusted-device.ts';

/**
 * Starts a fresh session with a new access token, however it was made (password, passkey):
 * nothing of a previous session's cache survives, and the user's own language applies at once.
 */
export async function startSession(queryClient: QueryClient, token: AccessToken) {
  clearSession();
  queryClient.clear();
  setSession(token);
  // The user's own language from the first screen after login, whichever browser this is.
  const user = await apiData<MyUser>('MyUser', { companyScoped: false }).catch(() => null);
  if (user) await applyLanguagePreference(user.language);
}

/** Exchanges credentials for an access token and starts a fresh session with it. */
export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => createAccessToken(credentials),
    onSuccess: async (token, credentials) => {
      if (token.trustedDevice) storeTrustedDevice(credentials.emailAddress, token.trustedDevice.secretId);
      await startSession(queryClient, token);
    },
  });
}
