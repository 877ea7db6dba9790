import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebAccessSession } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { hashSecret } from '../../auth/secrets.ts';
import {
  eventually,
  seedAccessRequest,
  seedAgent,
  startAgent,
  type SeededAgent,
} from '../../relay/relay.test-support.ts';
import type { AgentRunner } from '../../../../agent/src/agent-runner.ts';
import { browse, startEchoDevice, startHttpDevice, type Device } from './web-access.test-support.ts';

const t = useTestServer({ relay: { webAccessIdleMs: 300, heartbeatMs: 1000 } });
const runners: AgentRunner[] = [];
let hmi: Device;
let vnc: Device;
beforeAll(async () => {
  hmi = await startHttpDevice();
  vnc = await startEchoDevice();
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await hmi.close();
  await vnc.close();
});

type Options = { online?: boolean; requireApproval?: boolean; webAccessLocked?: boolean };

/** A company with an agent serving an HMI (http), a PLC (tcp) and a screen (vnc). */
async function setup(options: Options = {}) {
  const company = await t.newCompany();
  const services = [
    { name: 'hmi', host: '127.0.0.1', port: hmi.port },
    { name: 'plc', host: '127.0.0.1', port: 502 },
    { name: 'screen', host: '127.0.0.1', port: vnc.port },
  ];
  const agent = await seedAgent(t.server.db, company.publicId, {
    webAccessLocked: options.webAccessLocked ?? false,
    servers: services.map((s) => ({ ...s, requireAccessApproval: options.requireApproval ?? false })),
  });
  const types = ['http', 'tcp', 'vnc'] as const;
  for (const [index, server] of agent.servers.entries())
    await t.server.db
      .updateTable('agent_servers')
      .set({ type: types[index]! })
      .where('id', '=', server.id)
      .execute();
  if (options.online ?? true) runners.push(await startAgent(t.server.baseUrl, agent, services));
  const as = { token: company.admin.token, company: company.publicId };
  return { company, agent, as };
}

const path = (agent: SeededAgent) => `AgentWebAccessSessionList/${agent.publicId}`;
const body = (agent: SeededAgent, index: number, extra: object = {}) => ({
  server: { publicId: agent.servers[index]!.publicId },
  ...extra,
});

