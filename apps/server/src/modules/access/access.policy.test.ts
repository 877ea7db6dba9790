import { describe, expect, it } from 'vitest';
import { deviceErrors, type Capability } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import {
  agentCapabilities,
  evaluateAccess,
  usersHoldingForAgent,
  type AgentAccessFacts,
} from './access.policy.ts';
import { deviceFixtures } from './device.fixtures.ts';

const t = useTestServer();
const f = deviceFixtures(() => t.server.db);

const user = ['agents.connect', 'accessRequests.use'] as const satisfies Capability[];
const hour = 3_600_000;
const now = new Date('2030-06-01T12:00:00Z');

type Flags = { vpnLocked?: boolean; webAccessLocked?: boolean; vpnRequireAccessApproval?: boolean };

/** A company, an agent with two services (the second requiring approval when asked), and a member. */
async function setup(flags: Flags = {}, capabilities: Capability[] = [...user], approvalOnSecond = false) {
  const company = await t.newCompany();
  const agent = await f.agent(company.publicId, flags);
  const first = await f.server(agent);
  const second = await f.server(agent, { requireAccessApproval: approvalOnSecond });
  const member = await t.newMember(company, capabilities);
  const userId = await f.idOf('users', member.publicId);
  const facts: AgentAccessFacts = {
    id: agent.id,
    companyId: agent.companyId,
    vpnLocked: flags.vpnLocked ?? false,
    webAccessLocked: flags.webAccessLocked ?? false,
    vpnRequireAccessApproval: flags.vpnRequireAccessApproval ?? false,
    servers: [
      { id: first.id, requireAccessApproval: false },
      { id: second.id, requireAccessApproval: approvalOnSecond },
    ],
  };
  const evaluate = (vpn: boolean, serverIds: number[] = []) =>
    evaluateAccess(t.server.db, { userId, agent: facts, vpn, serverIds, now });
  const request = (options: {
    vpn: boolean;
    status?: 'pending' | 'approved' | 'rejected' | 'revoked';
    startsOn?: Date;
    endsOn?: Date;
    serverIds?: number[];
    userId?: number;
  }) =>
    f.request({
      agent,
      userId: options.userId ?? userId,
      vpn: options.vpn,
      status: options.status ?? 'approved',
      startsOn: options.startsOn ?? new Date(now.getTime() - hour),
      endsOn: options.endsOn ?? new Date(now.getTime() + hour),
      serverIds: options.serverIds ?? [],
    });
  return { company, agent, first, second, member, userId, facts, evaluate, request };
}

const allowedFreely = { allowed: true, accessRequestId: null, until: null };
const needsRequest = { allowed: false, message: deviceErrors.accessRequestRequired };
const everythingLocked = { vpnLocked: true, webAccessLocked: true, vpnRequireAccessApproval: true };

describe('evaluateAccess: who may connect at all', () => {
  it('denies users without agents.connect, even when nothing is locked', async () => {
    const s = await setup({}, ['accessRequests.use', 'accessRequests.manage']);
    const denied = { allowed: false, message: deviceErrors.connectNotAllowed };
    expect(await s.evaluate(true)).toEqual(denied);
    expect(await s.evaluate(false, [s.first.id])).toEqual(denied);
  });

  it('denies users of another company', async () => {
    const s = await setup();
    const other = await t.newCompany();
    const outsider = await f.idOf('users', other.admin.publicId);
    const decision = await evaluateAccess(t.server.db, {
      userId: outsider,
      agent: s.facts,
      vpn: false,
      serverIds: [s.first.id],
      now,
    });
    expect(decision).toEqual({ allowed: false, message: deviceErrors.connectNotAllowed });
  });

  it('grants connect through a group role on a group containing the agent', async () => {
    const s = await setup({}, []);
    expect((await s.evaluate(false, [s.first.id])).allowed).toBe(false);
    const groupId = await f.group(s.agent.companyId, { agentId: s.agent.id });
    await f.groupRole(s.agent.companyId, groupId, s.member.publicId, ['agents.connect']);
    expect(await s.evaluate(false, [s.first.id])).toEqual(allowedFreely);
  });
});

