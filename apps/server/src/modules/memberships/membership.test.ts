import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();

describe('UserMembershipList', () => {
  it('lists the members of the company only, and needs the users right', async () => {
    const company = await t.newCompany();
    const member = await t.newMember(company);
    await t.newCompany();
    const list = await t.call('GET', 'UserMembershipList', {
      token: company.admin.token,
      company: company.publicId,
      query: { fields: 'user(name),role(name)' },
    });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    expect(
      (await t.call('GET', 'UserMembershipList', { token: member.token, company: company.publicId })).status,
    ).toBe(403);
    expect((await t.call('GET', 'UserMembershipList', { company: company.publicId })).status).toBe(401);
  });

  it('changes roles, but never demotes or removes the last administrator', async () => {
    const company = await t.newCompany();
    const as = { token: company.admin.token, company: company.publicId };
    const member = await t.newMember(company);
    const mine = await t.call('GET', 'UserMembershipList', {
      ...as,
      query: { filters: `eq(user.publicId,"${company.admin.publicId}")` },
    });
    const adminMembership = (mine.body.data as { publicId: string }[])[0]!.publicId;

    const demote = await t.call('PATCH', `UserMembership/${adminMembership}`, {
      ...as,
      body: { role: { publicId: member.rolePublicId } },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.data).toEqual([{ message: 'A company needs at least one administrator' }]);
    expect((await t.call('DELETE', `UserMembership/${adminMembership}`, as)).status).toBe(409);

    const promote = await t.call('PATCH', `UserMembership/${member.membershipPublicId}`, {
      ...as,
      body: { role: { publicId: company.adminRolePublicId } },
    });
    expect(promote.status).toBe(200);
    expect(promote.body.data).toMatchObject({
      role: { publicId: company.adminRolePublicId, name: 'Administrator' },
    });
    // With two administrators one may step down.
    expect((await t.call('DELETE', `UserMembership/${adminMembership}`, as)).status).toBe(200);
    expect((await t.call('GET', 'MyUser', as)).status).toBe(404);
  });

  it("refuses another company's role and membership", async () => {
    const company = await t.newCompany();
    const other = await t.newCompany();
    const otherMember = await t.newMember(other);
    const as = { token: company.admin.token, company: company.publicId };
    const member = await t.newMember(company);
    const foreignRole = await t.call('PATCH', `UserMembership/${member.membershipPublicId}`, {
      ...as,
      body: { role: { publicId: other.adminRolePublicId } },
    });
    expect(foreignRole.status).toBe(404);
    expect(foreignRole.body.data).toEqual([{ message: 'Not found', propertyName: 'role.publicId' }]);
    expect((await t.call('DELETE', `UserMembership/${otherMember.membershipPublicId}`, as)).status).toBe(404);
    const bad = await t.call('PATCH', `UserMembership/${member.membershipPublicId}`, {
      ...as,
      body: { role: {} },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([expect.objectContaining({ propertyName: 'role.publicId' })]);
  });
});

type Membership = {
  publicId: string;
  user: { publicId: string; name: string; emailAddress: string };
  role: { publicId: string; name: string };
  audience: { publicId: string; name: string } | null;
};

async function companyWithRole() {
  const company = await t.newCompany();
  const as = { token: company.admin.token, company: company.publicId };
  const role = (
    await t.call('POST', 'RoleList', { ...as, body: { name: 'Viewer', capabilities: ['auditLogs.use'] } })
  ).body.data as { publicId: string };
  return { company, as, role };
}

describe('PATCH UserMembership with an audience, and bulk DELETE', () => {
  it('assigns and clears the access category; another company audience is not found', async () => {
    const { company, as } = await companyWithRole();
    const member = await t.newMember(company);
    const audience = (await t.call('POST', 'AudienceList', { ...as, body: { name: 'Night shift' } })).body
      .data as { publicId: string };
    const set = await t.call('PATCH', `UserMembership/${member.membershipPublicId}`, {
      ...as,
      body: { audience: { publicId: audience.publicId } },
    });
    expect(set.body.data).toMatchObject({ audience: { publicId: audience.publicId, name: 'Night shift' } });
    const filtered = await t.call('GET', 'UserMembershipList', {
      ...as,
      query: { filters: `eq(audience.publicId,"${audience.publicId}")`, fields: 'user(publicId)' },
    });
    expect(filtered.body.data).toEqual([
      { publicId: member.membershipPublicId, user: { publicId: member.publicId } },
    ]);
    const other = await t.newCompany();
    const theirs = (
      await t.call('POST', 'AudienceList', {
        token: other.admin.token,
        company: other.publicId,
        body: { name: 'Theirs' },
      })
    ).body.data as { publicId: string };
    const foreign = await t.call('PATCH', `UserMembership/${member.membershipPublicId}`, {
      ...as,
      body: { audience: { publicId: theirs.publicId } },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.data).toEqual([{ message: 'Not found', propertyName: 'audience.publicId' }]);
    const cleared = await t.call('PATCH', `UserMembership/${member.membershipPublicId}`, {
      ...as,
      body: { audience: null },
    });
    expect(cleared.body.data).toMatchObject({ audience: null });
  });

  it('removes several members at once but never the last administrator', async () => {
    const { company, as } = await companyWithRole();
    const a = await t.newMember(company);
    const b = await t.newMember(company);
    const mine = (
      await t.call('GET', 'UserMembershipList', {
        ...as,
        query: { filters: `eq(user.publicId,"${company.admin.publicId}")` },
      })
    ).body.data as Membership[];
    const refused = await t.call('DELETE', 'UserMembershipList', {
      ...as,
      body: [{ publicId: a.membershipPublicId }, { publicId: mine[0]!.publicId }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.data).toEqual([
      { message: 'A company needs at least one administrator', listIndex: 1 },
    ]);
    const removed = await t.call('DELETE', 'UserMembershipList', {
      ...as,
      body: [{ publicId: a.membershipPublicId }, { publicId: b.membershipPublicId }],
    });
    expect(removed.status).toBe(200);
    expect((await t.call('GET', 'MyUser', { token: a.token, company: company.publicId })).status).toBe(404);
  });
});

describe('PUT UserMembershipUserList/{userPublicId}', () => {
  it("replaces the user's role, takes the rights away at once, and is audited", async () => {
    const { company, as, role } = await companyWithRole();
    const member = await t.newMember(company, ['groups.manage']);
    const memberAs = { token: member.token, company: company.publicId };
    expect((await t.call('GET', 'MyUser', memberAs)).body.data).toMatchObject({
      capabilities: ['groups.manage'],
    });
    const put = await t.call('PUT', `UserMembershipUserList/${member.publicId}`, {
      ...as,
      body: { role: { publicId: role.publicId } },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      type: 'UserMembershipUserList',
      data: {
        publicId: member.membershipPublicId,
        user: { publicId: member.publicId },
        role: { publicId: role.publicId, name: 'Viewer' },
      },
    });
    expect((await t.call('GET', 'MyUser', memberAs)).body.data).toMatchObject({
      capabilities: ['auditLogs.use'],
    });
    const audit = await t.call('GET', 'AuditLogList', {
      ...as,
      query: { filters: `eq(resource.publicId,"${member.membershipPublicId}")`, fields: 'action,resource' },
    });
    expect(audit.body.data).toEqual([
      {
        publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
        action: 'UPDATE',
        resource: { rel: 'UserMembership', publicId: member.membershipPublicId },
      },
    ]);
  });

  it('never demotes the last administrator', async () => {
    const { company, as, role } = await companyWithRole();
    const put = await t.call('PUT', `UserMembershipUserList/${company.admin.publicId}`, {
      ...as,
      body: { role: { publicId: role.publicId } },
    });
    expect(put.status).toBe(409);
    expect(put.body.data).toEqual([{ message: 'A company needs at least one administrator' }]);
  });

  it('refuses without token (401), without the users right (403), foreign users (404), bad input (400)', async () => {
    const { company, as, role } = await companyWithRole();
    const other = await t.newCompany();
    const outsider = await t.newMember(other);
    const member = await t.newMember(company, ['roles.manage']);
    const body = { role: { publicId: role.publicId } };
    const path = `UserMembershipUserList/${member.publicId}`;
    expect((await t.call('PUT', path, { company: company.publicId, body })).status).toBe(401);
    expect((await t.call('PUT', path, { token: member.token, company: company.publicId, body })).status).toBe(
      403,
    );
    expect((await t.call('PUT', `UserMembershipUserList/${outsider.publicId}`, { ...as, body })).status).toBe(
      404,
    );
    const foreignRole = await t.call('PUT', path, {
      ...as,
      body: { role: { publicId: other.adminRolePublicId } },
    });
    expect(foreignRole.status).toBe(404);
    expect(foreignRole.body.data).toEqual([{ message: 'Not found', propertyName: 'role.publicId' }]);
    const missing = await t.call('PUT', path, { ...as, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual([{ message: 'Required property', propertyName: 'role' }]);
  });
});
