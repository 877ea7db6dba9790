import { limits, type AccessToken } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';

/**
 * Where the link may lead after signing in: a path on this site only. `//host` and `/\host`
 * would be read by the browser as another origin, so anything that resolves elsewhere is refused.
 */
export function safeRedirect(raw: string | null, origin: string): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

export type JumpStartParams = { token: string | null; company: string | null; redirect: string | null };

export function readJumpStartParams(search: string, origin: string): JumpStartParams {
  const params = new URLSearchParams(search);
  const company = params.get('company');
  return {
    token: params.get('token') || null,
    company: company && /^[0-9a-z]{12}$/.test(company) ? company : null,
    redirect: safeRedirect(params.get('redirect'), origin),
  };
}

export function jumpStartLinkOf(
  origin: string,
  token: string,
  company: string | null,
  redirect: string,
): string {
  const url = new URL('/jump-start', origin);
  url.searchParams.set('token', token);
  if (company) url.searchParams.set('company', company);
  url.searchParams.set('redirect', redirect);
  return url.toString();
}

/** A 60-second token of the signed-in user, which the server only lets be exchanged once. */
export async function createJumpStartLink(origin: string, company: string | null, redirect: string) {
  const token = await apiData<AccessToken>('AccessTokenList', {
    method: 'POST',
    body: { expiresIn: limits.jumpStartLinkSeconds },
    companyScoped: false,
  });
  return { link: jumpStartLinkOf(origin, token.secretId, company, redirect), expiresOn: token.expiresOn };
}

const exchanges = new Map<string, Promise<AccessToken>>();

/**
 * Swaps the link's token for a 30-day session. The token burns on first use, so a second
 * call for the same token (React's development double effects, a re-render) shares the first.
 */
export function exchangeJumpStartToken(token: string): Promise<AccessToken> {
  let exchange = exchanges.get(token);
  if (!exchange) {
    exchange = apiData<AccessToken>('AccessTokenList', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: { expiresIn: limits.jumpStartSessionSeconds },
      companyScoped: false,
      redirectOnUnauthorized: false,
    });
    exchanges.set(token, exchange);
  }
  return exchange;
}
