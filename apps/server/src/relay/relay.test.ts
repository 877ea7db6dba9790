import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayCloseCodes, type TunnelTicket } from '@fleetgate/contracts';
import { useTestServer } from '../../test/harness.ts';
import { startSimulator, type Simulator } from '../../../agent/src/simulator.ts';
import type { AgentRunner } from '../../../agent/src/agent-runner.ts';
import {
  echo,
  eventually,
  idOf,
  openRelayClient,
  resetReason,
  seedAccessRequest,
  seedAgent,
  startAgent,
  upgradeStatus,
  type SeededAgent,
} from './relay.test-support.ts';

const t = useTestServer({ relay: { revalidateMs: 300, usageFlushMs: 200 } });

let simulator: Simulator;
const runners: AgentRunner[] = [];
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await simulator.close();
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A company with an attached agent whose services are the simulator's plus one it does not have. */
async function setup(options: { requireApproval?: boolean } = {}) {
  const company = await t.newCompany();
  const [hmi, echoService] = simulator.services;
  const agent = await seedAgent(t.server.db, company.publicId, {
    vpnRequireAccessApproval: options.requireApproval ?? false,
    servers: [
      { ...hmi!, requireAccessApproval: options.requireApproval ?? false },
      { ...echoService!, requireAccessApproval: options.requireApproval ?? false },
      // The relay asks for it, but the agent is not configured with it.
      { name: 'ssh', host: '127.0.0.1', port: 22 },
    ],
  });
  runners.push(await startAgent(t.server.baseUrl, agent, simulator.services));
  const as = { token: company.admin.token, company: company.publicId };
  return { company, agent, as };
}

