import { forgetLanguagePreference } from '../app/i18n.ts';
import { queryClient } from '../app/query-client.ts';
import { revokeAccessToken } from './access-tokens.ts';
import { disconnectOnLogOut } from '../features/vpn/connector-client.ts';
import { clearSession, getSession } from './session.ts';

/** Revokes the token when the server can be reached; the local session ends either way. */
export async function logOut(): Promise<void> {
  // Spec §4: logging out ends this browser's VPN connection.
  await disconnectOnLogOut();
  const session = getSession();
  if (session) {
    try {
      await revokeAccessToken(session.publicId);
    } catch {
      // An expired or already revoked token, or an unreachable server, must not keep anyone signed in.
    }
  }
  clearSession();
  queryClient.clear();
  // Signed out, the browser's language applies again, as on any login page.
  await forgetLanguagePreference();
}