describe('POST AgentWebAccessSessionList/{agentPublicId}', () => {
  it("opens an http session on its own host, with a single-use token in the first URL; only the token's hash is kept; audited", async () => {
    const { agent, as, company } = await setup();
    const response = await t.call('POST', path(agent), { ...as, body: body(agent, 0) });
    expect(response.status).toBe(201);
    expect(response.body.type).toBe('WebAccessSession');
    const session = response.body.data as WebAccessSession;
    const port = new URL(t.server.baseUrl).port;
    expect(session).toEqual({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      kind: 'http',
      url: expect.stringMatching(
        new RegExp(`^http://[0-9a-f]{32}\\.localhost:${port}/__fleetgate/start\\?token=[A-Za-z0-9_-]{43}$`),
      ),
      tokenExpiresOn: expect.any(String),
      viewOnly: false,
      agent: { publicId: agent.publicId, name: expect.any(String) },
      server: { publicId: agent.servers[0]!.publicId, name: 'hmi', type: 'http' },
      createdOn: expect.any(String),
      endedOn: null,
    });
    const lifetime = Date.parse(session.tokenExpiresOn) - Date.now();
    expect(lifetime).toBeGreaterThan(50_000);
    expect(lifetime).toBeLessThanOrEqual(60_000);
    const url = new URL(session.url);
    const stored = await t.server.db
      .selectFrom('web_access_sessions')
      .select(['host_id', 'token_hash', 'token_used_at', 'cookie_hash', 'kind'])
      .where('public_id', '=', session.publicId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      host_id: url.hostname.split('.')[0],
      token_hash: hashSecret(url.searchParams.get('token')!),
      token_used_at: null,
      cookie_hash: null,
      kind: 'http',
    });
    const audit = await t.server.db
      .selectFrom('audit_logs')
      .select(['action', 'resource_rel', 'after', 'company_id'])
      .where('resource_public_id', '=', session.publicId)
      .execute();
    expect(audit).toEqual([
      {
        action: 'CREATE',
        resource_rel: 'WebAccessSession',
        company_id: expect.any(Number),
        after: expect.objectContaining({
          kind: 'http',
          agent: session.agent,
          server: session.server,
        }),
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain(url.searchParams.get('token')!);
    expect(company.publicId).toBeTruthy();
  });

  it('opens a vnc session as a viewer WebSocket on the public host; full control needs agents.remoteControl', async () => {
    const { agent, as, company } = await setup();
    const full = await t.call('POST', path(agent), { ...as, body: body(agent, 2) });
    expect(full.status).toBe(201);
    const session = full.body.data as WebAccessSession;
    expect(session.kind).toBe('vnc');
    expect(session.viewOnly).toBe(false);
    expect(session.server.type).toBe('vnc');
    expect(session.url).toMatch(
      new RegExp(
        `^ws://${new URL(t.server.baseUrl).host.replace('.', '\\.')}/relay/vnc\\?token=[A-Za-z0-9_-]{43}$`,
      ),
    );
    expect(
      (await t.call('POST', path(agent), { ...as, body: body(agent, 2, { viewOnly: true }) })).body.data,
    ).toMatchObject({
      viewOnly: true,
    });

    const member = await t.newMember(company, ['agents.connect']);
    const memberAs = { token: member.token, company: company.publicId };
    const watching = await t.call('POST', path(agent), { ...memberAs, body: body(agent, 2) });
    expect(watching.status).toBe(201);
    expect((watching.body.data as WebAccessSession).viewOnly).toBe(true);
    const control = await t.call('POST', path(agent), {
      ...memberAs,
      body: body(agent, 2, { viewOnly: false }),
    });
    expect(control.status).toBe(403);
    expect(control.body.data).toEqual([{ message: 'REMOTE_CONTROL_NOT_ALLOWED' }]);
  });

  it('refuses a service not on the agent, a tcp service and a malformed body (400 with propertyName)', async () => {
    const { agent, as } = await setup({ online: false });
    const other = await setup({ online: false });
    const foreign = await t.call('POST', path(agent), { ...as, body: body(other.agent, 0) });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data).toEqual([{ message: 'SERVICE_NOT_ON_AGENT', propertyName: 'server.publicId' }]);
    const tcp = await t.call('POST', path(agent), { ...as, body: body(agent, 1) });
    expect(tcp.status).toBe(400);
    expect(tcp.body.data).toEqual([{ message: 'SERVICE_NOT_WEB', propertyName: 'server.publicId' }]);
    const malformed = await t.call('POST', path(agent), { ...as, body: { server: {} } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.status).toBe('error');
    expect((malformed.body.data as { propertyName: string }[])[0]!.propertyName).toBe('server.publicId');
  });

  it("answers 401 without a token, 404 for another company's agent, 403 by the access rules, 409 offline", async () => {
    const { agent, as, company } = await setup({ requireApproval: true });
    expect((await t.call('POST', path(agent), { body: body(agent, 0) })).status).toBe(401);

    const other = await setup({ online: false });
    const foreign = await t.call('POST', path(other.agent), { ...as, body: body(other.agent, 0) });
    expect(foreign.status).toBe(404);

    const member = await t.newMember(company, ['agents.connect', 'accessRequests.use']);
    const memberAs = { token: member.token, company: company.publicId };
    const refused = await t.call('POST', path(agent), { ...memberAs, body: body(agent, 0) });
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual([{ message: 'ACCESS_REQUEST_REQUIRED' }]);
    await seedAccessRequest(t.server.db, agent, member.publicId, {
      vpn: false,
      serverIds: [agent.servers[0]!.id],
    });
    expect((await t.call('POST', path(agent), { ...memberAs, body: body(agent, 0) })).status).toBe(201);

    const outsider = await t.newMember(company, []);
    const noRight = await t.call('POST', path(agent), {
      token: outsider.token,
      company: company.publicId,
      body: body(agent, 0),
    });
    expect(noRight.status).toBe(403);
    expect(noRight.body.data).toEqual([{ message: 'CONNECT_NOT_ALLOWED' }]);

    const locked = await setup({ webAccessLocked: true, online: false });
    const lockedMember = await t.newMember(locked.company, ['agents.connect', 'accessRequests.use']);
    const lockedRefusal = await t.call('POST', path(locked.agent), {
      token: lockedMember.token,
      company: locked.company.publicId,
      body: body(locked.agent, 0),
    });
    expect(lockedRefusal.status).toBe(403);
    expect(lockedRefusal.body.data).toEqual([{ message: 'ACCESS_REQUEST_REQUIRED' }]);

    const offline = await setup({ online: false });
    const conflict = await t.call('POST', path(offline.agent), {
      ...offline.as,
      body: body(offline.agent, 0),
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.data).toEqual([{ message: 'AGENT_OFFLINE' }]);
  });

  it('limits sessions per user per minute (429 with Retry-After)', async () => {
    const { as } = await setup({ online: false });
    const unknown = 'AgentWebAccessSessionList/zzzzzzzzzzzz';
    for (let i = 0; i < 30; i++)
      expect(
        (await t.call('POST', unknown, { ...as, body: { server: { publicId: 'zzzzzzzzzzzz' } } })).status,
      ).toBe(404);
    const limited = await t.call('POST', unknown, { ...as, body: { server: { publicId: 'zzzzzzzzzzzz' } } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('DELETE WebAccessSession/{publicId}', () => {
  it("ends the caller's own session (204, audited with its reason); another user's or company's is 404", async () => {
    const { agent, as, company } = await setup();
    const session = (await t.call('POST', path(agent), { ...as, body: body(agent, 0) })).body
      .data as WebAccessSession;

    const member = await t.newMember(company, ['agents.connect']);
    const notMine = await t.call('DELETE', `WebAccessSession/${session.publicId}`, {
      token: member.token,
      company: company.publicId,
    });
    expect(notMine.status).toBe(404);
    const other = await setup({ online: false });
    const otherCompany = await t.call('DELETE', `WebAccessSession/${session.publicId}`, other.as);
    expect(otherCompany.status).toBe(404);

    const ended = await t.call('DELETE', `WebAccessSession/${session.publicId}`, as);
    expect(ended.status).toBe(204);
    const row = await t.server.db
      .selectFrom('web_access_sessions')
      .select(['ended_at', 'end_reason'])
      .where('public_id', '=', session.publicId)
      .executeTakeFirstOrThrow();
    expect(row.ended_at).not.toBeNull();
    expect(row.end_reason).toBe('ended by user');
    const audit = await t.server.db
      .selectFrom('audit_logs')
      .select(['action', 'after'])
      .where('resource_public_id', '=', session.publicId)
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['CREATE', 'UPDATE']);
    expect(audit[1]!.after).toMatchObject({ endReason: 'ended by user', bytesUp: 0, bytesDown: 0 });
    // Ending an ended session changes nothing.
    expect((await t.call('DELETE', `WebAccessSession/${session.publicId}`, as)).status).toBe(204);
  });
});

describe('a web access session without connections', () => {
  it('ends unopened when its first URL expired', async () => {
    const { agent, as } = await setup();
    const session = (await t.call('POST', path(agent), { ...as, body: body(agent, 0) })).body
      .data as WebAccessSession;
    await t.server.db
      .updateTable('web_access_sessions')
      .set({ token_expires_on: new Date(Date.now() - 1000) })
      .where('public_id', '=', session.publicId)
      .execute();
    const ended = await eventually(async () =>
      t.server.db
        .selectFrom('web_access_sessions')
        .select('end_reason')
        .where('public_id', '=', session.publicId)
        .where('ended_at', 'is not', null)
        .executeTakeFirst(),
    );
    expect(ended.end_reason).toBe('not opened');
    const url = new URL(session.url);
    const serverPort = Number(new URL(t.server.baseUrl).port);
    const late = await browse(url.origin, `${url.pathname}${url.search}`, { serverPort });
    expect(late.status).toBe(401);
  });

  it('ends by itself after the idle time; the host then answers with the 410 page', async () => {
    const { agent, as } = await setup();
    const session = (await t.call('POST', path(agent), { ...as, body: body(agent, 0) })).body
      .data as WebAccessSession;
    const url = new URL(session.url);
    const serverPort = Number(new URL(t.server.baseUrl).port);
    const start = await browse(url.origin, `${url.pathname}${url.search}`, { serverPort });
    const cookie = start.headers['set-cookie']![0]!.split(';')[0]!;
    expect((await browse(url.origin, '/', { serverPort, headers: { Cookie: cookie } })).status).toBe(200);
    const ended = await eventually(async () => {
      const row = await t.server.db
        .selectFrom('web_access_sessions')
        .select(['end_reason'])
        .where('public_id', '=', session.publicId)
        .where('ended_at', 'is not', null)
        .executeTakeFirst();
      return row ?? undefined;
    });
    expect(ended.end_reason).toBe('idle');
    const gone = await browse(url.origin, '/', { serverPort, headers: { Cookie: cookie } });
    expect(gone.status).toBe(410);
    expect(gone.body.toString()).toContain('long time without use');
  });
});
