import { afterAll, describe, expect, it } from 'vitest';
import type { TunnelTicket } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { hashSecret } from '../../auth/secrets.ts';
import { newPublicId } from '../../http/ids.ts';
import {
  idOf,
  seedAccessRequest,
  seedAgent,
  startAgent,
  type SeededAgent,
} from '../../relay/relay.test-support.ts';
import type { AgentRunner } from '../../../../agent/src/agent-runner.ts';

const t = useTestServer();
const runners: AgentRunner[] = [];
afterAll(() => Promise.all(runners.map((r) => r.stop())));

const services = [
  { name: 'hmi', host: '127.0.0.1', port: 8080 },
  { name: 'plc', host: '127.0.0.1', port: 502 },
];

/** A company with an agent (online unless asked otherwise) and a member who needs approval for it. */
async function setup(options: { online?: boolean; requireApproval?: boolean } = {}) {
  const company = await t.newCompany();
  const agent = await seedAgent(t.server.db, company.publicId, {
    vpnRequireAccessApproval: options.requireApproval ?? true,
    servers: services.map((s) => ({ ...s, requireAccessApproval: options.requireApproval ?? true })),
  });
  if (options.online ?? true) runners.push(await startAgent(t.server.baseUrl, agent, services));
  const as = { token: company.admin.token, company: company.publicId };
  const member = await t.newMember(company, ['agents.connect', 'accessRequests.use']);
  const memberAs = { token: member.token, company: company.publicId };
  return { company, agent, as, member, memberAs };
}

const path = (agent: SeededAgent) => `AgentTunnelTicketList/${agent.publicId}`;

