import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();

type Invite = { publicId: string; emailAddress: string; role: { publicId: string; name: string } };
type Membership = { publicId: string; user: { publicId: string }; role: { publicId: string; name: string } };

async function companyWithRole() {
  const company = await t.newCompany();
  const as = { token: company.admin.token, company: company.publicId };
  const role = (
    await t.call('POST', 'RoleList', { ...as, body: { name: 'Viewer', capabilities: ['auditLogs.use'] } })
  ).body.data as { publicId: string };
  return { company, as, role };
}

async function memberCount(as: { token: string; company: string }) {
  return ((await t.call('GET', 'UserMembershipList', as)).body.data as unknown[]).length;
}

/** The shape of a value: its keys, recursively, without the values. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value === null || typeof value !== 'object') return typeof value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, shapeOf(v)]));
}

describe('POST UserMembershipList invites, it never makes members', () => {
  it('a stranger’s company cannot take anyone in: the target is invited and joins only by accepting', async () => {
    // Any registered user can create a company; that must not let them put others into it.
    const { company, as, role } = await companyWithRole();
    const target = await t.newUser('Target');
    const asked = await t.call('POST', 'UserMembershipList', {
      ...as,
      body: { emailAddress: target.emailAddress, role: { publicId: role.publicId } },
    });
    expect(asked.status).toBe(202);
    expect(asked.body.type).toBe('UserInviteList');
    const invite = asked.body.data as Invite;
    expect(invite).toMatchObject({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      emailAddress: target.emailAddress,
      role: { publicId: role.publicId, name: 'Viewer' },
    });

    expect(await memberCount(as)).toBe(1);
    const targetIn = { token: target.token, company: company.publicId };
    expect((await t.call('GET', 'MyUser', targetIn)).status).toBe(404);
    expect((await t.call('GET', 'CompanyList', { token: target.token })).body.data).toEqual([]);
    const mine = (await t.call('GET', 'MyUserInviteList', { token: target.token })).body.data as Invite[];
    expect(mine.map((i) => i.publicId)).toEqual([invite.publicId]);

    const accepted = await t.call('POST', `InviteFinish/${invite.publicId}`, { token: target.token });
    expect(accepted.status).toBe(200);
    expect(await memberCount(as)).toBe(2);
    expect((await t.call('GET', 'MyUser', targetIn)).body.data).toMatchObject({
      capabilities: ['auditLogs.use'],
    });
  });

  it('answers the same whether or not the address has an account', async () => {
    const { as, role } = await companyWithRole();
    const registered = await t.newUser();
    const unregistered = `nobody-${t.unique()}@example.com`;
    const [withAccount, without] = await Promise.all(
      [registered.emailAddress, unregistered].map((emailAddress) =>
        t.call('POST', 'UserMembershipList', {
          ...as,
          body: { emailAddress, role: { publicId: role.publicId } },
        }),
      ),
    );
    expect(withAccount!.status).toBe(202);
    expect(without!.status).toBe(withAccount!.status);
    expect(shapeOf(without!.body)).toEqual(shapeOf(withAccount!.body));
    expect([...without!.headers.keys()].sort()).toEqual([...withAccount!.headers.keys()].sort());
    expect(await memberCount(as)).toBe(1);
  });

  it('invites several addresses at once, and names nobody by publicId', async () => {
    const { as, role } = await companyWithRole();
    const addresses = [`a-${t.unique()}@example.com`, `b-${t.unique()}@example.com`];
    const list = await t.call('POST', 'UserMembershipList', {
      ...as,
      body: addresses.map((emailAddress) => ({ emailAddress, role: { publicId: role.publicId } })),
    });
    expect(list.status).toBe(202);
    expect((list.body.data as Invite[]).map((i) => i.emailAddress)).toEqual(addresses);
    // A publicId would tell whether an account exists (and whose address it is): it is not accepted.
    const user = await t.newUser();
    const byId = await t.call('POST', 'UserMembershipList', {
      ...as,
      body: { user: { publicId: user.publicId }, role: { publicId: role.publicId } },
    });
    expect(byId.status).toBe(400);
    expect(byId.body.data).toEqual([
      { message: 'Required property', propertyName: 'emailAddress' },
      { message: 'Unknown property: user' },
    ]);
  });

  it('refuses members (409), foreign roles (404), roles above the caller (403) and bad input (400)', async () => {
    const { company, as, role } = await companyWithRole();
    const other = await t.newCompany();
    const member = await t.newMember(company);
    const ref = { publicId: role.publicId };
    const cases: [object, number, object[]][] = [
      [
        { emailAddress: member.emailAddress, role: ref },
        409,
        [{ message: 'User is already a member', propertyName: 'emailAddress' }],
      ],
      [
        { emailAddress: `x-${t.unique()}@example.com`, role: { publicId: other.adminRolePublicId } },
        404,
        [{ message: 'Not found', propertyName: 'role.publicId' }],
      ],
      [
        { emailAddress: 'x', role: ref },
        400,
        [{ message: 'Invalid e-mail address', propertyName: 'emailAddress' }],
      ],
      [
        { emailAddress: `y-${t.unique()}@example.com` },
        400,
        [{ message: 'Required property', propertyName: 'role' }],
      ],
    ];
    for (const [body, status, data] of cases) {
      const response = await t.call('POST', 'UserMembershipList', { ...as, body });
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.data).toEqual(data);
    }
    const manager = await t.newMember(company, ['users.invite']);
    const above = await t.call('POST', 'UserMembershipList', {
      token: manager.token,
      company: company.publicId,
      body: { emailAddress: `z-${t.unique()}@example.com`, role: { publicId: company.adminRolePublicId } },
    });
    expect(above.status).toBe(403);
    expect(await memberCount(as)).toBe(3);
  });

  it('needs a token (401) and the users right (403)', async () => {
    const { company, role } = await companyWithRole();
    const member = await t.newMember(company, ['roles.manage']);
    const body = { emailAddress: `x-${t.unique()}@example.com`, role: { publicId: role.publicId } };
    expect((await t.call('POST', 'UserMembershipList', { company: company.publicId, body })).status).toBe(
      401,
    );
    const refused = await t.call('POST', 'UserMembershipList', {
      token: member.token,
      company: company.publicId,
      body,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual([{ message: 'Missing capability' }]);
  });
});

describe('leaving a company', () => {
  it('a member whose role holds no rights finds their membership and leaves; it is audited', async () => {
    const { company, as } = await companyWithRole();
    const member = await t.newMember(company, []);
    const memberAs = { token: member.token, company: company.publicId };
    const mine = await t.call('GET', 'MyUserMembership', memberAs);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      type: 'MyUserMembership',
      data: { publicId: member.membershipPublicId, user: { publicId: member.publicId } },
    });

    const left = await t.call('DELETE', `UserMembership/${member.membershipPublicId}`, memberAs);
    expect(left.status).toBe(200);
    expect(left.body.data).toEqual({ publicId: member.membershipPublicId });
    expect((await t.call('GET', 'MyUser', memberAs)).status).toBe(404);
    expect(await memberCount(as)).toBe(1);
    const audit = await t.call('GET', 'AuditLogList', {
      ...as,
      query: { filters: `eq(resource.publicId,"${member.membershipPublicId}")`, fields: 'action,resource' },
    });
    expect(audit.body.data).toEqual([
      {
        publicId: expect.any(String),
        action: 'DELETE',
        resource: { rel: 'UserMembership', publicId: member.membershipPublicId },
      },
    ]);
  });

  it('without the users right, only one’s own membership: others are refused alike, known or not', async () => {
    const { company, as } = await companyWithRole();
    const member = await t.newMember(company, ['groups.manage']);
    const colleague = await t.newMember(company, []);
    const memberAs = { token: member.token, company: company.publicId };
    for (const publicId of [colleague.membershipPublicId, 'abcdefabcdef']) {
      const refused = await t.call('DELETE', `UserMembership/${publicId}`, memberAs);
      expect(refused.status).toBe(403);
      expect(refused.body.data).toEqual([{ message: 'Missing capability' }]);
    }
    const bulk = await t.call('DELETE', 'UserMembershipList', {
      ...memberAs,
      body: [{ publicId: member.membershipPublicId }, { publicId: colleague.membershipPublicId }],
    });
    expect(bulk.status).toBe(403);
    expect(bulk.body.data).toEqual([{ message: 'Missing capability', listIndex: 1 }]);
    expect(await memberCount(as)).toBe(3);
    expect((await t.call('GET', 'UserMembershipList', memberAs)).status).toBe(403);
  });

  it('the last administrator cannot leave (409); with a second one they can', async () => {
    const { company, as } = await companyWithRole();
    const mine = (await t.call('GET', 'MyUserMembership', as)).body.data as Membership;
    expect(mine.role).toEqual({ publicId: company.adminRolePublicId, name: 'Administrator' });
    const refused = await t.call('DELETE', `UserMembership/${mine.publicId}`, as);
    expect(refused.status).toBe(409);
    expect(refused.body.data).toEqual([{ message: 'A company needs at least one administrator' }]);

    const other = await t.newMember(company, []);
    await t.call('PATCH', `UserMembership/${other.membershipPublicId}`, {
      ...as,
      body: { role: { publicId: company.adminRolePublicId } },
    });
    expect((await t.call('DELETE', `UserMembership/${mine.publicId}`, as)).status).toBe(200);
    expect((await t.call('GET', 'MyUserMembership', as)).status).toBe(404);
  });

  it('needs a token; bad bulk bodies are 400', async () => {
    const { company, as } = await companyWithRole();
    expect((await t.call('GET', 'MyUserMembership', { company: company.publicId })).status).toBe(401);
    expect(
      (await t.call('DELETE', 'UserMembership/abcdefabcdef', { company: company.publicId })).status,
    ).toBe(401);
    const cases: [unknown, object[]][] = [
      [{ publicId: 'abcdefabcdef' }, [{ message: 'Expected a list of objects with publicId' }]],
      [[], [{ message: 'The list is empty' }]],
      [[{ publicId: 'abcdefabcdef', role: 1 }], [{ message: 'Unknown property: role', listIndex: 0 }]],
      [
        [{ publicId: 'abcdefabcdef' }, { publicId: 'abcdefabcdef' }],
        [{ message: 'Duplicate', propertyName: 'publicId', listIndex: 1 }],
      ],
    ];
    for (const [body, data] of cases) {
      const response = await t.call('DELETE', 'UserMembershipList', { ...as, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.data).toEqual(data);
    }
  });
});
