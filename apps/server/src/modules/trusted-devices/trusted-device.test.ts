import { describe, expect, it } from 'vitest';
import type { TrustedDevice } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { hashSecret, newSecret } from '../../auth/secrets.ts';
import { insertTrustedDevice } from './trusted-device.repository.ts';

const t = useTestServer();

const idOf = async (publicId: string) =>
  (
    await t.server.db
      .selectFrom('users')
      .select('id')
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow()
  ).id;

/** Trusts a browser for this user as the code step does, returning its secret. */
async function trust(user: { publicId: string }, expiresInMs = 30 * 86_400_000) {
  const secret = newSecret();
  const row = await insertTrustedDevice(t.server.db, {
    userId: await idOf(user.publicId),
    secretHash: hashSecret(secret),
    client: 'Chromium test',
    address: '192.0.2.9',
    expiresOn: new Date(Date.now() + expiresInMs),
  });
  // Entries of the same millisecond have no order of their own.
  await new Promise((resolve) => setTimeout(resolve, 3));
  return { secret, publicId: row.public_id };
}

const devicesOf = async (token: string, headers: Record<string, string> = {}, query = {}) => {
  const response = await t.call('GET', 'TrustedDeviceList', { token, headers, query });
  expect(response.status).toBe(200);
  return response.body.data as TrustedDevice[];
};

const historyOf = (userPublicId: string) =>
  t.server.db
    .selectFrom('sign_in_events as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.kind', 'e.outcome', 'e.detail'])
    .where('u.public_id', '=', userPublicId)
    .orderBy('e.id')
    .execute();

describe('GET TrustedDeviceList', () => {
  it('needs a session', async () => {
    expect((await t.call('GET', 'TrustedDeviceList')).status).toBe(401);
  });

  it("lists the user's unexpired trusted browsers, marks this one and shows no secret", async () => {
    const user = await t.newUser();
    const other = await t.newUser();
    const first = await trust(user);
    const second = await trust(user);
    await trust(user, -1000);
    await trust(other);

    const devices = await devicesOf(user.token, { 'Api-Device-Id': second.secret });
    expect(devices).toEqual([
      {
        publicId: first.publicId,
        client: 'Chromium test',
        address: '192.0.2.9',
        createdOn: expect.any(String),
        expiresOn: expect.any(String),
        lastUsedOn: expect.any(String),
        current: false,
      },
      expect.objectContaining({ publicId: second.publicId, current: true }),
    ]);
    const text = JSON.stringify(devices);
    expect(text).not.toContain(second.secret);
    expect(text).not.toContain(hashSecret(second.secret));
    expect(text).not.toContain('secret');
  });

  it('marks nothing without the header, with a foreign or a malformed one', async () => {
    const user = await t.newUser();
    const other = await t.newUser();
    await trust(user);
    const theirs = await trust(other);
    const headerSets: Record<string, string>[] = [
      {},
      { 'Api-Device-Id': theirs.secret },
      { 'Api-Device-Id': 'not a secret!' },
    ];
    for (const headers of headerSets) {
      const devices = await devicesOf(user.token, headers);
      expect(devices.map((d) => d.current)).toEqual([false]);
    }
  });

  it('takes fields, filters and paging like other lists, and refuses bad ones', async () => {
    const user = await t.newUser();
    const first = await trust(user);
    const second = await trust(user);
    const page = await t.call('GET', 'TrustedDeviceList', {
      token: user.token,
      query: { fields: 'current', 'page-size': '1' },
    });
    expect(page.body.data).toEqual([{ publicId: first.publicId, current: false }]);
    const next = await devicesOf(user.token, {}, { fields: 'client', 'page-after': page.body.moreAfter! });
    expect(next).toEqual([{ publicId: second.publicId, client: 'Chromium test' }]);
    const filtered = await devicesOf(user.token, {}, { filters: `eq(publicId,"${second.publicId}")` });
    expect(filtered.map((d) => d.publicId)).toEqual([second.publicId]);
    for (const [query, propertyName] of [
      [{ filters: 'eq(secretHash,"x")' }, 'filters'],
      [{ fields: 'secretHash' }, 'fields'],
      [{ 'page-size': 'many' }, 'page-size'],
    ] as const) {
      const response = await t.call('GET', 'TrustedDeviceList', { token: user.token, query });
      expect(response.status).toBe(400);
      expect(response.body.data).toEqual([expect.objectContaining({ propertyName })]);
    }
  });
});

