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
