import { describe, expect, it } from 'vitest';
import type { CompanyUser, GroupMember, TemporaryAccess, UserMembership } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { agentFixtures, type As } from '../agents/agent.test-support.ts';

// The sweep that announces ended access runs often here, so its event can be awaited.
const t = useTestServer({ temporaryAccessSweepMs: 100 });
const f = agentFixtures(t);

const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString();
const day = 24 * 3600 * 1000;

/** Waits for the moment itself to pass: temporary access ends there, nothing else is awaited. */
async function passes(iso: string) {
  const wait = new Date(iso).getTime() - Date.now() + 20;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

async function setExpiry(as: As, membershipPublicId: string, expiresOn: string | null) {
  return t.call('PATCH', `UserMembership/${membershipPublicId}`, { ...as, body: { expiresOn } });
}

async function adminMembership(as: As, adminPublicId: string) {
  const mine = await t.call('GET', 'UserMembershipList', {
    ...as,
    query: { filters: `eq(user.publicId,"${adminPublicId}")` },
  });
  return (mine.body.data as UserMembership[])[0]!.publicId;
}

describe('expiresOn on memberships', () => {
  it('is set, shown and cleared through UserMembership, UserMembershipUserList and UserList', async () => {
    const { company, as } = await f.setup();
    const member = await t.newMember(company);
    const until = inFuture(30 * day);
    const set = await setExpiry(as, member.membershipPublicId, until);
    expect(set.status).toBe(200);
    expect((set.body.data as UserMembership).expiresOn).toBe(until);

    const users = await t.call('GET', 'UserList', {
      ...as,
      query: { filters: `eq(publicId,"${member.publicId}")`, fields: 'membership' },
    });
    expect((users.body.data as CompanyUser[])[0]!.membership).toEqual({
      publicId: member.membershipPublicId,
      expiresOn: until,
    });
    const filtered = await t.call('GET', 'UserMembershipList', {
      ...as,
      query: { filters: 'isnotnull(expiresOn)' },
    });
    expect((filtered.body.data as UserMembership[]).map((m) => m.publicId)).toEqual([
      member.membershipPublicId,
    ]);

    const later = inFuture(60 * day);
    const put = await t.call('PUT', `UserMembershipUserList/${member.publicId}`, {
      ...as,
      body: { role: { publicId: member.rolePublicId }, expiresOn: later },
    });
    expect(put.status).toBe(200);
    expect((put.body.data as UserMembership).expiresOn).toBe(later);

    const cleared = await setExpiry(as, member.membershipPublicId, null);
    expect((cleared.body.data as UserMembership).expiresOn).toBeNull();
    // The change is audited like any other change of the membership.
    const audit = await t.call('GET', 'AuditLogList', {
      ...as,
      query: { filters: `eq(resource.publicId,"${member.membershipPublicId}")`, fields: '*' },
    });
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body.data)).toContain(until);
  });

  it('refuses an end that is not in the future or not a date and time (400 expiresOn), and changes nothing', async () => {
    const { company, as } = await f.setup();
    const member = await t.newMember(company);
    for (const expiresOn of [new Date(Date.now() - 1000).toISOString(), '2020-01-01T00:00:00Z']) {
      const past = await setExpiry(as, member.membershipPublicId, expiresOn);
      expect(past.status).toBe(400);
      expect(past.body.data).toEqual([{ message: 'EXPIRY_NOT_IN_FUTURE', propertyName: 'expiresOn' }]);
    }
    for (const expiresOn of ['tomorrow', '2030-13-01T00:00:00Z', 12, '2030-01-01']) {
      const bad = await setExpiry(as, member.membershipPublicId, expiresOn as string);
      expect(bad.status).toBe(400);
      expect(bad.body.data).toEqual([expect.objectContaining({ propertyName: 'expiresOn' })]);
    }
    // Nothing is half-written: a valid role with an invalid end changes neither.
    const both = await t.call('PATCH', `UserMembership/${member.membershipPublicId}`, {
      ...as,
      body: { role: { publicId: company.adminRolePublicId }, expiresOn: '2020-01-01T00:00:00Z' },
    });
    expect(both.status).toBe(400);
    const after = await t.call('GET', `UserMembership/${member.membershipPublicId}`, as);
    expect(after.body.data).toMatchObject({ role: { publicId: member.rolePublicId }, expiresOn: null });
  });

  it('needs the users right, and another company’s membership is not found', async () => {
    const { company, as } = await f.setup();
    const member = await t.newMember(company);
    const other = await t.newCompany();
    const outsider = await t.newMember(other);
    const body = { expiresOn: inFuture(day) };
    expect((await t.call('PATCH', `UserMembership/${member.membershipPublicId}`, { body })).status).toBe(401);
    const memberAs = { token: member.token, company: company.publicId };
    expect(
      (await t.call('PATCH', `UserMembership/${member.membershipPublicId}`, { ...memberAs, body })).status,
    ).toBe(403);
    expect(
      (await t.call('PATCH', `UserMembership/${outsider.membershipPublicId}`, { ...as, body })).status,
    ).toBe(404);
  });

  it('keeps an administrator whose access does not end: no end for the last one, no demotion beside temporary ones', async () => {
    const { company, as } = await f.setup();
    const mine = await adminMembership(as, company.admin.publicId);
    // A second administrator for a while does not make the first one's end possible.
    const helper = await t.newMember(company);
    const helperAs = { token: helper.token, company: company.publicId };
    const promoted = await t.call('PATCH', `UserMembership/${helper.membershipPublicId}`, {
      ...as,
      body: { role: { publicId: company.adminRolePublicId }, expiresOn: inFuture(day) },
    });
    expect(promoted.status).toBe(200);
    const last = await setExpiry(helperAs, mine, inFuture(day));
    expect(last.status).toBe(409);
    expect(last.body.data).toEqual([{ message: 'A company needs at least one administrator' }]);
    const demote = await t.call('PATCH', `UserMembership/${mine}`, {
      ...as,
      body: { role: { publicId: helper.rolePublicId } },
    });
    expect(demote.status).toBe(409);
    expect((await t.call('DELETE', `UserMembership/${mine}`, as)).status).toBe(409);
    // The temporary administrator may go; and once they stay for good, the first may get an end.
    expect((await setExpiry(as, helper.membershipPublicId, null)).status).toBe(200);
    expect((await setExpiry(helperAs, mine, inFuture(day))).status).toBe(200);
    expect((await setExpiry(as, helper.membershipPublicId, inFuture(day))).status).toBe(409);
  });

  it('lets nobody set or clear the end of their own access (403 expiresOn), so a temporary member cannot make it last', async () => {
    const { company, as } = await f.setup();
    const mine = await adminMembership(as, company.admin.publicId);
    const own = await setExpiry(as, mine, inFuture(day));
    expect(own.status).toBe(403);
    expect(own.body.data).toEqual([{ message: 'EXPIRY_OF_OWN_ACCESS', propertyName: 'expiresOn' }]);

    // A temporary administrator cannot clear their own end, through either call.
    const temporary = await t.newMember(company);
    const temporaryAs = { token: temporary.token, company: company.publicId };
    const until = inFuture(day);
    const given = await t.call('PATCH', `UserMembership/${temporary.membershipPublicId}`, {
      ...as,
      body: { role: { publicId: company.adminRolePublicId }, expiresOn: until },
    });
    expect(given.status).toBe(200);
    expect((await setExpiry(temporaryAs, temporary.membershipPublicId, null)).status).toBe(403);
    const put = await t.call('PUT', `UserMembershipUserList/${temporary.publicId}`, {
      ...temporaryAs,
      body: { role: { publicId: company.adminRolePublicId }, expiresOn: null },
    });
    expect(put.status).toBe(403);
    const still = await t.call('GET', 'UserMembershipList', {
      ...as,
      query: { filters: `eq(user.publicId,"${temporary.publicId}")` },
    });
    expect(new Date((still.body.data as UserMembership[])[0]!.expiresOn!).getTime()).toBe(
      new Date(until).getTime(),
    );
  });
});