describe('POST AgentTunnelTicketList/{agentPublicId}', () => {
  it('issues a single-use ticket for the whole agent (VPN) with every service', async () => {
    const { agent, as } = await setup();
    const response = await t.call('POST', path(agent), { ...as, body: { vpn: true } });
    expect(response.status).toBe(201);
    expect(response.body.type).toBe('TunnelTicket');
    const ticket = response.body.data as TunnelTicket;
    expect(ticket).toEqual({
      ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresOn: expect.any(String),
      relayUrl: `${t.server.baseUrl.replace(/^http/, 'ws')}/relay/client`,
      vpn: true,
      servers: agent.servers.map((s) => ({ publicId: s.publicId, name: s.name })),
    });
    const lifetime = Date.parse(ticket.expiresOn) - Date.now();
    expect(lifetime).toBeGreaterThan(50_000);
    expect(lifetime).toBeLessThanOrEqual(60_000);
    // Only the hash is kept.
    const stored = await t.server.db
      .selectFrom('relay_tickets')
      .select(['secret_hash', 'server_ids', 'used_at', 'vpn'])
      .where('agent_id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      secret_hash: hashSecret(ticket.ticket),
      server_ids: agent.servers.map((s) => s.id),
      used_at: null,
      vpn: true,
    });
  });

  it('issues a web ticket for the chosen services only (duplicates once)', async () => {
    const { agent, as } = await setup();
    const plc = agent.servers[1]!;
    const response = await t.call('POST', path(agent), {
      ...as,
      body: { vpn: false, servers: [{ publicId: plc.publicId }, { publicId: plc.publicId }] },
    });
    expect(response.status).toBe(201);
    expect((response.body.data as TunnelTicket).servers).toEqual([{ publicId: plc.publicId, name: 'plc' }]);
  });

  it('refuses before approval (403) and issues after it, per kind of access', async () => {
    const { agent, member, memberAs } = await setup();
    const [hmi, plc] = agent.servers;
    const web = { vpn: false, servers: [{ publicId: hmi!.publicId }] };
    for (const body of [{ vpn: true }, web]) {
      const refused = await t.call('POST', path(agent), { ...memberAs, body });
      expect(refused.status).toBe(403);
      expect(refused.body.data).toEqual([{ message: 'ACCESS_REQUEST_REQUIRED' }]);
    }
    // A pending request is not an approval.
    await seedAccessRequest(t.server.db, agent, member.publicId, {
      vpn: false,
      serverIds: [hmi!.id],
      status: 'pending',
    });
    expect((await t.call('POST', path(agent), { ...memberAs, body: web })).status).toBe(403);

    await seedAccessRequest(t.server.db, agent, member.publicId, { vpn: false, serverIds: [hmi!.id] });
    expect((await t.call('POST', path(agent), { ...memberAs, body: web })).status).toBe(201);
    // The approval covers hmi only: neither plc nor VPN.
    const other = { vpn: false, servers: [{ publicId: plc!.publicId }] };
    expect((await t.call('POST', path(agent), { ...memberAs, body: other })).status).toBe(403);
    expect((await t.call('POST', path(agent), { ...memberAs, body: { vpn: true } })).status).toBe(403);
  });

  it('refuses users without the connect right (403 CONNECT_NOT_ALLOWED)', async () => {
    const { company, agent } = await setup();
    const viewer = await t.newMember(company, ['accessRequests.use']);
    const refused = await t.call('POST', path(agent), {
      token: viewer.token,
      company: company.publicId,
      body: { vpn: true },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual([{ message: 'CONNECT_NOT_ALLOWED' }]);
  });

  it('says AGENT_OFFLINE (409) when the agent is not attached', async () => {
    const { agent, as } = await setup({ online: false });
    const response = await t.call('POST', path(agent), { ...as, body: { vpn: true } });
    expect(response.status).toBe(409);
    expect(response.body.data).toEqual([{ message: 'AGENT_OFFLINE' }]);
  });

  it('validates the body (400 with propertyName)', async () => {
    const { agent, as } = await setup();
    const { agent: otherAgent } = await setup({ online: false });
    const cases: [unknown, { message: string; propertyName?: string }[]][] = [
      [{}, [{ message: 'Required property', propertyName: 'vpn' }]],
      [{ vpn: 'yes' }, [{ message: 'Invalid type: expected boolean', propertyName: 'vpn' }]],
      [{ vpn: true, extra: 1 }, [{ message: 'Unknown property: extra' }]],
      [{ vpn: false }, [{ message: 'Required property', propertyName: 'servers' }]],
      [{ vpn: false, servers: [] }, [{ message: 'Required property', propertyName: 'servers' }]],
      [
        { vpn: false, servers: [{ publicId: 'nope' }] },
        [{ message: 'Value does not match regex expression', propertyName: 'servers.0.publicId' }],
      ],
      [
        {
          vpn: false,
          servers: [{ publicId: agent.servers[0]!.publicId }, { publicId: otherAgent.servers[0]!.publicId }],
        },
        [{ message: 'SERVICE_NOT_ON_AGENT', propertyName: 'servers.1.publicId' }],
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await t.call('POST', path(agent), { ...as, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.data).toEqual(errors);
    }
  });

  it('needs a token (401) and an agent of the company acted in (404)', async () => {
    const { agent, as } = await setup();
    expect((await t.call('POST', path(agent), { company: as.company, body: { vpn: true } })).status).toBe(
      401,
    );
    const stranger = await t.newCompany();
    const theirs = { token: stranger.admin.token, company: stranger.publicId };
    expect((await t.call('POST', path(agent), { ...theirs, body: { vpn: true } })).status).toBe(404);
    expect(
      (await t.call('POST', 'AgentTunnelTicketList/000000000000', { ...as, body: { vpn: true } })).status,
    ).toBe(404);
    expect(
      (await t.call('POST', 'AgentTunnelTicketList/NOT-AN-ID', { ...as, body: { vpn: true } })).status,
    ).toBe(404);
  });

  it('limits ticket requests per user (429 with Retry-After)', async () => {
    const { agent, as } = await setup({ online: false });
    const responses = [];
    for (let i = 0; i < 61; i++) responses.push(await t.call('POST', path(agent), { ...as, body: {} }));
    expect(responses[59]!.status).toBe(400);
    const response = responses.at(-1)!;
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('web tickets (vpn: false) grant exactly what the approvals cover', () => {
  /** hmi needs no approval, plc does; VPN needs approval; the agent is not locked for web. */
  async function mixed() {
    const company = await t.newCompany();
    const agent = await seedAgent(t.server.db, company.publicId, {
      vpnRequireAccessApproval: true,
      servers: [
        { ...services[0]!, requireAccessApproval: false },
        { ...services[1]!, requireAccessApproval: true },
      ],
    });
    runners.push(await startAgent(t.server.baseUrl, agent, services));
    const member = await t.newMember(company, ['agents.connect', 'accessRequests.use']);
    const memberAs = { token: member.token, company: company.publicId };
    const [hmi, plc] = agent.servers;
    const ticket = (body: object) => t.call('POST', path(agent), { ...memberAs, body });
    const webServers = async () => {
      const read = await t.call('GET', `Agent/${agent.publicId}`, {
        ...memberAs,
        query: { fields: 'myAccess(webServers)' },
      });
      return (read.body.data as { myAccess: { webServers: { publicId: string }[] } }).myAccess.webServers;
    };
    return { company, agent, member, memberAs, hmi: hmi!, plc: plc!, ticket, webServers };
  }

  it('issues a service needing no approval without a request, and no more', async () => {
    const { hmi, plc, ticket, webServers } = await mixed();
    const free = await ticket({ vpn: false, servers: [{ publicId: hmi.publicId }] });
    expect(free.status).toBe(201);
    expect((free.body.data as TunnelTicket).servers).toEqual([{ publicId: hmi.publicId, name: 'hmi' }]);
    const both = await ticket({
      vpn: false,
      servers: [{ publicId: hmi.publicId }, { publicId: plc.publicId }],
    });
    expect(both.status).toBe(403);
    expect((await ticket({ vpn: true })).status).toBe(403);
    expect(await webServers()).toEqual([{ publicId: hmi.publicId }]);
  });

  it('adds the services an approved web request names; myAccess.webServers is what a ticket grants', async () => {
    const { member, agent, hmi, plc, ticket, webServers } = await mixed();
    await seedAccessRequest(t.server.db, agent, member.publicId, { vpn: false, serverIds: [plc.id] });
    // The request names only plc; hmi needs no request, so both together are granted.
    expect(await webServers()).toEqual([{ publicId: hmi.publicId }, { publicId: plc.publicId }]);
    const granted = await ticket({ vpn: false, servers: await webServers() });
    expect(granted.status).toBe(201);
    expect((granted.body.data as TunnelTicket).vpn).toBe(false);
    expect((granted.body.data as TunnelTicket).servers.map((s) => s.name).sort()).toEqual(['hmi', 'plc']);
    // A web request is no VPN approval.
    expect((await ticket({ vpn: true })).status).toBe(403);
  });

  it('rests a ticket on one request: myAccess.webServers names the widest approved one', async () => {
    const { agent, member, memberAs } = await setup();
    const [hmi, plc] = agent.servers;
    const webServers = async () => {
      const read = await t.call('GET', `Agent/${agent.publicId}`, {
        ...memberAs,
        query: { fields: 'myAccess(webServers)' },
      });
      return (read.body.data as { myAccess: { webServers: { publicId: string }[] } }).myAccess.webServers;
    };
    const soon = new Date(Date.now() + 30 * 60_000);
    await seedAccessRequest(t.server.db, agent, member.publicId, { vpn: false, serverIds: [hmi!.id] });
    await seedAccessRequest(t.server.db, agent, member.publicId, {
      vpn: false,
      serverIds: [plc!.id],
      endsOn: soon,
    });
    // Two requests naming one service each: no single one covers both, so only the longer lasting counts.
    expect(await webServers()).toEqual([{ publicId: hmi!.publicId }]);
    const both = { vpn: false, servers: [{ publicId: hmi!.publicId }, { publicId: plc!.publicId }] };
    expect((await t.call('POST', path(agent), { ...memberAs, body: both })).status).toBe(403);
    await seedAccessRequest(t.server.db, agent, member.publicId, {
      vpn: false,
      serverIds: [hmi!.id, plc!.id],
      endsOn: soon,
    });
    expect(await webServers()).toEqual([{ publicId: hmi!.publicId }, { publicId: plc!.publicId }]);
    const granted = await t.call('POST', path(agent), {
      ...memberAs,
      body: { vpn: false, servers: await webServers() },
    });
    expect(granted.status).toBe(201);
  });

  it('grants an asset request approved through the API for its services only', async () => {
    const company = await t.newCompany();
    const agent = await seedAgent(t.server.db, company.publicId, {
      servers: services.map((s) => ({ ...s, requireAccessApproval: true })),
    });
    runners.push(await startAgent(t.server.baseUrl, agent, services));
    const member = await t.newMember(company, ['agents.connect', 'accessRequests.use']);
    const memberAs = { token: member.token, company: company.publicId };
    const [hmi, plc] = agent.servers;
    const db = t.server.db;
    const companyId = await idOf(db, 'companies', company.publicId);
    const assetId = newPublicId();
    const type = await db
      .insertInto('asset_types')
      .values({ public_id: newPublicId(), company_id: companyId, name: 'Filler', sort_order: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('assets')
      .values({
        public_id: assetId,
        company_id: companyId,
        name: 'Filler 3',
        asset_type_id: type.id,
        agent_id: agent.id,
      })
      .execute();
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const created = await t.call('POST', `AssetAccessRequestList/${assetId}`, {
      ...memberAs,
      body: {
        allowedApprovers: [{ publicId: company.admin.publicId }],
        servers: [{ publicId: hmi!.publicId }],
        vpn: false,
        reason: 'Read the counters',
        start: start.toISOString(),
        end: new Date(start.getTime() + 3_600_000).toISOString(),
      },
    });
    expect(created.status).toBe(201);
    const web = { vpn: false, servers: [{ publicId: hmi!.publicId }] };
    expect((await t.call('POST', path(agent), { ...memberAs, body: web })).status).toBe(403);
    const approved = await t.call(
      'POST',
      `AccessRequestApprove/${(created.body.data as { publicId: string }).publicId}`,
      {
        token: company.admin.token,
      },
    );
    expect(approved.status).toBe(200);
    const granted = await t.call('POST', path(agent), { ...memberAs, body: web });
    expect(granted.status).toBe(201);
    expect((granted.body.data as TunnelTicket).servers).toEqual([{ publicId: hmi!.publicId, name: 'hmi' }]);
    const more = { vpn: false, servers: [{ publicId: hmi!.publicId }, { publicId: plc!.publicId }] };
    expect((await t.call('POST', path(agent), { ...memberAs, body: more })).status).toBe(403);
  });
});
