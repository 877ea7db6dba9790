import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { relayCloseCodes, type TunnelTicket } from '@fleetgate/contracts';
import { useTestServer } from '../../test/harness.ts';
import { startSimulator, type Simulator } from '../../../agent/src/simulator.ts';
import type { AgentRunner } from '../../../agent/src/agent-runner.ts';
import { newPublicId } from '../http/ids.ts';
import { agentFixtures } from '../modules/agents/agent.test-support.ts';
import { openRelayClient, seedAgent, startAgent, type SeededAgent } from './relay.test-support.ts';

// Neither the periodic access check nor the ended-access sweep comes round during a test: a
// session that closes at the end of temporary access was closed by its own timer.
const t = useTestServer({ relay: { revalidateMs: 600_000 }, temporaryAccessSweepMs: 600_000 });
const f = agentFixtures(t);

let simulator: Simulator;
const runners: AgentRunner[] = [];
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await simulator.close();
});

async function setup() {
  const { company, as } = await f.setup();
  const agent = await seedAgent(t.server.db, company.publicId, { servers: simulator.services });
  runners.push(await startAgent(t.server.baseUrl, agent, simulator.services));
  return { company, as, agent };
}

async function ticket(as: { token: string; company: string }, agent: SeededAgent) {
  const response = await t.call('POST', `AgentTunnelTicketList/${agent.publicId}`, {
    ...as,
    body: { vpn: true },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as TunnelTicket;
}

const soon = () => new Date(Date.now() + 1500).toISOString();

describe('relay: temporary access ends open sessions at its end', () => {
  it('closes the session of a member whose company membership ends (ACCESS_EXPIRED), not the others', async () => {
    const { company, as, agent } = await setup();
    const member = await t.newMember(company, ['agents.connect']);
    const patched = await t.call('PATCH', `UserMembership/${member.membershipPublicId}`, {
      ...as,
      body: { expiresOn: soon() },
    });
    expect(patched.status).toBe(200);
    const admins = await openRelayClient(await ticket(as, agent));
    const client = await openRelayClient(
      await ticket({ token: member.token, company: company.publicId }, agent),
    );
    expect(await client.closed).toEqual({ code: relayCloseCodes.accessEnded, reason: 'ACCESS_EXPIRED' });
    expect(admins.ws.readyState).toBe(WebSocket.OPEN);
    admins.ws.close();
    await admins.closed;
  });

  it('closes the session a group role gave when that group membership ends', async () => {
    const { company, as, agent } = await setup();
    const group = await f.createGroup(as, 'Line');
    const groupId = await f.idOf('groups', group);
    await t.server.db
      .insertInto('agent_groups')
      .values({ public_id: newPublicId(), agent_id: agent.id, group_id: groupId })
      .execute();
    const role = await t.call('POST', 'RoleList', {
      ...as,
      body: { name: `Engineer ${t.unique()}`, capabilities: ['agents.connect'] },
    });
    const member = await t.newMember(company, []);
    const given = await t.call('POST', 'GroupMemberList', {
      ...as,
      body: {
        group: { publicId: group },
        user: { publicId: member.publicId },
        role: { publicId: (role.body.data as { publicId: string }).publicId },
        expiresOn: soon(),
      },
    });
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    const client = await openRelayClient(
      await ticket({ token: member.token, company: company.publicId }, agent),
    );
    expect(await client.closed).toEqual({ code: relayCloseCodes.accessEnded, reason: 'ACCESS_EXPIRED' });
    // And a new ticket is refused.
    const refused = await t.call('POST', `AgentTunnelTicketList/${agent.publicId}`, {
      token: member.token,
      company: company.publicId,
      body: { vpn: true },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual([{ message: 'CONNECT_NOT_ALLOWED' }]);
  });
});