describe('DELETE TrustedDevice/{publicId}', () => {
  it('forgets one of the own trusted browsers, records it and audits it', async () => {
    const user = await t.newUser();
    const kept = await trust(user);
    const removed = await trust(user);
    expect((await t.call('DELETE', `TrustedDevice/${removed.publicId}`)).status).toBe(401);
    const response = await t.call('DELETE', `TrustedDevice/${removed.publicId}`, { token: user.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ publicId: removed.publicId });
    expect((await devicesOf(user.token)).map((d) => d.publicId)).toEqual([kept.publicId]);
    expect(await historyOf(user.publicId)).toContainEqual({
      kind: 'trustedDeviceChange',
      outcome: 'success',
      detail: 'removed',
    });
    const audit = await t.server.db
      .selectFrom('audit_logs')
      .select(['action', 'company_id'])
      .where('resource_rel', '=', 'TrustedDevice')
      .where('resource_public_id', '=', removed.publicId)
      .execute();
    expect(audit).toEqual([{ action: 'DELETE', company_id: null }]);
  });

  it("is not found for another user's trusted browser, an unknown or a removed one", async () => {
    const user = await t.newUser();
    const other = await t.newUser();
    const theirs = await trust(other);
    const mine = await trust(user);
    await t.call('DELETE', `TrustedDevice/${mine.publicId}`, { token: user.token });
    for (const publicId of [theirs.publicId, mine.publicId, 'zzzzzzzzzzzz']) {
      const response = await t.call('DELETE', `TrustedDevice/${publicId}`, { token: user.token });
      expect(response.status).toBe(404);
    }
    expect((await devicesOf(other.token)).map((d) => d.publicId)).toEqual([theirs.publicId]);
  });
});

describe('DELETE TrustedDeviceList', () => {
  it('forgets all of the own trusted browsers without a body, and no one else’s', async () => {
    const user = await t.newUser();
    const other = await t.newUser();
    await trust(user);
    await trust(user);
    const theirs = await trust(other);
    expect((await t.call('DELETE', 'TrustedDeviceList')).status).toBe(401);
    const response = await t.call('DELETE', 'TrustedDeviceList', { token: user.token });
    expect(response.status).toBe(200);
    expect(await devicesOf(user.token)).toEqual([]);
    expect((await devicesOf(other.token)).map((d) => d.publicId)).toEqual([theirs.publicId]);
    const history = await historyOf(user.publicId);
    expect(history.filter((e) => e.kind === 'trustedDeviceChange')).toEqual([
      { kind: 'trustedDeviceChange', outcome: 'success', detail: 'removedAll' },
    ]);
    // Nothing left to forget is nothing to record.
    await t.call('DELETE', 'TrustedDeviceList', { token: user.token });
    expect((await historyOf(user.publicId)).length).toBe(history.length);
  });

  it('forgets the listed ones, all or none, with a 404 naming the position of a foreign one', async () => {
    const user = await t.newUser();
    const other = await t.newUser();
    const first = await trust(user);
    const second = await trust(user);
    const theirs = await trust(other);
    const refused = await t.call('DELETE', 'TrustedDeviceList', {
      token: user.token,
      body: [{ publicId: first.publicId }, { publicId: theirs.publicId }],
    });
    expect(refused.status).toBe(404);
    expect(refused.body.data).toEqual([expect.objectContaining({ propertyName: 'publicId', listIndex: 1 })]);
    expect(await devicesOf(user.token)).toHaveLength(2);

    const removed = await t.call('DELETE', 'TrustedDeviceList', {
      token: user.token,
      body: [{ publicId: first.publicId }],
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual([{ publicId: first.publicId }]);
    expect((await devicesOf(user.token)).map((d) => d.publicId)).toEqual([second.publicId]);
  });

  it('refuses a body that is no list of publicIds', async () => {
    const user = await t.newUser();
    for (const body of [
      [],
      [{ publicId: 'BAD' }],
      { publicId: 'x' },
      [{ publicId: 'abcdefghijkl', more: 1 }],
    ]) {
      const response = await t.call('DELETE', 'TrustedDeviceList', { token: user.token, body });
      expect(response.status).toBe(400);
      expect(response.body.type).toBe('Error');
    }
  });
});
