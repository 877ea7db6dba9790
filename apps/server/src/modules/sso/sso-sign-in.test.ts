import { describe, expect, it } from 'vitest';
import type { SsoAccessToken, SsoIdentityProvider } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { useSsoSignInKit } from './sso-sign-in.test-support.ts';

const { t, idp, companyWithProvider, authorize, finish, signInThrough, companyIdOf, userIdOf, eventsOf } =
  useSsoSignInKit();

describe('Sign-in through an OpenID provider', () => {
  it('signs a member in with PKCE, state and nonce, links the subject once and remembers the way back', async () => {
    const { company, provider } = await companyWithProvider();
    const member = await t.newMember(company);
    const subject = idp().addIdentity({ email: member.emailAddress.toUpperCase(), email_verified: true });

    const started = await authorize(provider.publicId, '/agents?view=list');
    const url = new URL(started.authorizationUrl);
    expect(url.origin).toBe(idp().issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.server.config.publicUrl}/sso-callback`);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const state = url.searchParams.get('state')!;
    expect(started.binding).toMatch(/^[\w-]{43}$/);
    expect(url.href).not.toContain(started.binding);
    const stored = await t.server.db
      .selectFrom('sso_logins')
      .select(['state_hash', 'binding_hash'])
      .execute();
    expect(stored.map((row) => row.state_hash)).not.toContain(state);
    expect(stored.map((row) => row.binding_hash)).not.toContain(started.binding);

    const answer = await finish(await idp().signIn(url.href, subject), started.binding);
    expect(answer.status).toBe(201);
    const token = answer.body.data as SsoAccessToken;
    expect(token.next).toBe('/agents?view=list');
    const me = await t.call('GET', 'MyUser', { token: token.secretId });
    expect(me.status).toBe(200);
    expect((me.body.data as { emailAddress: string }).emailAddress).toBe(member.emailAddress);
    const row = await t.server.db
      .selectFrom('access_tokens')
      .select(['auth_method', 'sso_company_id'])
      .where('public_id', '=', token.publicId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ auth_method: 'sso', sso_company_id: await companyIdOf(company.publicId) });

    // The second sign-in finds the user through the link; the link is recorded only once.
    const again = await signInThrough(provider.publicId, subject);
    expect(again.status).toBe(201);
    expect((again.body.data as SsoAccessToken).next).toBeNull();
    const userId = await userIdOf(member.emailAddress);
    const events = (await eventsOf(userId)).filter((e) => e.kind !== 'password');
    expect(events.map((e) => `${e.kind}:${e.outcome}`)).toEqual([
      'ssoLink:success',
      'sso:success',
      'sso:success',
    ]);
    const links = await t.server.db
      .selectFrom('sso_links')
      .select('subject')
      .where('user_id', '=', userId)
      .execute();
    expect(links).toEqual([{ subject }]);
  });

  it('refuses a wrong state, a replayed code and a callback without state', async () => {
    const { company, provider } = await companyWithProvider();
    const member = await t.newMember(company);
    const subject = idp().addIdentity({ email: member.emailAddress, email_verified: true });
    const { authorizationUrl, binding } = await authorize(provider.publicId);
    const query = await idp().signIn(authorizationUrl, subject);

    const tampered = new URLSearchParams(query);
    tampered.set('state', `${tampered.get('state')}x`);
    const wrong = await finish(tampered.toString(), binding);
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toEqual([{ message: 'SSO_STATE_INVALID', propertyName: 'callbackQuery' }]);

    const noState = new URLSearchParams(query);
    noState.delete('state');
    expect((await finish(noState.toString(), binding)).status).toBe(400);

    expect((await finish(query, binding)).status).toBe(201);
    const replayed = await finish(query, binding);
    expect(replayed.status).toBe(400);
    expect(replayed.body.data).toEqual([{ message: 'SSO_STATE_INVALID', propertyName: 'callbackQuery' }]);
  });

  it('refuses a code that was exchanged elsewhere already (the provider answers invalid_grant)', async () => {
    const { company, provider } = await companyWithProvider();
    const member = await t.newMember(company);
    const subject = idp().addIdentity({ email: member.emailAddress, email_verified: true });
    const one = await authorize(provider.publicId);
    const two = await authorize(provider.publicId);
    const first = new URLSearchParams(await idp().signIn(one.authorizationUrl, subject));
    const second = new URLSearchParams(await idp().signIn(two.authorizationUrl, subject));
    // The second attempt's state with the first attempt's code: the state is fresh, the code is not its own.
    expect((await finish(first.toString(), one.binding)).status).toBe(201);
    second.set('code', first.get('code')!);
    const response = await finish(second.toString(), two.binding);
    expect(response.status).toBe(401);
    expect(response.body.data).toEqual([{ message: 'SSO_FAILED' }]);
    const failures = await t.server.db
      .selectFrom('sign_in_events')
      .select('detail')
      .where('kind', '=', 'sso')
      .where('outcome', '=', 'failure')
      .where('detail', '=', 'exchangeFailed')
      .execute();
    expect(failures.length).toBeGreaterThan(0);
  });

  it('refuses an unverified e-mail address', async () => {
    const { company, provider } = await companyWithProvider();
    const member = await t.newMember(company);
    const subject = idp().addIdentity({ email: member.emailAddress, email_verified: false });
    const response = await signInThrough(provider.publicId, subject);
    expect(response.status).toBe(401);
    expect(response.body.data).toEqual([{ message: 'SSO_EMAIL_UNVERIFIED' }]);
    expect(await eventsOf(null, member.emailAddress)).toContainEqual(
      expect.objectContaining({ kind: 'sso', outcome: 'failure', detail: 'unverifiedEmail' }),
    );
    const links = await t.server.db
      .selectFrom('sso_links')
      .select('id')
      .where('subject', '=', subject)
      .execute();
    expect(links).toEqual([]);
  });

  it('refuses a provider of another company: the user is no member of it', async () => {
    const mine = await companyWithProvider();
    const member = await t.newMember(mine.company);
    const theirs = await companyWithProvider();
    const subject = idp().addIdentity({ email: member.emailAddress, email_verified: true });
    const response = await signInThrough(theirs.provider.publicId, subject);
    expect(response.status).toBe(401);
    expect(response.body.data).toEqual([{ message: 'SSO_NOT_MEMBER' }]);
    expect(await eventsOf(await userIdOf(member.emailAddress))).toContainEqual(
      expect.objectContaining({ kind: 'sso', outcome: 'failure', detail: 'notMember' }),
    );
  });

  it('refuses an address outside the allowed domains, and creates no account for unknown people', async () => {
    const { company, provider } = await companyWithProvider(['plant.example.org']);
    const member = await t.newMember(company);
    const outside = idp().addIdentity({ email: member.emailAddress, email_verified: true });
    const refused = await signInThrough(provider.publicId, outside);
    expect(refused.status).toBe(401);
    expect(refused.body.data).toEqual([{ message: 'SSO_DOMAIN_NOT_ALLOWED' }]);

    const stranger = `stranger-${t.unique()}@plant.example.org`;
    const unknown = await signInThrough(
      provider.publicId,
      idp().addIdentity({ email: stranger, email_verified: true }),
    );
    expect(unknown.status).toBe(401);
    expect(unknown.body.data).toEqual([{ message: 'SSO_NOT_MEMBER' }]);
    expect(
      await t.server.db.selectFrom('users').select('id').where('email_address', '=', stranger).execute(),
    ).toEqual([]);
    expect(await eventsOf(null, stranger)).toEqual([
      { kind: 'sso', outcome: 'failure', detail: 'notMember', attempted_email_address: stranger },
    ]);
  });

  it('refuses a subject linked to another account, and a second identity for a linked account', async () => {
    const { company, provider } = await companyWithProvider();
    const first = await t.newMember(company);
    const subject = idp().addIdentity({ email: first.emailAddress, email_verified: true });
    expect((await signInThrough(provider.publicId, subject)).status).toBe(201);
    const impostor = idp().addIdentity({ email: first.emailAddress, email_verified: true });
    const response = await signInThrough(provider.publicId, impostor);
    expect(response.status).toBe(401);
    expect(response.body.data).toEqual([{ message: 'SSO_FAILED' }]);
  });

  it('refuses bad input with 400 and an unknown provider with 404', async () => {
    const cases: [string, unknown, string][] = [
      ['SsoAuthorizationList', {}, 'identityProvider'],
      ['SsoAuthorizationList', { identityProvider: 'BAD' }, 'identityProvider'],
      ['SsoAuthorizationList', { identityProvider: 'abcdefabcdef', next: '//evil.example.com' }, 'next'],
      [
        'SsoAuthorizationList',
        { identityProvider: 'abcdefabcdef', next: 'https://evil.example.com' },
        'next',
      ],
      ['SsoAuthorizationList', { identityProvider: 'abcdefabcdef', next: '/\\evil.example.com' }, 'next'],
      ['SsoAccessTokenList', { callbackQuery: '', expiresIn: 3600 }, 'callbackQuery'],
      ['SsoAccessTokenList', { callbackQuery: 'code=x&state=y', expiresIn: 1 }, 'expiresIn'],
      ['SsoAccessTokenList', { callbackQuery: 'x'.repeat(9000), expiresIn: 3600 }, 'callbackQuery'],
      [
        'SsoAccessTokenList',
        { callbackQuery: 'state=y', binding: 'x'.repeat(129), expiresIn: 3600 },
        'binding',
      ],
      ['SsoAccessTokenList', { callbackQuery: 'state=y', binding: 7, expiresIn: 3600 }, 'binding'],
    ];
    for (const [rel, body, propertyName] of cases) {
      const response = await t.call('POST', rel, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.data).toContainEqual(expect.objectContaining({ propertyName }));
    }
    const unknown = await t.call('POST', 'SsoAuthorizationList', {
      body: { identityProvider: 'abcdefabcdef' },
    });
    expect(unknown.status).toBe(404);
    const odd = await finish('%%%&&&state=%E0%A4%A', undefined);
    expect(odd.status).toBe(400);
  });

  it('refuses a provider that cannot be reached, without a 5xx', async () => {
    const company = await t.newCompany();
    const as = { token: company.admin.token, company: company.publicId };
    const created = await t.call('POST', 'CompanySsoIdentityProviderList', {
      ...as,
      body: {
        name: 'Down',
        issuerUrl: 'http://127.0.0.1:1',
        clientId: 'c',
        clientSecret: 's',
        allowedDomains: ['example.com'],
      },
    });
    const response = await t.call('POST', 'SsoAuthorizationList', {
      body: { identityProvider: (created.body.data as SsoIdentityProvider).publicId },
    });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([
      { message: 'SSO_PROVIDER_UNAVAILABLE', propertyName: 'identityProvider' },
    ]);
  });
});

describe('Outbound guard for SSO discovery', () => {
  const strict = useTestServer({ config: { outboundAllowPrivate: false } });

  it('does not accept http issuers and refuses private targets', async () => {
    const company = await strict.newCompany();
    const as = { token: company.admin.token, company: company.publicId };
    const http = await strict.call('POST', 'CompanySsoIdentityProviderList', {
      ...as,
      body: {
        name: 'Http',
        issuerUrl: 'http://idp.example.com',
        clientId: 'c',
        clientSecret: 's',
        allowedDomains: ['example.com'],
      },
    });
    expect(http.status).toBe(400);
    expect(http.body.data).toEqual([
      { message: 'Only https addresses are allowed', propertyName: 'issuerUrl' },
    ]);
    const loopback = await strict.call('POST', 'CompanySsoIdentityProviderList', {
      ...as,
      body: {
        name: 'Loop',
        issuerUrl: 'https://127.0.0.1:9',
        clientId: 'c',
        clientSecret: 's',
        allowedDomains: ['example.com'],
      },
    });
    expect(loopback.status).toBe(201);
    const response = await strict.call('POST', 'SsoAuthorizationList', {
      body: { identityProvider: (loopback.body.data as SsoIdentityProvider).publicId },
    });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([
      { message: 'SSO_PROVIDER_UNAVAILABLE', propertyName: 'identityProvider' },
    ]);
  });
});
