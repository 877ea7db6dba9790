import { describe, expect, it } from 'vitest';
import type { AccessToken } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import type { Session } from './session.presenter.ts';

// The identity cache is on (as in production), so revocation must reach it at once.
const t = useTestServer({ authCacheMs: 60_000 });

async function signIn(
  user: { emailAddress: string; password: string },
  headers: Record<string, string> = {},
) {
  const response = await t.call('POST', 'AccessTokenList', {
    headers: { Authorization: t.basic(user.emailAddress, user.password), ...headers },
    body: { expiresIn: 3600 },
  });
  expect(response.status).toBe(201);
  return response.body.data as AccessToken;
}

const sessionsOf = async (token: string, query: Record<string, string> = {}) => {
  const response = await t.call('GET', 'AccessTokenList', { token, query });
  expect(response.status).toBe(200);
  return response.body.data as Session[];
};

const lastUse = (publicId: string) =>
  t.server.db
    .selectFrom('access_tokens')
    .select(['last_used_on', 'last_used_address'])
    .where('public_id', '=', publicId)
    .executeTakeFirstOrThrow();

describe('GET AccessTokenList', () => {
  it('needs a token', async () => {
    expect((await t.call('GET', 'AccessTokenList')).status).toBe(401);
  });

  it("lists the user's own sessions, marks the current one and shows no secret", async () => {
    const user = await t.newUser();
    const other = await t.newUser();
    const connector = await signIn(user, { 'Api-Application': 'fleetgate-connector/1.4.0' });
    // A jump-start link is no session.
    await t.call('POST', 'AccessTokenList', { token: user.token, body: { expiresIn: 60 } });

    const sessions = await sessionsOf(user.token);
    expect(sessions).toEqual([
      {
        publicId: user.tokenPublicId,
        createdOn: expect.any(String),
        lastUsedOn: expect.any(String),
        client: 'node',
        address: '127.0.0.1',
        expiresOn: expect.any(String),
        current: true,
      },
      expect.objectContaining({
        publicId: connector.publicId,
        client: 'fleetgate-connector/1.4.0',
        current: false,
      }),
    ]);
    expect(JSON.stringify(sessions)).not.toContain(connector.secretId);
    expect(sessions.map((s) => s.publicId)).not.toContain(other.tokenPublicId);
  });

  it('takes fields, filters and paging like other lists', async () => {
    const user = await t.newUser();
    const second = await signIn(user);
    const first = await t.call('GET', 'AccessTokenList', {
      token: user.token,
      query: { fields: 'current', 'page-size': '1' },
    });
    expect(first.body.data).toEqual([{ publicId: user.tokenPublicId, current: true }]);
    const next = await t.call('GET', 'AccessTokenList', {
      token: user.token,
      query: { fields: 'current', 'page-size': '1', 'page-after': first.body.moreAfter! },
    });
    expect(next.body).toMatchObject({
      data: [{ publicId: second.publicId, current: false }],
      moreAfter: null,
    });
    const filtered = await sessionsOf(user.token, { filters: `eq(publicId,"${second.publicId}")` });
    expect(filtered.map((s) => s.publicId)).toEqual([second.publicId]);
    const badQueries: Record<string, string>[] = [
      { fields: 'secretId' },
      { filters: 'eq(secretHash,"x")' },
      { 'page-size': '0' },
    ];
    for (const query of badQueries) {
      const bad = await t.call('GET', 'AccessTokenList', { token: user.token, query });
      expect(bad.status).toBe(400);
      expect(bad.body.data).toEqual([expect.objectContaining({ propertyName: Object.keys(query)[0] })]);
    }
  });

  it('records the last use at most once a minute, not on every request', async () => {
    const user = await t.newUser();
    const token = await signIn(user);
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    const setBack = () =>
      t.server.db
        .updateTable('access_tokens')
        .set({ last_used_on: twoMinutesAgo, last_used_address: 'old' })
        .where('public_id', '=', token.publicId)
        .execute();

    await setBack();
    expect((await t.call('GET', 'MyUser', { token: token.secretId })).status).toBe(200);
    const recorded = await lastUse(token.publicId);
    expect(recorded.last_used_on!.getTime()).toBeGreaterThan(twoMinutesAgo.getTime());
    expect(recorded.last_used_address).toBe('127.0.0.1');

    // Within the minute, further requests write nothing.
    await setBack();
    for (let i = 0; i < 3; i += 1) await t.call('GET', 'MyUser', { token: token.secretId });
    expect(await lastUse(token.publicId)).toEqual({ last_used_on: twoMinutesAgo, last_used_address: 'old' });
  });
});

describe('DELETE AccessToken/{publicId}', () => {
  it('ends another session of the user at once, even while its identity is cached', async () => {
    const user = await t.newUser();
    const phone = await signIn(user);
    expect((await t.call('GET', 'MyUser', { token: phone.secretId })).status).toBe(200);
    const ended = await t.call('DELETE', `AccessToken/${phone.publicId}`, { token: user.token });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({
      type: 'AccessToken',
      status: 'success',
      data: { publicId: phone.publicId },
    });
    expect((await t.call('GET', 'MyUser', { token: phone.secretId })).status).toBe(401);
    expect((await sessionsOf(user.token)).map((s) => s.publicId)).toEqual([user.tokenPublicId]);
    const audit = await t.server.db
      .selectFrom('audit_logs')
      .select('action')
      .where('resource_public_id', '=', phone.publicId)
      .where('action', '=', 'DELETE')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("is 404 for another user's session, which keeps working, and for unknown ids", async () => {
    const [mine, theirs] = [await t.newUser(), await t.newUser()];
    const response = await t.call('DELETE', `AccessToken/${theirs.tokenPublicId}`, { token: mine.token });
    expect(response.status).toBe(404);
    expect(response.body.data).toEqual([expect.objectContaining({ message: 'Not found' })]);
    expect((await t.call('GET', 'MyUser', { token: theirs.token })).status).toBe(200);
    expect((await t.call('DELETE', 'AccessToken/zzzzzzzzzzzz', { token: mine.token })).status).toBe(404);
    expect((await t.call('DELETE', 'AccessToken/not-an-id', { token: mine.token })).status).toBe(404);
  });

  it('needs a token', async () => {
    const user = await t.newUser();
    expect((await t.call('DELETE', `AccessToken/${user.tokenPublicId}`)).status).toBe(401);
  });
});

describe('DELETE AccessTokenList', () => {
  it('ends several of the user’s sessions at once, immediately', async () => {
    const user = await t.newUser();
    const [a, b] = [await signIn(user), await signIn(user)];
    for (const token of [a, b])
      expect((await t.call('GET', 'MyUser', { token: token.secretId })).status).toBe(200);
    const ended = await t.call('DELETE', 'AccessTokenList', {
      token: user.token,
      body: [{ publicId: a.publicId }, { publicId: b.publicId }],
    });
    expect(ended.status).toBe(200);
    for (const token of [a, b])
      expect((await t.call('GET', 'MyUser', { token: token.secretId })).status).toBe(401);
  });
});
