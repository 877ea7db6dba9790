import { describe, expect, it } from 'vitest';
import type { SignInEvent, SignInEventKind } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { recordSignInEvent } from '../../auth/sign-in-events.ts';

const t = useTestServer();

const idOf = async (publicId: string) =>
  (
    await t.server.db
      .selectFrom('users')
      .select('id')
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow()
  ).id;

/** A new user without the sign-in its creation recorded, so each test sees only its own events. */
async function newUser() {
  const user = await t.newUser();
  await t.server.db
    .deleteFrom('sign_in_events')
    .where('user_id', '=', await idOf(user.publicId))
    .execute();
  return user;
}

async function record(
  userId: number | null,
  kind: SignInEventKind,
  outcome: 'success' | 'failure',
  extra: { detail?: string; attemptedEmailAddress?: string } = {},
) {
  await recordSignInEvent(t.server.db, {
    userId,
    kind,
    outcome,
    client: 'test-client',
    address: '192.0.2.7',
    ...extra,
  });
  // Events of the same millisecond have no order of their own (the publicId breaks the tie).
  await new Promise((resolve) => setTimeout(resolve, 3));
}

const list = async (rel: string, options: Parameters<typeof t.call>[2]) => {
  const response = await t.call('GET', rel, options);
  expect(response.status).toBe(200);
  return response.body as { data: SignInEvent[]; moreAfter: string | null };
};

describe('GET MySignInEventList', () => {
  it('needs a session', async () => {
    expect((await t.call('GET', 'MySignInEventList')).status).toBe(401);
  });

  it("lists the user's own events newest first, and no one else's", async () => {
    const user = await newUser();
    const other = await newUser();
    const userId = await idOf(user.publicId);
    await record(userId, 'password', 'failure', {
      detail: 'wrongPassword',
      attemptedEmailAddress: user.emailAddress,
    });
    await record(userId, 'password', 'success');
    await record(await idOf(other.publicId), 'password', 'success');
    await record(null, 'password', 'failure', { attemptedEmailAddress: 'nobody@example.com' });

    const { data, moreAfter } = await list('MySignInEventList', { token: user.token });
    expect(moreAfter).toBeNull();
    expect(data).toEqual([
      {
        publicId: expect.any(String),
        createdOn: expect.any(String),
        kind: 'password',
        outcome: 'success',
        detail: null,
        client: 'test-client',
        address: '192.0.2.7',
        user: null,
        attemptedEmailAddress: null,
      },
      expect.objectContaining({
        outcome: 'failure',
        detail: 'wrongPassword',
        attemptedEmailAddress: user.emailAddress,
      }),
    ]);
    expect(Date.parse(data[0]!.createdOn)).toBeGreaterThanOrEqual(Date.parse(data[1]!.createdOn));
  });

  it('pages with page-size and page-after and filters on kind and outcome', async () => {
    const user = await newUser();
    const userId = await idOf(user.publicId);
    await record(userId, 'password', 'failure');
    await record(userId, 'totp', 'failure');
    await record(userId, 'totp', 'success');
    const first = await list('MySignInEventList', { token: user.token, query: { 'page-size': '2' } });
    expect(first.data.map((e) => [e.kind, e.outcome])).toEqual([
      ['totp', 'success'],
      ['totp', 'failure'],
    ]);
    expect(first.moreAfter).toEqual(expect.any(String));
    const second = await list('MySignInEventList', {
      token: user.token,
      query: { 'page-size': '2', 'page-after': first.moreAfter! },
    });
    expect(second.data.map((e) => [e.kind, e.outcome])).toEqual([['password', 'failure']]);
    expect(second.moreAfter).toBeNull();

    const failures = await list('MySignInEventList', {
      token: user.token,
      query: { filters: ['eq(outcome,"failure")', 'eq(kind,"totp")'], fields: 'kind' },
    });
    expect(failures.data).toEqual([{ publicId: expect.any(String), kind: 'totp' }]);
  });

  it('refuses unknown filters, fields and cursors with the parameter named', async () => {
    const user = await newUser();
    for (const [query, propertyName] of [
      [{ filters: 'eq(secret,"x")' }, 'filters'],
      [{ fields: 'nonsense' }, 'fields'],
      [{ 'page-after': 'not a cursor' }, 'page-after'],
      [{ 'page-size': '0' }, 'page-size'],
    ] as const) {
      const response = await t.call('GET', 'MySignInEventList', { token: user.token, query });
      expect(response.status).toBe(400);
      expect(response.body.data).toEqual([expect.objectContaining({ propertyName })]);
    }
  });
});

