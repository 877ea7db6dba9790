import type { SsoAccessToken, SsoAuthorization } from '@fleetgate/contracts';
import { apiData } from '../api/client.ts';
import { sessionSeconds } from './access-tokens.ts';

/** Where to send the browser to sign in at a provider; `next` comes back with the session. */
export function startSsoSignIn(identityProvider: string, next: string | null) {
  return apiData<SsoAuthorization>('SsoAuthorizationList', {
    method: 'POST',
    body: { identityProvider, ...(next ? { next } : {}) },
    companyScoped: false,
    redirectOnUnauthorized: false,
  });
}

/** Exchanges what the provider sent to /sso-callback for a session. */
export function finishSsoSignIn(callbackQuery: string) {
  return apiData<SsoAccessToken>('SsoAccessTokenList', {
    method: 'POST',
    body: { callbackQuery, expiresIn: sessionSeconds },
    companyScoped: false,
    redirectOnUnauthorized: false,
  });
}