describe('evaluateAccess: bypassing approval', () => {
  it('lets users who cannot use access requests through a locked agent', async () => {
    const s = await setup(everythingLocked, ['agents.connect'], true);
    expect(await s.evaluate(true)).toEqual(allowedFreely);
    expect(await s.evaluate(false, [s.second.id])).toEqual(allowedFreely);
  });

  it('lets users who manage access requests in the company through', async () => {
    const s = await setup(everythingLocked, [...user, 'accessRequests.manage'], true);
    expect(await s.evaluate(true)).toEqual(allowedFreely);
    expect(await s.evaluate(false, [s.first.id, s.second.id])).toEqual(allowedFreely);
  });

  it('lets the company administrator (built-in role) through', async () => {
    const s = await setup(everythingLocked);
    const adminId = await f.idOf('users', s.company.admin.publicId);
    const decision = await evaluateAccess(t.server.db, {
      userId: adminId,
      agent: s.facts,
      vpn: true,
      serverIds: [],
      now,
    });
    expect(decision).toEqual(allowedFreely);
  });

  it('lets users who manage access requests through a group containing the agent', async () => {
    const s = await setup(everythingLocked);
    expect(await s.evaluate(true)).toEqual(needsRequest);
    const groupId = await f.group(s.agent.companyId, { agentId: s.agent.id });
    await f.groupRole(s.agent.companyId, groupId, s.member.publicId, ['accessRequests.manage']);
    expect(await s.evaluate(true)).toEqual(allowedFreely);
  });

  it('lets users who manage access requests through a parent of the agent’s group', async () => {
    const s = await setup(everythingLocked);
    const grandparent = await f.group(s.agent.companyId);
    const parent = await f.group(s.agent.companyId, { parentId: grandparent });
    await f.group(s.agent.companyId, { parentId: parent, agentId: s.agent.id });
    await f.groupRole(s.agent.companyId, grandparent, s.member.publicId, ['accessRequests.manage']);
    expect(await s.evaluate(true)).toEqual(allowedFreely);
  });

  it('does not count a role in a group the agent is not in, nor in a subgroup of its group', async () => {
    const s = await setup(everythingLocked);
    const agentGroup = await f.group(s.agent.companyId, { agentId: s.agent.id });
    const child = await f.group(s.agent.companyId, { parentId: agentGroup });
    const unrelated = await f.group(s.agent.companyId);
    await f.groupRole(s.agent.companyId, child, s.member.publicId, ['accessRequests.manage']);
    await f.groupRole(s.agent.companyId, unrelated, s.member.publicId, ['accessRequests.manage']);
    expect(await s.evaluate(true)).toEqual(needsRequest);
  });
});

describe('evaluateAccess: when approval is needed', () => {
  it('allows everything on an agent that is neither locked nor requires approval', async () => {
    const s = await setup();
    expect(await s.evaluate(true)).toEqual(allowedFreely);
    expect(await s.evaluate(false, [s.first.id, s.second.id])).toEqual(allowedFreely);
  });

  it.each([['vpnLocked'], ['vpnRequireAccessApproval']] as const)(
    '%s needs a request for VPN only',
    async (flag) => {
      const s = await setup({ [flag]: true });
      expect(await s.evaluate(true)).toEqual(needsRequest);
      expect(await s.evaluate(false, [s.first.id])).toEqual(allowedFreely);
    },
  );

  it('webAccessLocked needs a request for web access only', async () => {
    const s = await setup({ webAccessLocked: true });
    expect(await s.evaluate(false, [s.first.id])).toEqual(needsRequest);
    expect(await s.evaluate(true)).toEqual(allowedFreely);
  });

  it('a service requiring approval needs a request for web access to that service', async () => {
    const s = await setup({}, [...user], true);
    expect(await s.evaluate(false, [s.second.id])).toEqual(needsRequest);
    expect(await s.evaluate(false, [s.first.id, s.second.id])).toEqual(needsRequest);
    expect(await s.evaluate(false, [s.first.id])).toEqual(allowedFreely);
    expect(await s.evaluate(true)).toEqual(allowedFreely);
  });
});

