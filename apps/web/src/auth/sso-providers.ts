import { useEffect, useState } from 'react';
import type { PublicSsoIdentityProvider } from '@fleetgate/contracts';
import { apiData } from '../api/client.ts';
import { hostHeader } from '../features/branding/branding-state.ts';

/** The typed address is looked up once typing pauses, not on every key. */
const typingPauseMs = 400;

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

/** The domain of a typed e-mail address once it looks complete (`a@b.c`), else null. */
export function emailDomainOf(emailAddress: string): string | null {
  const match = /^[^\s@]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)$/i.exec(emailAddress.trim());
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * The providers for the login form, without a query library: this runs on the first screen,
 * whose code must stay small, and the buttons' own code loads only when there is one to show.
 */
export function useSsoProviders(emailAddress: string): PublicSsoIdentityProvider[] {
  const [byHost, setByHost] = useState<PublicSsoIdentityProvider[]>([]);
  const [byDomain, setByDomain] = useState<PublicSsoIdentityProvider[]>([]);
  useEffect(() => {
    let current = true;
    listSsoProviders(null).then(
      (list) => current && setByHost(list),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  const domain = emailDomainOf(emailAddress);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      if (!domain) return setByDomain([]);
      listSsoProviders(domain).then(
        (list) => current && setByDomain(list),
        () => undefined,
      );
    }, typingPauseMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [domain]);
  const providers = new Map(byHost.map((provider) => [provider.publicId, provider]));
  for (const provider of byDomain) providers.set(provider.publicId, provider);
  return [...providers.values()];
}
