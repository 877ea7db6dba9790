import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();

describe('UserList', () => {
  it("lists the company's members with role and membership, for the users right only", async () => {
    const company = await t.newCompany();
    const as = { token: company.admin.token, company: company.publicId };
    const member = await t.newMember(company, ['groups.manage']);
    await t.newMember(await t.newCompany());
    const list = await t.call('GET', 'UserList', as);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        publicId: company.admin.publicId,
        name: 'Company Admin',
        emailAddress: company.admin.emailAddress,
        role: { publicId: company.adminRolePublicId, name: 'Administrator' },
        audience: null,
        membership: { publicId: expect.stringMatching(/^[0-9a-z]{12}$/), expiresOn: null },
      },
      {
        publicId: member.publicId,
        name: 'Member',
        emailAddress: member.emailAddress,
        role: { publicId: member.rolePublicId, name: expect.any(String) },
        audience: null,
        membership: { publicId: member.membershipPublicId, expiresOn: null },
      },
    ]);
    expect(list.body.moreAfter).toBeNull();
    const one = await t.call('GET', `User/${member.publicId}`, {
      ...as,
      query: { fields: 'name,membership' },
    });
    expect(one.body.data).toEqual({
      publicId: member.publicId,
      name: 'Member',
      membership: { publicId: member.membershipPublicId, expiresOn: null },
    });

    expect((await t.call('GET', 'UserList', { company: company.publicId })).status).toBe(401);
    expect((await t.call('GET', 'UserList', { token: member.token, company: company.publicId })).status).toBe(
      403,
    );
  });

  it('filters, pages, and does not show other companies', async () => {
    const company = await t.newCompany();
    const as = { token: company.admin.token, company: company.publicId };
    const members = [];
    for (let i = 0; i < 4; i++) members.push(await t.newMember(company));
    const other = await t.newCompany();
    const outsider = await t.newMember(other);
    expect((await t.call('GET', `User/${outsider.publicId}`, as)).status).toBe(404);
    const filtered = await t.call('GET', 'UserList', {
      ...as,
      query: { filters: `eq(emailAddress,"${members[2]!.emailAddress}")`, fields: 'publicId' },
    });
    expect(filtered.body.data).toEqual([{ publicId: members[2]!.publicId }]);
    const seen: string[] = [];
    let after: string | null | undefined;
    do {
      const query: Record<string, string> = { 'page-size': '2', fields: 'publicId' };
      if (after) query['page-after'] = after;
      const page = await t.call('GET', 'UserList', { ...as, query });
      seen.push(...(page.body.data as { publicId: string }[]).map((u) => u.publicId));
      after = page.body.moreAfter;
    } while (after);
    expect(seen).toEqual([company.admin.publicId, ...members.map((m) => m.publicId)]);
    const bad = await t.call('GET', 'UserList', { ...as, query: { fields: 'passwordHash' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([
      { message: 'Invalid fields: unknown field "passwordHash"', propertyName: 'fields' },
    ]);
  });
});

describe('AssignableRoleList and the rights a user manager may hand out', () => {
  async function managerSetup() {
    const company = await t.newCompany();
    const as = { token: company.admin.token, company: company.publicId };
    const manager = await t.newMember(company, ['users.invite', 'groups.manage']);
    const managerAs = { token: manager.token, company: company.publicId };
    const post = async (name: string, capabilities: string[]) =>
      (await t.call('POST', 'RoleList', { ...as, body: { name, capabilities } })).body.data as {
        publicId: string;
      };
    const lesser = await post('Lesser', ['groups.manage']);
    const greater = await post('Greater', ['groups.manage', 'roles.manage']);
    return { company, as, manager, managerAs, lesser, greater };
  }

  it('lists only roles within the caller’s own rights, for the users right only', async () => {
    const { company, as, manager, managerAs } = await managerSetup();
    const mine = await t.call('GET', 'AssignableRoleList', managerAs);
    expect(mine.status).toBe(200);
    expect((mine.body.data as { name: string }[]).map((r) => r.name).sort()).toEqual(
      ['Lesser', expect.stringMatching(/^Role /)].sort(),
    );
    expect(mine.body.data).toContainEqual({
      publicId: manager.rolePublicId,
      name: expect.any(String),
      builtIn: false,
    });
    const admin = await t.call('GET', 'AssignableRoleList', as);
    expect((admin.body.data as { name: string }[]).map((r) => r.name)).toEqual([
      'Administrator',
      expect.stringMatching(/^Role /),
      'Lesser',
      'Greater',
    ]);
    const plain = await t.newMember(company, ['groups.manage']);
    expect(
      (await t.call('GET', 'AssignableRoleList', { token: plain.token, company: company.publicId })).status,
    ).toBe(403);
    expect((await t.call('GET', 'AssignableRoleList', { company: company.publicId })).status).toBe(401);
  });

  it('refuses to invite, promote or remove beyond the caller’s rights (403)', async () => {
    const { company, as, manager, managerAs, lesser, greater } = await managerSetup();
    const refused = [{ message: 'Role grants rights you do not hold', propertyName: 'role.publicId' }];
    const invite = await t.call('POST', 'UserInviteList', {
      ...managerAs,
      body: { emailAddress: `x-${t.unique()}@example.com`, role: { publicId: company.adminRolePublicId } },
    });
    expect(invite.status).toBe(403);
    expect(invite.body.data).toEqual(refused);
    const user = await t.newUser();
    const add = await t.call('POST', 'UserMembershipList', {
      ...managerAs,
      body: { emailAddress: user.emailAddress, role: { publicId: greater.publicId } },
    });
    expect(add.status).toBe(403);
    const promoteSelf = await t.call('PUT', `UserMembershipUserList/${manager.publicId}`, {
      ...managerAs,
      body: { role: { publicId: company.adminRolePublicId } },
    });
    expect(promoteSelf.status).toBe(403);
    expect(promoteSelf.body.data).toEqual(refused);
    const removeAdmin = await t.call('PUT', `UserMembershipUserList/${company.admin.publicId}`, {
      ...managerAs,
      body: { role: { publicId: lesser.publicId } },
    });
    expect(removeAdmin.status).toBe(403);
    expect(removeAdmin.body.data).toEqual([{ message: 'Role grants rights you do not hold' }]);
    const adminMembership = (
      (await t.call('GET', `User/${company.admin.publicId}`, as)).body.data as {
        membership: { publicId: string };
      }
    ).membership.publicId;
    expect((await t.call('DELETE', `UserMembership/${adminMembership}`, managerAs)).status).toBe(403);
    // Within the caller's rights everything works.
    const ok = await t.call('POST', 'UserInviteList', {
      ...managerAs,
      body: { emailAddress: `y-${t.unique()}@example.com`, role: { publicId: lesser.publicId } },
    });
    expect(ok.status).toBe(201);
    const asked = await t.call('POST', 'UserMembershipList', {
      ...managerAs,
      body: { emailAddress: user.emailAddress, role: { publicId: lesser.publicId } },
    });
    expect(asked.status).toBe(202);
    const invitation = asked.body.data as { publicId: string };
    const joined = await t.call('POST', `InviteFinish/${invitation.publicId}`, { token: user.token });
    const membership = (joined.body.data as { membership: { publicId: string } }).membership;
    expect((await t.call('DELETE', `UserMembership/${membership.publicId}`, managerAs)).status).toBe(200);
  });
});
