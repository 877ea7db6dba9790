import type { SsoAccessToken, SsoAuthorization } from '@fleetgate/contracts';
import { apiData } from '../api/client.ts';
import { sessionSeconds } from './access-tokens.ts';

/**
 * The binding of the sign-in this tab started. Session storage keeps it for this tab only and
 * across the trip to the provider; a callback opened anywhere else has none and is refused.
 */
const bindingKey = 'fleetgate.ssoBinding';

/**
 * Starts a sign-in at a provider: keeps its binding in this tab and answers where to send the
 * browser; `next` comes back with the session.
 */
export async function startSsoSignIn(identityProvider: string, next: string | null) {
  const { authorizationUrl, binding } = await apiData<SsoAuthorization>('SsoAuthorizationList', {
    method: 'POST',
    body: { identityProvider, ...(next ? { next } : {}) },
    companyScoped: false,
    redirectOnUnauthorized: false,
  });
  // Throws where storage is blocked: better an error here than a sure refusal after the provider.
  sessionStorage.setItem(bindingKey, binding);
  return authorizationUrl;
}

/** Exchanges what the provider sent to /sso-callback, with this tab's binding, for a session. */
export function finishSsoSignIn(callbackQuery: string) {
  const binding = readBinding();
  return apiData<SsoAccessToken>('SsoAccessTokenList', {
    method: 'POST',
    body: { callbackQuery, ...(binding ? { binding } : {}), expiresIn: sessionSeconds },
    companyScoped: false,
    redirectOnUnauthorized: false,
  });
}

/** The binding, removed as it is read: the server takes each sign-in once anyway. */
function readBinding(): string | null {
  try {
    const binding = sessionStorage.getItem(bindingKey);
    sessionStorage.removeItem(bindingKey);
    return binding;
  } catch {
    return null;
  }
}
