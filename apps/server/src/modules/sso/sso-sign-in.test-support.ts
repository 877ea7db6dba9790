import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { SsoAuthorization, SsoIdentityProvider } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { startTestOidcProvider, type TestOidcProvider } from './sso.test-support.ts';

export type As = { token: string; company: string };

/**
 * A test server that reaches loopback (where the OpenID provider listens), the provider itself and
 * the steps of a sign-in as the browser makes them. Each test file gets its own server, so the
 * sign-in rate limit per address counts each file's sign-ins only.
 */
export function useSsoSignInKit() {
  process.env.FLEETGATE_SECRET_KEY ??= randomBytes(32).toString('base64');
  const t = useTestServer({ config: { outboundAllowPrivate: true } });
  let provider: TestOidcProvider | undefined;
  beforeAll(async () => {
    provider = await startTestOidcProvider(`${t.server.config.publicUrl}/sso-callback`);
  });
  afterAll(async () => {
    await provider?.close();
  });
  const idp = () => provider!;

  async function companyWithProvider(allowedDomains = ['example.com']) {
    const company = await t.newCompany();
    const as: As = { token: company.admin.token, company: company.publicId };
    const created = await t.call('POST', 'CompanySsoIdentityProviderList', {
      ...as,
      body: {
        name: 'Test IdP',
        issuerUrl: idp().issuer,
        clientId: idp().clientId,
        clientSecret: idp().clientSecret,
        allowedDomains,
      },
    });
    expect(created.status).toBe(201);
    return { company, as, provider: created.body.data as SsoIdentityProvider };
  }

  /** Starts a sign-in as a browser would: the URL to go to and the binding it keeps. */
  async function authorize(providerPublicId: string, next?: string) {
    const response = await t.call('POST', 'SsoAuthorizationList', {
      body: { identityProvider: providerPublicId, ...(next ? { next } : {}) },
    });
    expect(response.status).toBe(201);
    return response.body.data as SsoAuthorization;
  }

  function finish(callbackQuery: string, binding: string | undefined) {
    return t.call('POST', 'SsoAccessTokenList', {
      body: { callbackQuery, ...(binding === undefined ? {} : { binding }), expiresIn: 3600 },
    });
  }

  async function signInThrough(providerPublicId: string, subject: string, next?: string) {
    const { authorizationUrl, binding } = await authorize(providerPublicId, next);
    return finish(await idp().signIn(authorizationUrl, subject), binding);
  }

  async function ssoTokensOf(userId: number) {
    return t.server.db
      .selectFrom('access_tokens')
      .select(['public_id', 'sso_company_id'])
      .where('user_id', '=', userId)
      .where('auth_method', '=', 'sso')
      .execute();
  }

  async function companyIdOf(publicId: string) {
    const row = await t.server.db
      .selectFrom('companies')
      .select('id')
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function userIdOf(emailAddress: string) {
    const row = await t.server.db
      .selectFrom('users')
      .select('id')
      .where('email_address', '=', emailAddress)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function eventsOf(userId: number | null, email?: string) {
    let query = t.server.db
      .selectFrom('sign_in_events')
      .select(['kind', 'outcome', 'detail', 'attempted_email_address']);
    query =
      userId === null
        ? query.where('attempted_email_address', '=', email!)
        : query.where('user_id', '=', userId);
    return query.orderBy('id').execute();
  }

  return {
    t,
    idp,
    companyWithProvider,
    authorize,
    finish,
    signInThrough,
    ssoTokensOf,
    companyIdOf,
    userIdOf,
    eventsOf,
  };
}
