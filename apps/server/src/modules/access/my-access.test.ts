import { describe, expect, it } from 'vitest';
import type { AccessRequest, Agent, AgentMyAccess, MyUser } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { period, requestScenarios } from '../access-requests/access-request.fixtures.ts';
import { agentFixtures } from '../agents/agent.test-support.ts';

const t = useTestServer();
const { scenario } = requestScenarios(t);
const agents = agentFixtures(t);

type Caller = { token: string; company: string };

async function myAccess(as: Caller, agentPublicId: string): Promise<AgentMyAccess | null> {
  const list = await t.call('GET', 'AgentList', { ...as, query: { fields: 'myAccess' } });
  expect(list.status).toBe(200);
  const fromList = (list.body.data as Agent[]).find((agent) => agent.publicId === agentPublicId);
  const item = await t.call('GET', `Agent/${agentPublicId}`, { ...as, query: { fields: 'myAccess' } });
  expect(item.status).toBe(200);
  expect((item.body.data as Agent).myAccess).toEqual(fromList?.myAccess);
  return fromList?.myAccess ?? null;
}

const decide = (rel: string, request: AccessRequest, user: { token: string }) =>
  t.call('POST', `${rel}/${request.publicId}`, { token: user.token });

describe('Agent myAccess (the reader’s own VPN access, portal spec §4)', () => {
  it('follows a requester’s VPN request from needing approval to pending, approved and revoked', async () => {
    const s = await scenario({ vpnLocked: true });
    const as = s.as(s.requester);
    expect(await myAccess(as, s.agent.publicId)).toEqual({
      vpn: 'needsApproval',
      web: 'direct',
      from: null,
      until: null,
      canRequest: true,
      // Web access is direct: every service, through the browser or the connector without VPN.
      webServers: [{ publicId: s.hmi.publicId }, { publicId: s.plc.publicId }],
    });

    const request = await s.createOk({ vpn: true, servers: [], ...period(60, 0) });
    expect(await myAccess(as, s.agent.publicId)).toMatchObject({ vpn: 'pending', until: null });
    expect((await decide('AccessRequestApprove', request, s.approver)).status).toBe(200);
    expect(await myAccess(as, s.agent.publicId)).toEqual({
      vpn: 'approved',
      web: 'direct',
      from: request.start,
      until: request.end,
      canRequest: true,
      webServers: [{ publicId: s.hmi.publicId }, { publicId: s.plc.publicId }],
    });

    // The approver may not connect at all; the administrator connects without approval.
    expect(await myAccess(s.as(s.approver), s.agent.publicId)).toMatchObject({ vpn: 'notAllowed' });
    expect(await myAccess(s.as(s.company.admin), s.agent.publicId)).toMatchObject({ vpn: 'direct' });

    expect((await decide('AccessRequestRevoke', request, s.approver)).status).toBe(200);
    expect(await myAccess(as, s.agent.publicId)).toMatchObject({ vpn: 'needsApproval' });
  });

  it('counts only VPN requests for VPN, any request for web access, and says when an approval starts later', async () => {
    const s = await scenario({ vpnRequireAccessApproval: true, webAccessLocked: true });
    const as = s.as(s.requester);
    expect(await myAccess(as, s.agent.publicId)).toMatchObject({
      vpn: 'needsApproval',
      web: 'needsApproval',
      webServers: [],
    });
    const web = await s.createOk({ vpn: false, ...period(60, 0) });
    expect(await myAccess(as, s.agent.publicId)).toMatchObject({
      vpn: 'needsApproval',
      web: 'requested',
      webServers: [],
    });
    expect((await decide('AccessRequestApprove', web, s.approver)).status).toBe(200);
    // The approved web request reaches exactly the service it names.
    expect(await myAccess(as, s.agent.publicId)).toMatchObject({
      vpn: 'needsApproval',
      web: 'requested',
      webServers: [{ publicId: s.hmi.publicId }],
    });

    const later = await s.createOk({ vpn: true, servers: [], ...period(30, 120) });
    expect((await decide('AccessRequestApprove', later, s.approver)).status).toBe(200);
    expect(await myAccess(as, s.agent.publicId)).toEqual({
      vpn: 'scheduled',
      web: 'requested',
      from: later.start,
      until: later.end,
      canRequest: true,
      // A VPN approval that starts later adds nothing yet.
      webServers: [{ publicId: s.hmi.publicId }],
    });
  });

  it('is direct without a VPN lock or approval requirement, and for those who bypass approval', async () => {
    const open = await scenario({ webAccessLocked: true });
    expect(await myAccess(open.as(open.requester), open.agent.publicId)).toEqual({
      vpn: 'direct',
      web: 'needsApproval',
      from: null,
      until: null,
      canRequest: true,
      webServers: [],
    });

    const s = await scenario({ vpnLocked: true });
    // Connect without the right to request access: approval does not apply (spec §4).
    const connectOnly = await t.newMember(s.company, ['agents.connect']);
    expect(await myAccess(s.as(connectOnly), s.agent.publicId)).toEqual({
      vpn: 'direct',
      web: 'direct',
      from: null,
      until: null,
      canRequest: false,
      webServers: [{ publicId: s.hmi.publicId }, { publicId: s.plc.publicId }],
    });
    const manager = await t.newMember(s.company, ['agents.connect', 'accessRequests.manage']);
    expect(await myAccess(s.as(manager), s.agent.publicId)).toMatchObject({ vpn: 'direct' });
    const requestOnly = await t.newMember(s.company, ['accessRequests.use']);
    expect(await myAccess(s.as(requestOnly), s.agent.publicId)).toMatchObject({
      vpn: 'notAllowed',
      web: 'notAllowed',
      canRequest: true,
      webServers: [],
    });
  });

  it('takes the roles given in a group of the agent or a parent group into account', async () => {
    const { company, as } = await agents.setup();
    const site = await agents.createGroup(as, 'Site');
    const line = await agents.createGroup(as, 'Line', site);
    const inLine = await agents.createAgent(as, {
      name: 'In line',
      vpnLocked: true,
      memberships: [{ group: { publicId: line } }],
    });
    const elsewhere = await agents.createAgent(as, { name: 'Elsewhere', vpnLocked: true });
    const engineer = await t.newMember(company, ['agents.connect', 'accessRequests.use']);
    await agents.addGroupMember(company, site, engineer, ['accessRequests.manage']);
    const engineerAs = { token: engineer.token, company: company.publicId };
    const serviced = await agents.createAgent(as, {
      name: 'Serviced',
      servers: [{ name: 'PLC', host: '10.0.0.2', port: 102, requireAccessApproval: true }],
    });
    const withFree = await agents.createAgent(as, {
      name: 'Half free',
      servers: [
        { name: 'HMI', host: '10.0.0.1', port: 80 },
        { name: 'PLC', host: '10.0.0.2', port: 102, requireAccessApproval: true },
      ],
    });
    // A service that requires approval makes web access need it; VPN stays direct.
    expect(await myAccess(engineerAs, serviced.publicId)).toMatchObject({
      vpn: 'direct',
      web: 'needsApproval',
      webServers: [],
    });
    // The services needing no approval stay reachable by web.
    const hmi = withFree.servers.find((server) => server.name === 'HMI')!;
    expect(await myAccess(engineerAs, withFree.publicId)).toMatchObject({
      web: 'needsApproval',
      webServers: [{ publicId: hmi.publicId }],
    });
    expect(await myAccess(engineerAs, inLine.publicId)).toMatchObject({ vpn: 'direct' });
    expect(await myAccess(engineerAs, elsewhere.publicId)).toMatchObject({ vpn: 'needsApproval' });
  });

  it('is in the answer to a change as in a read, and selectable and checked like every field', async () => {
    const { company, as } = await agents.setup();
    const created = await agents.createAgent(as, { name: 'Gateway', vpnLocked: true });
    expect(created.myAccess).toMatchObject({ vpn: 'direct' });
    const projected = await t.call('GET', `Agent/${created.publicId}`, {
      ...as,
      query: { fields: 'myAccess(vpn)' },
    });
    expect(projected.body.data).toEqual({ publicId: created.publicId, myAccess: { vpn: 'direct' } });
    const both = await t.call('GET', 'AgentList', { ...as, query: { fields: 'myAccess(vpn,web)' } });
    expect(both.body.data).toEqual([
      { publicId: created.publicId, myAccess: { vpn: 'direct', web: 'direct' } },
    ]);
    const bad = await t.call('GET', 'AgentList', { ...as, query: { fields: 'myAccess(colour)' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([{ message: expect.any(String), propertyName: 'fields' }]);
    expect((await t.call('GET', 'AgentList', { company: company.publicId })).status).toBe(401);
    const other = await agents.setup();
    expect((await t.call('GET', `Agent/${created.publicId}`, other.as)).status).toBe(404);
  });
});

describe('MyUser approvesAccessRequests', () => {
  const approves = async (user: { token: string }, company?: string) => {
    const response = await t.call('GET', 'MyUser', { token: user.token, company });
    expect(response.status).toBe(200);
    return (response.body.data as MyUser).approvesAccessRequests;
  };

  it('is true for a company role or a group role that manages access requests, false otherwise', async () => {
    const { company, as } = await agents.setup();
    const engineer = await t.newMember(company, ['agents.connect', 'accessRequests.use']);
    const approver = await t.newMember(company, ['accessRequests.manage']);
    const groupApprover = await t.newMember(company, ['agents.connect', 'accessRequests.use']);
    await agents.addGroupMember(company, await agents.createGroup(as, 'Line'), groupApprover, [
      'accessRequests.manage',
    ]);
    expect(await approves(company.admin, company.publicId)).toBe(true);
    expect(await approves(approver, company.publicId)).toBe(true);
    expect(await approves(groupApprover, company.publicId)).toBe(true);
    expect(await approves(engineer, company.publicId)).toBe(false);
    // Without a company acted in, nothing is approved.
    expect(await approves(company.admin)).toBe(false);
  });
});