describe('GET SignInEventList', () => {
  it('needs a session, the company and the audit-logs right', async () => {
    const company = await t.newCompany();
    const withoutRight = await t.newMember(company, ['roles.manage']);
    expect((await t.call('GET', 'SignInEventList', { company: company.publicId })).status).toBe(401);
    expect((await t.call('GET', 'SignInEventList', { token: company.admin.token })).status).toBe(400);
    const refused = await t.call('GET', 'SignInEventList', {
      token: withoutRight.token,
      company: company.publicId,
    });
    expect(refused.status).toBe(403);
  });

  it("shows the current members' events with the member, never outsiders' or unmatched failures", async () => {
    const company = await t.newCompany();
    const other = await t.newCompany();
    const auditor = await t.newMember(company, ['auditLogs.use']);
    const member = await t.newMember(company);
    const otherMember = await t.newMember(other);
    const stranger = await newUser();
    const memberId = await idOf(member.publicId);
    await record(memberId, 'password', 'failure', {
      detail: 'wrongPassword',
      attemptedEmailAddress: member.emailAddress,
    });
    await record(memberId, 'passwordChange', 'success');
    await record(await idOf(otherMember.publicId), 'password', 'success');
    await record(await idOf(stranger.publicId), 'password', 'success');
    await record(null, 'password', 'failure', { attemptedEmailAddress: member.emailAddress });

    const { data } = await list('SignInEventList', {
      token: auditor.token,
      company: company.publicId,
      query: { 'page-size': '100' },
    });
    const users = new Set(data.map((e) => e.user?.publicId));
    expect(users.has(otherMember.publicId)).toBe(false);
    expect(users.has(stranger.publicId)).toBe(false);
    expect(users.has(undefined)).toBe(false);
    expect(data.filter((e) => e.user?.publicId === member.publicId)).toEqual([
      expect.objectContaining({
        kind: 'passwordChange',
        outcome: 'success',
        user: { publicId: member.publicId, name: 'Member', emailAddress: member.emailAddress },
      }),
      expect.objectContaining({ kind: 'password', outcome: 'failure', detail: 'wrongPassword' }),
    ]);

    // The other company's auditor sees its own member, not ours.
    const otherAuditor = await t.newMember(other, ['auditLogs.use']);
    const theirs = await list('SignInEventList', {
      token: otherAuditor.token,
      company: other.publicId,
      query: { 'page-size': '100' },
    });
    expect(theirs.data.map((e) => e.user?.publicId)).not.toContain(member.publicId);
    expect(theirs.data.map((e) => e.user?.publicId)).toContain(otherMember.publicId);
    const item = await t.call('GET', `SignInEvent/${data[0]!.publicId}`, {
      token: otherAuditor.token,
      company: other.publicId,
    });
    expect(item.status).toBe(404);
  });

  it('forgets the events of a member who left', async () => {
    const company = await t.newCompany();
    const auditor = await t.newMember(company, ['auditLogs.use']);
    const member = await t.newMember(company);
    await record(await idOf(member.publicId), 'password', 'success');
    const filter = { filters: `eq(user.publicId,"${member.publicId}")` };
    const before = await list('SignInEventList', {
      token: auditor.token,
      company: company.publicId,
      query: filter,
    });
    expect(before.data).toHaveLength(1);
    await t.server.db.deleteFrom('memberships').where('public_id', '=', member.membershipPublicId).execute();
    const after = await list('SignInEventList', {
      token: auditor.token,
      company: company.publicId,
      query: filter,
    });
    expect(after.data).toEqual([]);
  });

  it('filters by member, kind, outcome and period, and pages', async () => {
    const company = await t.newCompany();
    const auditor = await t.newMember(company, ['auditLogs.use']);
    const member = await t.newMember(company);
    const memberId = await idOf(member.publicId);
    await record(memberId, 'password', 'failure');
    await record(memberId, 'totp', 'success');
    await record(memberId, 'password', 'success');
    const call = (query: Record<string, string | string[]>) =>
      list('SignInEventList', { token: auditor.token, company: company.publicId, query });
    const byMember = `eq(user.publicId,"${member.publicId}")`;

    const failures = await call({ filters: [byMember, 'eq(outcome,"failure")'] });
    expect(failures.data.map((e) => e.kind)).toEqual(['password']);
    const passwords = await call({ filters: [byMember, 'eq(kind,"password")'] });
    expect(passwords.data.map((e) => e.outcome)).toEqual(['success', 'failure']);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const none = await call({ filters: [byMember, `gte(createdOn,"${future}")`] });
    expect(none.data).toEqual([]);

    const first = await call({ filters: byMember, 'page-size': '2' });
    expect(first.data).toHaveLength(2);
    const rest = await call({ filters: byMember, 'page-size': '2', 'page-after': first.moreAfter! });
    expect(rest.data.map((e) => e.kind)).toEqual(['password']);
    expect(rest.moreAfter).toBeNull();

    const byAddress = await call({
      filters: `contains(user.emailAddress,"${member.emailAddress.toUpperCase()}")`,
    });
    expect(byAddress.data).toHaveLength(3);

    const bad = await t.call('GET', 'SignInEventList', {
      token: auditor.token,
      company: company.publicId,
      query: { filters: 'eq(user.passwordHash,"x")' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([expect.objectContaining({ propertyName: 'filters' })]);
  });
});
