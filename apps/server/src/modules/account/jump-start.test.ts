import { describe, expect, it } from 'vitest';
import type { AccessToken } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();

const mint = (bearer: string, expiresIn: unknown) =>
  t.call('POST', 'AccessTokenList', { token: bearer, body: { expiresIn } });

async function linkFor(user: { token: string }) {
  const response = await mint(user.token, 60);
  expect(response.status).toBe(201);
  return response.body.data as AccessToken;
}

describe('jump-start (POST AccessTokenList with a bearer token)', () => {
  it('creates a 60 s link token that signs nothing in but buys one 30-day session', async () => {
    const user = await t.newUser();
    // A 60-day sign-in, so the 30-day session is not cut short by it.
    const signIn = await t.call('POST', 'AccessTokenList', {
      headers: { Authorization: t.basic(user.emailAddress, user.password) },
      body: { expiresIn: 5_184_000 },
    });
    const link = await linkFor({ token: (signIn.body.data as AccessToken).secretId });
    expect(link).toEqual({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      secretId: expect.any(String),
      expiresOn: expect.any(String),
    });
    expect(Date.parse(link.expiresOn) - Date.now()).toBeLessThanOrEqual(60_000);
    const stored = await t.server.db
      .selectFrom('access_tokens')
      .select('exchange_only')
      .where('public_id', '=', link.publicId)
      .executeTakeFirstOrThrow();
    expect(stored.exchange_only).toBe(true);

    // The link is no session: it cannot read MyUser or act in a company.
    expect((await t.call('GET', 'MyUser', { token: link.secretId })).status).toBe(401);
    expect((await t.call('GET', 'MessageList', { token: link.secretId })).status).toBe(401);

    const exchanged = await mint(link.secretId, 2_592_000);
    expect(exchanged.status).toBe(201);
    const session = exchanged.body.data as AccessToken;
    expect(Date.parse(session.expiresOn) - Date.now()).toBeGreaterThan(2_592_000_000 - 60_000);
    const me = await t.call('GET', 'MyUser', { token: session.secretId });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ publicId: user.publicId });

    // Single use: the link is gone, a second exchange is refused.
    const again = await mint(link.secretId, 2_592_000);
    expect(again.status).toBe(401);
    const remaining = await t.server.db
      .selectFrom('access_tokens')
      .select('id')
      .where('public_id', '=', link.publicId)
      .execute();
    expect(remaining).toEqual([]);
  });

  it('audits the link, its use and the session', async () => {
    const user = await t.newUser();
    const link = await linkFor(user);
    const session = (await mint(link.secretId, 3600)).body.data as AccessToken;
    const rows = await t.server.db
      .selectFrom('audit_logs')
      .select(['action', 'resource_public_id'])
      .where('resource_public_id', 'in', [link.publicId, session.publicId])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'CREATE', resource_public_id: link.publicId },
      { action: 'DELETE', resource_public_id: link.publicId },
      { action: 'CREATE', resource_public_id: session.publicId },
    ]);
  });

  it('never outlives the password sign-in it descends from, however often it is chained', async () => {
    const user = await t.newUser(); // signed in for an hour
    const signInEnds = await t.server.db
      .selectFrom('access_tokens')
      .select('expires_on')
      .where('public_id', '=', user.tokenPublicId)
      .executeTakeFirstOrThrow();
    let bearer = user.token;
    for (let round = 0; round < 3; round += 1) {
      const link = await linkFor({ token: bearer });
      expect(Date.parse(link.expiresOn)).toBeLessThanOrEqual(signInEnds.expires_on.getTime());
      const session = (await mint(link.secretId, 2_592_000)).body.data as AccessToken;
      expect(Date.parse(session.expiresOn)).toBe(signInEnds.expires_on.getTime());
      bearer = session.secretId;
    }
    const stored = await t.server.db
      .selectFrom('access_tokens')
      .select(['expires_on', 'sign_in_expires_on'])
      .where('user_id', '=', (eb) =>
        eb.selectFrom('users').select('id').where('public_id', '=', user.publicId),
      )
      .execute();
    for (const row of stored) {
      expect(row.sign_in_expires_on).toEqual(signInEnds.expires_on);
      expect(row.expires_on.getTime()).toBeLessThanOrEqual(signInEnds.expires_on.getTime());
    }
  });

  it('refuses an expired link (401)', async () => {
    const user = await t.newUser();
    const link = await linkFor(user);
    await t.server.db
      .updateTable('access_tokens')
      .set({ expires_on: new Date(Date.now() - 1000) })
      .where('public_id', '=', link.publicId)
      .execute();
    const response = await mint(link.secretId, 2_592_000);
    expect(response.status).toBe(401);
    expect(response.body.data).toEqual([{ message: 'Authentication required' }]);
  });

  it('refuses a link minting another link, keeping it usable (400)', async () => {
    const user = await t.newUser();
    const link = await linkFor(user);
    const response = await mint(link.secretId, 60);
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([
      { message: 'A jump-start link can only be exchanged for a session', propertyName: 'expiresIn' },
    ]);
    expect((await mint(link.secretId, 2_592_000)).status).toBe(201);
  });

  it('refuses a session longer than 30 days from a link, and a session extending itself (400)', async () => {
    const user = await t.newUser();
    const link = await linkFor(user);
    const tooLong = await mint(link.secretId, 2_592_001);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.data).toEqual([{ message: 'Too big: at most 2592000', propertyName: 'expiresIn' }]);
    const extend = await mint(user.token, 3600);
    expect(extend.status).toBe(400);
    expect(extend.body.data).toEqual([{ message: 'Too big: at most 60', propertyName: 'expiresIn' }]);
  });

  it.each([
    [{}, 'Required property'],
    [{ expiresIn: 59 }, 'Too small: at least 60'],
    [{ expiresIn: '60' }, 'Invalid type: expected number'],
  ])('refuses %j (400 naming expiresIn)', async (body, message) => {
    const user = await t.newUser();
    const response = await t.call('POST', 'AccessTokenList', { token: user.token, body });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([{ message, propertyName: 'expiresIn' }]);
  });

  it('refuses unknown, revoked and malformed bearer tokens (401)', async () => {
    const user = await t.newUser();
    expect((await mint('x'.repeat(43), 60)).status).toBe(401);
    const malformed = await t.call('POST', 'AccessTokenList', {
      headers: { Authorization: 'Bearer not/a secret' },
      body: { expiresIn: 60 },
    });
    expect(malformed.status).toBe(401);
    await t.call('DELETE', 'AccessTokenList', {
      token: user.token,
      body: [{ publicId: user.tokenPublicId }],
    });
    expect((await mint(user.token, 60)).status).toBe(401);
  });

  it('still signs in with Basic credentials for any lifetime', async () => {
    const user = await t.newUser();
    const response = await t.call('POST', 'AccessTokenList', {
      headers: { Authorization: t.basic(user.emailAddress, user.password) },
      body: { expiresIn: 2_592_000 },
    });
    expect(response.status).toBe(201);
  });
});