describe('evaluateAccess: which requests count', () => {
  it('allows with an approved request valid now, until its end', async () => {
    const s = await setup(everythingLocked);
    const id = await s.request({ vpn: true });
    expect(await s.evaluate(true)).toEqual({
      allowed: true,
      accessRequestId: id,
      until: new Date(now.getTime() + hour),
    });
  });

  it.each([
    ['pending', { status: 'pending' }],
    ['rejected', { status: 'rejected' }],
    ['revoked', { status: 'revoked' }],
    [
      'not yet started',
      { startsOn: new Date(now.getTime() + 60_000), endsOn: new Date(now.getTime() + hour) },
    ],
    ['expired', { startsOn: new Date(now.getTime() - 2 * hour), endsOn: new Date(now.getTime() - 1) }],
    ['ending exactly now', { startsOn: new Date(now.getTime() - hour), endsOn: now }],
  ] as const)('denies with a request that is %s', async (_name, options) => {
    const s = await setup(everythingLocked);
    await s.request({ vpn: true, ...options });
    expect(await s.evaluate(true)).toEqual(needsRequest);
  });

  it('counts a request from its start', async () => {
    const s = await setup(everythingLocked);
    const id = await s.request({ vpn: true, startsOn: now });
    expect(await s.evaluate(true)).toMatchObject({ allowed: true, accessRequestId: id });
  });

  it('ignores requests of other users and for other agents', async () => {
    const s = await setup(everythingLocked);
    const colleague = await t.newMember(s.company, [...user]);
    await s.request({ vpn: true, userId: await f.idOf('users', colleague.publicId) });
    const otherAgent = await f.agent(s.company.publicId, everythingLocked);
    await f.request({
      agent: otherAgent,
      userId: s.userId,
      vpn: true,
      status: 'approved',
      startsOn: new Date(now.getTime() - hour),
      endsOn: new Date(now.getTime() + hour),
    });
    expect(await s.evaluate(true)).toEqual(needsRequest);
  });

  it('lets a VPN request cover web access to any service', async () => {
    const s = await setup(everythingLocked, [...user], true);
    const id = await s.request({ vpn: true });
    expect(await s.evaluate(false, [s.first.id, s.second.id])).toMatchObject({
      allowed: true,
      accessRequestId: id,
    });
  });

  it('does not let a web request cover VPN', async () => {
    const s = await setup(everythingLocked);
    await s.request({ vpn: false, serverIds: [s.first.id, s.second.id] });
    expect(await s.evaluate(true)).toEqual(needsRequest);
  });

  it('needs a web request that names every chosen service', async () => {
    const s = await setup({ webAccessLocked: true });
    const id = await s.request({ vpn: false, serverIds: [s.first.id] });
    expect(await s.evaluate(false, [s.first.id])).toMatchObject({ allowed: true, accessRequestId: id });
    expect(await s.evaluate(false, [s.first.id, s.second.id])).toEqual(needsRequest);
    expect(await s.evaluate(false, [s.second.id])).toEqual(needsRequest);
    const both = await s.request({ vpn: false, serverIds: [s.first.id, s.second.id] });
    expect(await s.evaluate(false, [s.first.id, s.second.id])).toMatchObject({
      allowed: true,
      accessRequestId: both,
    });
  });

  it('uses the approved request that lasts longest', async () => {
    const s = await setup(everythingLocked);
    await s.request({ vpn: true });
    const longer = await s.request({ vpn: true, endsOn: new Date(now.getTime() + 3 * hour) });
    expect(await s.evaluate(true)).toMatchObject({
      accessRequestId: longer,
      until: new Date(now.getTime() + 3 * hour),
    });
  });
});

describe('agentCapabilities and usersHoldingForAgent', () => {
  it('agree on who holds a capability for an agent', async () => {
    const s = await setup({}, []);
    const direct = await t.newMember(s.company, ['accessRequests.manage']);
    const viaGroup = await t.newMember(s.company, []);
    const viaParent = await t.newMember(s.company, []);
    const parent = await f.group(s.agent.companyId);
    const groupId = await f.group(s.agent.companyId, { parentId: parent, agentId: s.agent.id });
    await f.groupRole(s.agent.companyId, groupId, viaGroup.publicId, ['accessRequests.manage']);
    await f.groupRole(s.agent.companyId, parent, viaParent.publicId, ['accessRequests.manage']);
    const holders = await usersHoldingForAgent(t.server.db, s.agent, 'accessRequests.manage');
    const expected = [s.company.admin, direct, viaGroup, viaParent];
    expect(holders.sort()).toEqual(
      (await Promise.all(expected.map((u) => f.idOf('users', u.publicId)))).sort(),
    );
    for (const id of [...holders, s.userId]) {
      const held = await agentCapabilities(t.server.db, id, s.agent);
      expect(held.has('accessRequests.manage')).toBe(holders.includes(id));
    }
  });
});
