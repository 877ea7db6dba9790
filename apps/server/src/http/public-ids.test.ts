import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/harness.ts';
import { agentFixtures } from '../modules/agents/agent.test-support.ts';
import { requestScenarios } from '../modules/access-requests/access-request.fixtures.ts';

const t = useTestServer();
const agents = agentFixtures(t);
const requests = requestScenarios(t);

const id = expect.stringMatching(/^[0-9a-z]{12}$/);

/** Every object in `value` (at any depth, in lists too) that has no `publicId`, by its path. */
function objectsWithoutPublicId(value: unknown, path = '$', exempt: string[] = []): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => objectsWithoutPublicId(item, `${path}[]`, exempt));
  if (value === null || typeof value !== 'object') return [];
  const own = Object.hasOwn(value, 'publicId') || exempt.includes(path) ? [] : [path];
  return [
    ...own,
    ...Object.entries(value).flatMap(([key, child]) =>
      objectsWithoutPublicId(child, `${path}.${key}`, exempt),
    ),
  ];
}

describe('publicId in every answer, whatever fields selects', () => {
  it('lists and items keep the publicId when fields leaves it out', async () => {
    const { as } = await agents.setup();
    const list = await t.call('GET', 'RoleList', { ...as, query: { fields: 'name' } });
    expect(list.status).toBe(200);
    const roles = list.body.data as { publicId: string; name: string }[];
    expect(roles.length).toBeGreaterThan(0);
    for (const role of roles) expect(role).toEqual({ publicId: id, name: expect.any(String) });
    const item = await t.call('GET', `Role/${roles[0]!.publicId}`, { ...as, query: { fields: 'builtIn' } });
    expect(item.body.data).toEqual({ publicId: roles[0]!.publicId, builtIn: true });
  });

  it('nested references keep theirs: fields=role(name) on memberships and users', async () => {
    const { company, as } = await agents.setup();
    const memberships = await t.call('GET', 'UserMembershipList', { ...as, query: { fields: 'role(name)' } });
    expect(memberships.body.data).toEqual([
      { publicId: id, role: { publicId: company.adminRolePublicId, name: expect.any(String) } },
    ]);
    const users = await t.call('GET', 'UserList', { ...as, query: { fields: 'role.name,membership' } });
    expect(users.body.data).toEqual([
      {
        publicId: company.admin.publicId,
        role: { publicId: company.adminRolePublicId, name: expect.any(String) },
        membership: { publicId: id, expiresOn: null },
      },
    ]);
  });

  it('agents: lists of servers, memberships with their group, and the VPN session', async () => {
    const { as } = await agents.setup();
    const group = await agents.createGroup(as, 'Hall B');
    const created = await agents.createAgent(as, {
      name: 'Press 4',
      servers: [{ name: 'HMI', host: '10.0.0.2', port: 80 }],
      memberships: [{ group: { publicId: group } }],
    });
    // The create answer is not projected: its presenter must carry the ids itself.
    expect(
      objectsWithoutPublicId(created, '$', [
        '$.rateLimiting',
        '$.myAccess',
        '$.logging',
        '$.alarming',
        '$.dataLogging',
      ]),
    ).toEqual([]);
    expect(created.memberships).toEqual([{ publicId: id, group: { publicId: group, name: 'Hall B' } }]);
    await agents.openVpnSession(created.publicId);

    const fields = 'servers(name),memberships.group.name,activeVpnSession(vpnAddress,rscServer(name))';
    const list = await t.call('GET', 'AgentList', { ...as, query: { fields } });
    expect(list.body.data).toEqual([
      {
        publicId: created.publicId,
        servers: [{ publicId: created.servers[0]!.publicId, name: 'HMI' }],
        memberships: [
          { publicId: created.memberships[0]!.publicId, group: { publicId: group, name: 'Hall B' } },
        ],
        activeVpnSession: {
          publicId: id,
          vpnAddress: '10.187.0.10',
          rscServer: { publicId: id, name: expect.any(String) },
        },
      },
    ]);
    const whole = await t.call('GET', `Agent/${created.publicId}`, as);
    expect(
      objectsWithoutPublicId(whole.body.data, '$', [
        '$.rateLimiting',
        '$.myAccess',
        '$.logging',
        '$.alarming',
        '$.dataLogging',
      ]),
    ).toEqual([]);
  });

  it('a membership of an agent keeps its publicId while it stays', async () => {
    const { as } = await agents.setup();
    const [first, second] = [await agents.createGroup(as, 'A'), await agents.createGroup(as, 'B')];
    const agent = await agents.createAgent(as, {
      name: 'Kiln',
      memberships: [{ group: { publicId: first } }],
    });
    const patched = await t.call('PATCH', `Agent/${agent.publicId}`, {
      ...as,
      body: { memberships: [{ group: { publicId: first } }, { group: { publicId: second } }] },
    });
    expect(patched.status).toBe(200);
    const memberships = (patched.body.data as typeof agent).memberships;
    expect(memberships.find((m) => m.group.publicId === first)?.publicId).toBe(
      agent.memberships[0]!.publicId,
    );
    expect(memberships.find((m) => m.group.publicId === second)?.publicId).toEqual(id);
  });

  it('access requests: user, agent, servers and approvers, listed, read and created', async () => {
    const s = await requests.scenario();
    const created = await s.createOk();
    expect(objectsWithoutPublicId(created)).toEqual([]);
    const list = await t.call('GET', 'AccessRequestList', {
      ...s.as(s.company.admin),
      query: { fields: 'user(name),servers(name),allowedApprovers(name)' },
    });
    expect(list.body.data).toEqual([
      {
        publicId: created.publicId,
        user: { publicId: s.requester.publicId, name: expect.any(String) },
        servers: [{ publicId: s.hmi.publicId, name: 'HMI' }],
        allowedApprovers: [{ publicId: s.approver.publicId, name: expect.any(String) }],
      },
    ]);
    const item = await t.call('GET', `AccessRequest/${created.publicId}`, {
      ...s.as(s.company.admin),
      query: { fields: 'agent(name)' },
    });
    expect(item.body.data).toEqual({
      publicId: created.publicId,
      agent: { publicId: s.agent.publicId, name: 'Filler line' },
    });
  });

  it("an invitee's invitations name the inviter by publicId too", async () => {
    const { company, as } = await agents.setup();
    const invitee = await t.newUser('Invitee');
    const sent = await t.call('POST', 'UserInviteList', {
      ...as,
      body: { emailAddress: invitee.emailAddress, role: { publicId: company.adminRolePublicId } },
    });
    expect(sent.status).toBe(201);
    const mine = await t.call('GET', 'MyUserInviteList', { token: invitee.token });
    const invites = mine.body.data as { invitedBy: unknown }[];
    expect(invites).toHaveLength(1);
    expect(invites[0]!.invitedBy).toEqual({ publicId: company.admin.publicId, name: 'Company Admin' });
    expect(objectsWithoutPublicId(invites)).toEqual([]);
  });
});