describe('when a temporary membership ends', () => {
  it('the company refuses the user like a removed member, while their other company still works', async () => {
    const { company, as } = await f.setup();
    const member = await t.newMember(company, ['agents.connect']);
    const own = await t.call('POST', 'CompanyList', { token: member.token, body: { name: 'Own company' } });
    const ownCompany = (own.body.data as { publicId: string }).publicId;
    const memberAs = { token: member.token, company: company.publicId };
    // Read (and cached) before the end: the cache must not outlive it.
    expect((await t.call('GET', 'MyUser', memberAs)).status).toBe(200);
    const ended = new Promise<unknown>((resolve) => {
      const stop = t.server.built.events.listen(({ event, audience }) => {
        if (event.type !== 'AccessEnded' || !('userIds' in audience)) return;
        stop();
        resolve({ event, audience });
      });
    });

    const until = inFuture(1000);
    expect((await setExpiry(as, member.membershipPublicId, until)).status).toBe(200);
    expect((await t.call('GET', 'MyUser', memberAs)).status).toBe(200);
    await passes(until);

    const refused = await t.call('GET', 'MyUser', memberAs);
    expect(refused.status).toBe(404);
    expect(refused.body.data).toEqual([{ message: 'Company not found', propertyName: 'Api-Company' }]);
    expect((await t.call('GET', 'AgentList', memberAs)).status).toBe(404);
    // The token still works, and in the user's other company.
    expect((await t.call('GET', 'MyUser', { token: member.token, company: ownCompany })).status).toBe(200);
    const companies = await t.call('GET', 'CompanyList', { token: member.token });
    expect((companies.body.data as { publicId: string }[]).map((c) => c.publicId)).toEqual([ownCompany]);
    // The administrator no longer finds the member: expired ones are gone.
    const members = await t.call('GET', 'UserMembershipList', as);
    expect((members.body.data as UserMembership[]).map((m) => m.user.publicId)).toEqual([
      company.admin.publicId,
    ]);
    expect((await setExpiry(as, member.membershipPublicId, inFuture(day))).status).toBe(404);
    // The user's portal is told (live event to the user, naming the company).
    expect(await ended).toMatchObject({
      event: { type: 'AccessEnded', data: { company: { publicId: company.publicId } } },
      audience: { userIds: [await f.idOf('users', member.publicId)] },
    });
  });

  it('a new invitation makes them a member again, without the group roles they had', async () => {
    const { company, as } = await f.setup();
    const member = await t.newMember(company);
    await f.addGroupMember(company, await f.createGroup(as, 'Old line'), member, ['agents.connect']);
    const until = inFuture(800);
    await setExpiry(as, member.membershipPublicId, until);
    await passes(until);
    const invited = await t.call('POST', 'UserInviteList', {
      ...as,
      body: { emailAddress: member.emailAddress, role: { publicId: member.rolePublicId } },
    });
    expect(invited.status).toBe(201);
    const invites = await t.call('GET', 'MyUserInviteList', { token: member.token });
    const invite = (invites.body.data as { publicId: string }[])[0]!;
    const finished = await t.call('POST', `InviteFinish/${invite.publicId}`, {
      token: member.token,
      body: {},
    });
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    const back = await t.call('GET', 'MyUser', { token: member.token, company: company.publicId });
    expect(back.status).toBe(200);
    expect((await t.call('GET', 'GroupMemberList', as)).body.data).toEqual([]);
  });

  it('removing a member removes their group roles too', async () => {
    const { company, as } = await f.setup();
    const member = await t.newMember(company);
    await f.addGroupMember(company, await f.createGroup(as, 'Line'), member, ['agents.connect']);
    expect((await t.call('GET', 'GroupMemberList', as)).body.data).toHaveLength(1);
    expect((await t.call('DELETE', `UserMembership/${member.membershipPublicId}`, as)).status).toBe(200);
    const left = await t.server.db
      .selectFrom('group_members')
      .select('id')
      .where('user_id', '=', await f.idOf('users', member.publicId))
      .execute();
    expect(left).toEqual([]);
  });
});