async function ticket(
  as: { token: string; company: string },
  agent: SeededAgent,
  body: { vpn: boolean; servers?: { publicId: string }[] },
) {
  const response = await t.call('POST', `AgentTunnelTicketList/${agent.publicId}`, { ...as, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as TunnelTicket;
}

describe('relay: bytes through a real agent to real TCP services', () => {
  it('records the agent as online with a VPN address in the built-in range', async () => {
    const { agent } = await setup();
    const session = await t.server.db
      .selectFrom('vpn_sessions')
      .select(['vpn_address', 'ended_at'])
      .where('agent_id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(session.ended_at).toBeNull();
    expect(session.vpn_address).toMatch(/^10\.187\.\d{1,3}\.\d{1,3}$/);
    const row = await t.server.db
      .selectFrom('agents')
      .select('last_seen_at')
      .where('id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(row.last_seen_at).not.toBeNull();
  });

  it('carries 5 MB to the echo service and back intact, and serves the HMI page', async () => {
    const { agent, as, company } = await setup();
    const issued = await ticket(as, agent, { vpn: true });
    expect(issued.servers.map((s) => s.name)).toEqual(['hmi', 'echo', 'ssh']);
    const client = await openRelayClient(issued);

    const data = randomBytes(5 * 1024 * 1024);
    const echoed = await echo(client.open('echo'), data);
    expect(echoed.length).toBe(data.length);
    expect(sha256(echoed)).toBe(sha256(data));

    const hmi = client.open(agent.servers[0]!.publicId);
    const page = await new Promise<string>((resolve) => {
      let text = '';
      hmi.on('data', (chunk: Buffer) => (text += chunk.toString()));
      hmi.on('end', () => resolve(text));
      hmi.end('GET / HTTP/1.0\r\nHost: hmi\r\n\r\n');
    });
    expect(page).toMatch(/^HTTP\/1\.1 200/);
    expect(page).toContain('HMI');

    // Bytes are counted per session and per company and day.
    const companyId = await idOf(t.server.db, 'companies', company.publicId);
    const usage = await eventually(async () => {
      const row = await t.server.db
        .selectFrom('company_data_usage')
        .select('bytes')
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      return row && Number(row.bytes) >= 2 * data.length ? Number(row.bytes) : undefined;
    });
    expect(usage).toBeGreaterThanOrEqual(2 * data.length);
    client.ws.close();
    const session = await eventually(async () =>
      t.server.db
        .selectFrom('client_sessions')
        .select(['bytes_up', 'bytes_down', 'end_reason', 'vpn'])
        .where('agent_id', '=', agent.id)
        .where('ended_at', 'is not', null)
        .executeTakeFirst(),
    );
    expect(Number(session.bytes_up)).toBeGreaterThanOrEqual(data.length);
    expect(Number(session.bytes_down)).toBeGreaterThanOrEqual(data.length);
    expect(session).toMatchObject({ end_reason: 'client disconnected', vpn: true });
  });

  it('bounds the streams of one session (each may hold a window in the relay)', async () => {
    const { agent, as } = await setup();
    const client = await openRelayClient(await ticket(as, agent, { vpn: true }));
    const open = Array.from({ length: 64 }, () => client.open('echo'));
    const refused = resetReason(client.open('echo'));
    expect(await refused).toBe('too many streams');
    const data = randomBytes(1000);
    expect(sha256(await echo(open[63]!, data))).toBe(sha256(data));
    client.ws.close();
  });

  it('refuses targets outside the ticket, and the agent refuses addresses outside its list', async () => {
    const { agent, as } = await setup();
    const [hmi, , ssh] = agent.servers;
    const webTicket = await ticket(as, agent, { vpn: false, servers: [{ publicId: hmi!.publicId }] });
    const web = await openRelayClient(webTicket);
    expect(await resetReason(web.open('echo'))).toBe('refused: echo is not a service of this session');
    expect(await resetReason(web.open('127.0.0.1:22'))).toBe(
      'refused: 127.0.0.1:22 is not a service of this session',
    );
    web.ws.close();

    // The relay opens 127.0.0.1:22 on the agent because a server row says so; the agent's own list refuses.
    const sshTicket = await ticket(as, agent, { vpn: false, servers: [{ publicId: ssh!.publicId }] });
    const client = await openRelayClient(sshTicket);
    expect(await resetReason(client.open('ssh'))).toBe(
      "refused: 127.0.0.1:22 is not one of this agent's services",
    );
    client.ws.close();
  });

  it('redeems a ticket once: a second upgrade, an expired or a made-up ticket is a 401', async () => {
    const { agent, as } = await setup();
    const issued = await ticket(as, agent, { vpn: true });
    const client = await openRelayClient(issued);
    const again = `${issued.relayUrl}?ticket=${issued.ticket}`;
    expect((await upgradeStatus(again)).status).toBe(401);
    client.ws.close();

    const expired = await ticket(as, agent, { vpn: true });
    await t.server.db
      .updateTable('relay_tickets')
      .set({ expires_on: new Date(Date.now() - 1000) })
      .execute();
    expect((await upgradeStatus(`${expired.relayUrl}?ticket=${expired.ticket}`)).status).toBe(401);
    expect((await upgradeStatus(`${expired.relayUrl}?ticket=${'x'.repeat(43)}`)).status).toBe(401);
    expect((await upgradeStatus(expired.relayUrl)).status).toBe(401);

    // The ticket may come as a bearer token too.
    const bearer = await ticket(as, agent, { vpn: true });
    expect((await upgradeStatus(bearer.relayUrl, { Authorization: `Bearer ${bearer.ticket}` })).status).toBe(
      101,
    );
  });

  it('closes a live session when its access request is revoked (at the next check or on the event)', async () => {
    const { company, agent } = await setup({ requireApproval: true });
    const member = await t.newMember(company, ['agents.connect', 'accessRequests.use']);
    const memberAs = { token: member.token, company: company.publicId };
    const body = { vpn: false, servers: [{ publicId: agent.servers[1]!.publicId }] };
    const refused = await t.call('POST', `AgentTunnelTicketList/${agent.publicId}`, { ...memberAs, body });
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual([{ message: 'ACCESS_REQUEST_REQUIRED' }]);

    const requestId = await seedAccessRequest(t.server.db, agent, member.publicId, {
      vpn: false,
      serverIds: [agent.servers[1]!.id],
    });
    const client = await openRelayClient(await ticket(memberAs, agent, body));
    const data = randomBytes(64 * 1024);
    expect(sha256(await echo(client.open('echo'), data))).toBe(sha256(data));

    // The close reason says what happened and who did it, so the user is not told it "expired".
    const approver = await t.newMember(company, ['accessRequests.manage']);
    const approverRow = await t.server.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('public_id', '=', approver.publicId)
      .executeTakeFirstOrThrow();
    await t.server.db
      .updateTable('access_requests')
      .set({ status: 'revoked', decided_by_user_id: approverRow.id, decided_at: new Date() })
      .where('id', '=', requestId)
      .execute();
    expect(await client.closed).toEqual({
      code: relayCloseCodes.accessEnded,
      reason: `ACCESS_REVOKED:${approverRow.name}`,
    });
    const ended = await eventually(async () =>
      t.server.db
        .selectFrom('client_sessions')
        .select('end_reason')
        .where('agent_id', '=', agent.id)
        .where('ended_at', 'is not', null)
        .executeTakeFirst(),
    );
    expect(ended.end_reason).toBe(`ACCESS_REVOKED:${approverRow.name}`);

    // A ticket issued before the revocation does not open a session after it.
    const secondId = await seedAccessRequest(t.server.db, agent, member.publicId, {
      vpn: false,
      serverIds: [agent.servers[1]!.id],
    });
    const early = await ticket(memberAs, agent, body);
    await t.server.db
      .updateTable('access_requests')
      .set({ status: 'revoked' })
      .where('id', '=', secondId)
      .execute();
    const late = await openRelayClient(early);
    expect(await late.closed).toEqual({
      code: relayCloseCodes.accessEnded,
      reason: 'ACCESS_REQUEST_REQUIRED',
    });
  });

  it('ends a session when the approved request ends, and when the user leaves the company', async () => {
    const { company, agent } = await setup({ requireApproval: true });
    const member = await t.newMember(company, ['agents.connect', 'accessRequests.use']);
    const memberAs = { token: member.token, company: company.publicId };
    await seedAccessRequest(t.server.db, agent, member.publicId, {
      vpn: true,
      endsOn: new Date(Date.now() + 1500),
    });
    const shortLived = await openRelayClient(await ticket(memberAs, agent, { vpn: true }));
    const started = Date.now();
    expect(await shortLived.closed).toEqual({ code: relayCloseCodes.accessEnded, reason: 'ACCESS_EXPIRED' });
    expect(Date.now() - started).toBeLessThan(5000);

    await seedAccessRequest(t.server.db, agent, member.publicId, { vpn: true });
    const client = await openRelayClient(await ticket(memberAs, agent, { vpn: true }));
    const userId = await idOf(t.server.db, 'users', member.publicId);
    await t.server.db.deleteFrom('memberships').where('user_id', '=', userId).execute();
    // An event about the company makes the relay check at once.
    await t.server.built.events.publish(
      { companyId: await idOf(t.server.db, 'companies', company.publicId) },
      { type: 'AgentStatusChanged', data: { publicId: agent.publicId, status: 'online' } },
    );
    expect(await client.closed).toEqual({ code: relayCloseCodes.accessEnded, reason: 'CONNECT_NOT_ALLOWED' });
  });

  it('closes a web session when the agent gets locked for web access', async () => {
    const { company, agent } = await setup();
    const member = await t.newMember(company, ['agents.connect', 'accessRequests.use']);
    const memberAs = { token: member.token, company: company.publicId };
    const client = await openRelayClient(
      await ticket(memberAs, agent, { vpn: false, servers: [{ publicId: agent.servers[0]!.publicId }] }),
    );
    await t.server.db
      .updateTable('agents')
      .set({ web_access_locked: true })
      .where('id', '=', agent.id)
      .execute();
    expect(await client.closed).toEqual({
      code: relayCloseCodes.accessEnded,
      reason: 'ACCESS_REQUEST_REQUIRED',
    });
  });

  it('ends client sessions when the agent disconnects, and records the agent offline', async () => {
    const { agent, as, company } = await setup();
    const seen: string[] = [];
    const stop = t.server.built.events.listen(({ event }) => {
      if (event.type === 'AgentStatusChanged' && event.data.publicId === agent.publicId)
        seen.push(event.data.status);
    });
    const client = await openRelayClient(await ticket(as, agent, { vpn: true }));
    const stream = client.open('echo');
    await echo(stream, Buffer.from('hello'));
    await runners.pop()!.stop();
    expect(await client.closed).toEqual({ code: relayCloseCodes.agentGone, reason: 'agent disconnected' });
    await eventually(async () => (seen.includes('offline') ? true : undefined));
    stop();
    const open = await t.server.db
      .selectFrom('vpn_sessions')
      .select('id')
      .where('agent_id', '=', agent.id)
      .where('ended_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
    const offline = await t.call('POST', `AgentTunnelTicketList/${agent.publicId}`, {
      ...as,
      body: { vpn: true },
    });
    expect(offline.status).toBe(409);
    expect(offline.body.data).toEqual([{ message: 'AGENT_OFFLINE' }]);
    expect(company.publicId).toBeTruthy();
  });
});
