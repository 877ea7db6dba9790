import type { PublicSsoIdentityProvider, SsoAccessToken, SsoAuthorization } from '@fleetgate/contracts';
import { apiData } from '../api/client.ts';
import { hostHeader } from '../features/branding/branding-state.ts';
import { sessionSeconds } from './access-tokens.ts';

/**
 * The identity providers the login page offers: those of the company whose branding claims this
 * host, or, once an e-mail address is typed, those that vouch for its domain.
 */
export function listSsoProviders(emailDomain: string | null) {
  return apiData<PublicSsoIdentityProvider[]>('SsoIdentityProviderList', {
    query: emailDomain ? { emailDomain } : {},
    headers: { [hostHeader]: window.location.hostname },
    companyScoped: false,
    redirectOnUnauthorized: false,
    // The buttons are an extra: the login form stays usable when the list cannot be had.
    redirectOnUnavailable: false,
  });
}

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

/** The domain of a typed e-mail address once it looks complete (`a@b.c`), else null. */
export function emailDomainOf(emailAddress: string): string | null {
  const match = /^[^\s@]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)$/i.exec(emailAddress.trim());
  return match ? match[1]!.toLowerCase() : null;
}