describe('GroupMemberList (device rights through a group, optionally temporary)', () => {
  async function groupSetup() {
    const { company, as, companyId } = await f.setup();
    const group = await f.createGroup(as, 'Line 1');
    const agent = await f.createAgent(as, { name: 'Press', memberships: [{ group: { publicId: group } }] });
    const engineerRole = await t.call('POST', 'RoleList', {
      ...as,
      body: { name: `Engineer ${t.unique()}`, capabilities: ['agents.connect'] },
    });
    expect(engineerRole.status, JSON.stringify(engineerRole.body)).toBe(201);
    const role = (engineerRole.body.data as { publicId: string }).publicId;
    // A member without device rights of their own: only the group gives them the agent.
    const member = await t.newMember(company, []);
    return { company, as, companyId, group, agent, role, member };
  }

  it('gives, changes and removes a group role with an end; the device shows only while it lasts', async () => {
    const { company, as, group, agent, role, member } = await groupSetup();
    const memberAs = { token: member.token, company: company.publicId };
    const until = inFuture(1500);
    const created = await t.call('POST', 'GroupMemberList', {
      ...as,
      body: {
        group: { publicId: group },
        user: { publicId: member.publicId },
        role: { publicId: role },
        expiresOn: until,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const gm = created.body.data as GroupMember;
    expect(gm).toMatchObject({
      group: { publicId: group, name: 'Line 1' },
      user: { publicId: member.publicId },
      role: { publicId: role },
      expiresOn: until,
    });
    const listed = await t.call('GET', 'GroupMemberList', {
      ...as,
      query: { filters: `eq(group.publicId,"${group}")` },
    });
    expect((listed.body.data as GroupMember[]).map((m) => m.publicId)).toEqual([gm.publicId]);

    const visible = await t.call('GET', 'AgentList', memberAs);
    expect((visible.body.data as { publicId: string }[]).map((a) => a.publicId)).toEqual([agent.publicId]);
    const access = await t.call('GET', 'TemporaryAccessList', { token: member.token });
    expect(access.body.data).toEqual([
      {
        publicId: gm.publicId,
        expiresOn: until,
        company: { publicId: company.publicId, name: expect.any(String) },
        group: { publicId: group, name: 'Line 1' },
        role: { publicId: role, name: expect.stringMatching(/^Engineer/) },
      },
    ]);

    await passes(until);
    expect((await t.call('GET', 'AgentList', memberAs)).body.data).toEqual([]);
    expect((await t.call('GET', `Agent/${agent.publicId}`, memberAs)).status).toBe(404);
    expect((await t.call('GET', 'TemporaryAccessList', { token: member.token })).body.data).toEqual([]);
    expect((await t.call('GET', 'GroupMemberList', as)).body.data).toEqual([]);
    // Still a member of the company, and the group role can be given again.
    expect((await t.call('GET', 'MyUser', memberAs)).status).toBe(200);
    const again = await t.call('POST', 'GroupMemberList', {
      ...as,
      body: { group: { publicId: group }, user: { publicId: member.publicId }, role: { publicId: role } },
    });
    expect(again.status).toBe(201);
    const renewed = again.body.data as GroupMember;
    expect(renewed.expiresOn).toBeNull();
    const changed = await t.call('PATCH', `GroupMember/${renewed.publicId}`, {
      ...as,
      body: { expiresOn: inFuture(day) },
    });
    expect(changed.status).toBe(200);
    expect((changed.body.data as GroupMember).expiresOn).not.toBeNull();
    expect((await t.call('DELETE', `GroupMember/${renewed.publicId}`, as)).status).toBe(200);
    expect((await t.call('GET', 'AgentList', memberAs)).body.data).toEqual([]);
  });

  it('refuses without token (401), without groups.manage (403), foreign objects (404) and bad input (400)', async () => {
    const { company, as, group, role, member } = await groupSetup();
    const other = await f.setup();
    const otherGroup = await f.createGroup(other.as, 'Elsewhere');
    const outsider = await t.newMember(other.company);
    const body = {
      group: { publicId: group },
      user: { publicId: member.publicId },
      role: { publicId: role },
    };
    expect((await t.call('POST', 'GroupMemberList', { company: company.publicId, body })).status).toBe(401);
    const memberAs = { token: member.token, company: company.publicId };
    expect((await t.call('POST', 'GroupMemberList', { ...memberAs, body })).status).toBe(403);
    expect((await t.call('GET', 'GroupMemberList', memberAs)).status).toBe(403);

    const foreignGroup = await t.call('POST', 'GroupMemberList', {
      ...as,
      body: { ...body, group: { publicId: otherGroup } },
    });
    expect(foreignGroup.status).toBe(404);
    expect(foreignGroup.body.data).toEqual([{ message: 'Not found', propertyName: 'group.publicId' }]);
    // Only members of the company can be given a group role.
    const stranger = await t.call('POST', 'GroupMemberList', {
      ...as,
      body: { ...body, user: { publicId: outsider.publicId } },
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body.data).toEqual([{ message: 'Not found', propertyName: 'user.publicId' }]);
    const foreignRole = await t.call('POST', 'GroupMemberList', {
      ...as,
      body: { ...body, role: { publicId: other.company.adminRolePublicId } },
    });
    expect(foreignRole.body.data).toEqual([{ message: 'Not found', propertyName: 'role.publicId' }]);
    const past = await t.call('POST', 'GroupMemberList', {
      ...as,
      body: { ...body, expiresOn: '2020-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(400);
    expect(past.body.data).toEqual([{ message: 'EXPIRY_NOT_IN_FUTURE', propertyName: 'expiresOn' }]);
    expect(
      (await t.call('POST', 'GroupMemberList', { ...as, body: { ...body, group: {} } })).body.data,
    ).toEqual([expect.objectContaining({ propertyName: 'group.publicId' })]);

    const created = await t.call('POST', 'GroupMemberList', { ...as, body });
    expect(created.status).toBe(201);
    const duplicate = await t.call('POST', 'GroupMemberList', { ...as, body });
    expect(duplicate.status).toBe(409);
    const gm = created.body.data as GroupMember;
    const foreignPatch = { ...other.as, body: { expiresOn: null } };
    expect((await t.call('PATCH', `GroupMember/${gm.publicId}`, foreignPatch)).status).toBe(404);
    expect((await t.call('DELETE', `GroupMember/${gm.publicId}`, other.as)).status).toBe(404);
    // Nothing half-written: a bulk create with one bad item stores none.
    const second = await t.newMember(company);
    const bulk = await t.call('POST', 'GroupMemberList', {
      ...as,
      body: [
        { ...body, user: { publicId: second.publicId } },
        { ...body, user: { publicId: outsider.publicId } },
      ],
    });
    expect(bulk.status).toBe(404);
    expect(bulk.body.data).toEqual([{ message: 'Not found', propertyName: 'user.publicId', listIndex: 1 }]);
    const listed = await t.call('GET', 'GroupMemberList', as);
    expect((listed.body.data as GroupMember[]).map((m) => m.user.publicId)).toEqual([member.publicId]);
  });

  it('a group role ends with the company membership', async () => {
    const { company, as, group, agent, role, member } = await groupSetup();
    await t.call('POST', 'GroupMemberList', {
      ...as,
      body: { group: { publicId: group }, user: { publicId: member.publicId }, role: { publicId: role } },
    });
    const until = inFuture(1000);
    expect((await setExpiry(as, member.membershipPublicId, until)).status).toBe(200);
    const listed = await t.call('GET', 'TemporaryAccessList', { token: member.token });
    expect((listed.body.data as TemporaryAccess[]).map((a) => a.group)).toEqual([null]);
    await passes(until);
    const ticket = await t.call('POST', `AgentTunnelTicketList/${agent.publicId}`, {
      token: member.token,
      company: company.publicId,
      body: { vpn: true },
    });
    expect(ticket.status).toBe(404);
    expect((await t.call('GET', 'TemporaryAccessList', { token: member.token })).body.data).toEqual([]);
  });
});

describe('TemporaryAccessList', () => {
  it("lists the signed-in user's own temporary accesses across companies, soonest first, and needs a token", async () => {
    const first = await f.setup();
    const second = await f.setup();
    const user = await t.newMember(first.company);
    const userId = await f.idOf('users', user.publicId);
    // The same user joins the second company too (as an accepted invite would).
    const role = await t.call('GET', 'RoleList', second.as);
    const roleId = await t.server.db
      .selectFrom('roles')
      .select('id')
      .where('public_id', '=', (role.body.data as { publicId: string }[])[0]!.publicId)
      .executeTakeFirstOrThrow();
    const { insertMembership } = await import('../companies/company.repository.ts');
    const joined = await insertMembership(t.server.db, {
      companyId: second.companyId,
      userId,
      roleId: roleId.id,
    });
    const later = inFuture(20 * day);
    const sooner = inFuture(3 * day);
    await setExpiry(first.as, user.membershipPublicId, later);
    await setExpiry(second.as, joined.public_id, sooner);
    // Someone else's temporary access is not listed.
    const someoneElse = await t.newMember(first.company);
    await setExpiry(first.as, someoneElse.membershipPublicId, inFuture(day));

    const list = await t.call('GET', 'TemporaryAccessList', { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body.type).toBe('TemporaryAccessList');
    expect(list.body.data).toEqual([
      {
        publicId: joined.public_id,
        expiresOn: sooner,
        company: { publicId: second.company.publicId, name: expect.any(String) },
        group: null,
        role: { publicId: expect.any(String), name: 'Administrator' },
      },
      {
        publicId: user.membershipPublicId,
        expiresOn: later,
        company: { publicId: first.company.publicId, name: expect.any(String) },
        group: null,
        role: { publicId: user.rolePublicId, name: expect.any(String) },
      },
    ]);
    // A membership that lasts is not temporary access.
    expect(
      (await t.call('GET', 'TemporaryAccessList', { token: first.company.admin.token })).body.data,
    ).toEqual([]);
    expect((await t.call('GET', 'TemporaryAccessList')).status).toBe(401);
  });
});
