import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { relayCloseCodes, type WebAccessSession } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { eventually, seedAgent, startAgent, type SeededAgent } from '../../relay/relay.test-support.ts';
import type { AgentRunner } from '../../../../agent/src/agent-runner.ts';
import { hashSecret } from '../../auth/secrets.ts';
import {
  browse,
  rawExchange,
  startEchoDevice,
  startHttpDevice,
  type Device,
} from './web-access.test-support.ts';
import { insertWebAccessSession } from './web-access.repository.ts';
import { maxOpenWebAccessSessions } from './web-access.service.ts';

/**
 * Web access where connections are shared or devices misbehave: usage and ends per request,
 * changes to rights and services applied to running sessions, odd answers, and the limit of
 * open sessions per user.
 */

const t = useTestServer({
  relay: { revalidateMs: 300, usageFlushMs: 200 },
  // A device's answer is waited for 1.5 s (the upgrade that never gets one).
  connectionLimits: { maxConnectionsPerAddress: 0, headersTimeoutMs: 1500, requestTimeoutMs: 1500 },
});
const runners: AgentRunner[] = [];
let hmi: Device;
let vnc: Device;
/** A device that answers every request with what `odd.answer` says (raw bytes), or never. */
const odd = { answer: 'HTTP/1.1 099 Odd\r\nContent-Length: 0\r\n\r\n' as string | null, closed: 0 };
let oddServer: net.Server;
let oddPort = 0;
beforeAll(async () => {
  hmi = await startHttpDevice();
  vnc = await startEchoDevice();
  oddServer = net.createServer((socket) => {
    socket.on('close', () => odd.closed++);
    socket.on('error', () => {});
    socket.once('data', () => {
      if (odd.answer !== null) socket.end(odd.answer);
    });
  });
  oddServer.listen(0, '127.0.0.1');
  await once(oddServer, 'listening');
  oddPort = (oddServer.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await Promise.all([hmi.close(), vnc.close()]);
  oddServer.close();
});

const serverPort = () => Number(new URL(t.server.baseUrl).port);

async function setup() {
  const company = await t.newCompany();
  const listed = [
    { name: 'hmi', host: '127.0.0.1', port: hmi.port },
    { name: 'screen', host: '127.0.0.1', port: vnc.port },
    { name: 'odd', host: '127.0.0.1', port: oddPort },
  ];
  const agent = await seedAgent(t.server.db, company.publicId, {
    servers: listed.map((s) => ({ ...s, requireAccessApproval: false })),
  });
  const types = ['http', 'vnc', 'http'] as const;
  for (const [index, server] of agent.servers.entries())
    await t.server.db
      .updateTable('agent_servers')
      .set({ type: types[index]! })
      .where('id', '=', server.id)
      .execute();
  runners.push(await startAgent(t.server.baseUrl, agent, listed));
  const as = { token: company.admin.token, company: company.publicId };
  return { company, agent, as };
}

type As = { token: string; company: string };

async function open(as: As, agent: SeededAgent, name: string, extra: object = {}) {
  const server = agent.servers.find((s) => s.name === name)!;
  const response = await t.call('POST', `AgentWebAccessSessionList/${agent.publicId}`, {
    ...as,
    body: { server: { publicId: server.publicId }, ...extra },
  });
  expect(response.status).toBe(201);
  return response.body.data as WebAccessSession;
}

async function signIn(session: WebAccessSession) {
  const url = new URL(session.url);
  const answer = await browse(url.origin, `${url.pathname}${url.search}`, { serverPort: serverPort() });
  expect(answer.status).toBe(303);
  return { origin: url.origin, host: url.host, cookie: answer.headers['set-cookie']![0]!.split(';')[0]! };
}

const get = (origin: string, path: string, cookie: string) =>
  browse(origin, path, { serverPort: serverPort(), headers: { Cookie: cookie } });

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('web access on a shared browser connection', () => {
  it("counts only the session's requests, and its end leaves the shared connection open", async () => {
    const { agent, as } = await setup();
    const session = await open(as, agent, 'hmi');
    const { host, cookie } = await signIn(session);
    // One connection carrying the session host's and the portal's requests, as a reverse proxy's does.
    const socket = net.connect(serverPort(), '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    let closed = false;
    socket.on('close', () => (closed = true));
    socket.write(`GET / HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\n\r\n`);
    await eventually(async () => (received.includes('Boiler 1') ? true : undefined));
    const pad = 'x'.repeat(2000);
    for (let i = 0; i < 50; i++)
      socket.write(`GET /api HTTP/1.1\r\nHost: 127.0.0.1:${serverPort()}\r\nX-Pad: ${pad}\r\n\r\n`);
    await eventually(async () => ((received.match(/HTTP\/1\.1 /g) ?? []).length >= 51 ? true : undefined));
    await t.server.built.relay.flushUsage();
    const row = await t.server.db
      .selectFrom('web_access_sessions')
      .innerJoin('client_sessions', 'client_sessions.id', 'web_access_sessions.client_session_id')
      .select(['client_sessions.bytes_up', 'client_sessions.bytes_down'])
      .where('web_access_sessions.public_id', '=', session.publicId)
      .executeTakeFirstOrThrow();
    // The portal's 100 KB of requests are not the session's.
    expect(Number(row.bytes_up)).toBeGreaterThan(0);
    expect(Number(row.bytes_up)).toBeLessThan(10_000);
    expect(Number(row.bytes_down)).toBeGreaterThan(0);

    expect((await t.call('DELETE', `WebAccessSession/${session.publicId}`, as)).status).toBe(204);
    await wait(300);
    expect(closed).toBe(false);
    // The connection still carries others' requests; the session's host now gets the 410 page.
    const before = received.length;
    socket.write(`GET / HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\n\r\n`);
    await eventually(async () => (received.slice(before).includes('HTTP/1.1 410') ? true : undefined));
    expect(closed).toBe(false);
    socket.destroy();
  });
});

describe('web access follows changes to a running session', () => {
  it('ends a full-control viewer when its user loses agents.remoteControl', async () => {
    const { agent, company } = await setup();
    const member = await t.newMember(company, ['agents.connect', 'agents.remoteControl']);
    const memberAs = { token: member.token, company: company.publicId };
    const session = await open(memberAs, agent, 'screen', { viewOnly: false });
    expect(session.viewOnly).toBe(false);
    const viewer = new WebSocket(session.url);
    await once(viewer, 'open');
    const closed = once(viewer, 'close');
    await t.server.db
      .updateTable('roles')
      .set({ capabilities: JSON.stringify(['agents.connect']) })
      .where('public_id', '=', member.rolePublicId)
      .execute();
    const [code, reason] = (await closed) as [number, Buffer];
    expect(code).toBe(relayCloseCodes.accessEnded);
    expect(reason.toString()).toBe('REMOTE_CONTROL_NOT_ALLOWED');
    const row = await t.server.db
      .selectFrom('web_access_sessions')
      .select('end_reason')
      .where('public_id', '=', session.publicId)
      .executeTakeFirstOrThrow();
    expect(row.end_reason).toBe('REMOTE_CONTROL_NOT_ALLOWED');
  });

  it('ends an http session when its service becomes tcp (410 at the next request)', async () => {
    const { agent, as } = await setup();
    const { origin, cookie } = await signIn(await open(as, agent, 'hmi'));
    expect((await get(origin, '/', cookie)).status).toBe(200);
    await t.server.db
      .updateTable('agent_servers')
      .set({ type: 'tcp' })
      .where('id', '=', agent.servers[0]!.id)
      .execute();
    const gone = await eventually(async () => {
      // A request running when the session ends is cut.
      const answer = await get(origin, '/', cookie).catch(() => undefined);
      return answer?.status === 410 ? answer : undefined;
    });
    expect(gone.body.toString()).toContain('service type changed');
  });

  it('connects anew when the service moves to another port', async () => {
    const { agent, as } = await setup();
    const { origin, cookie } = await signIn(await open(as, agent, 'hmi'));
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const first = await browse(origin, '/', {
      serverPort: serverPort(),
      headers: { Cookie: cookie },
      agent: keepAlive,
    });
    expect(first.body.toString()).toContain('Boiler 1');
    await t.server.db
      .updateTable('agent_servers')
      .set({ port: oddPort })
      .where('id', '=', agent.servers[0]!.id)
      .execute();
    odd.answer = 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nmoved';
    // On the same browser connection, the next requests reach the service where it is now.
    const moved = await eventually(async () => {
      const answer = await browse(origin, '/', {
        serverPort: serverPort(),
        headers: { Cookie: cookie },
        agent: keepAlive,
      });
      return answer.body.toString() === 'moved' ? answer : undefined;
    });
    expect(moved.status).toBe(200);
    keepAlive.destroy();
  });
});

describe('web access and odd requests or answers', () => {
  it('answers a status the browser cannot be given (099) with the 502 page', async () => {
    const { agent, as } = await setup();
    const { origin, cookie } = await signIn(await open(as, agent, 'odd'));
    odd.answer = 'HTTP/1.1 099 Odd\r\nContent-Length: 0\r\n\r\n';
    const answer = await get(origin, '/', cookie);
    expect(answer.status).toBe(502);
    expect(answer.body.toString()).toContain('Device not reachable');
  });

  it('answers a target that is no URL with 400, and drops Clear-Site-Data from device answers', async () => {
    const { agent, as } = await setup();
    const { origin, host, cookie } = await signIn(await open(as, agent, 'odd'));
    const bad = await rawExchange(
      serverPort(),
      `GET //[x HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`,
    );
    expect(bad).toMatch(/^HTTP\/1\.1 400 /);
    odd.answer =
      'HTTP/1.1 200 OK\r\nClear-Site-Data: "cookies", "storage"\r\nX-Kept: 1\r\nContent-Length: 2\r\n\r\nok';
    const answer = await get(origin, '/', cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers['x-kept']).toBe('1');
    expect(answer.headers['clear-site-data']).toBeUndefined();
  });

  it('carries WebSocket upgrades only: another protocol (h2c) is 400', async () => {
    const { agent, as } = await setup();
    const { host, cookie } = await signIn(await open(as, agent, 'hmi'));
    const before = hmi.requests.length;
    const answer = await rawExchange(
      serverPort(),
      `GET / HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAAP__\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(hmi.requests.length).toBe(before);
  });

  it('gives up an upgrade the device does not answer (504), and drops it when the browser goes first', async () => {
    const { agent, as } = await setup();
    const { host, cookie } = await signIn(await open(as, agent, 'odd'));
    odd.answer = null;
    const upgrade = `GET /ws HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`;

    // The browser leaves before the device answers: the device's connection goes too.
    const socket = net.connect(serverPort(), '127.0.0.1');
    await once(socket, 'connect');
    const closedBefore = odd.closed;
    socket.write(upgrade);
    await wait(300);
    socket.destroy();
    await eventually(async () => (odd.closed > closedBefore ? true : undefined));

    // The device never answers: 504 after the response timeout.
    const answer = await rawExchange(serverPort(), upgrade);
    expect(answer).toMatch(/^HTTP\/1\.1 504 /);
  });
});

describe('open web access sessions per user', () => {
  it(`refuses more than ${maxOpenWebAccessSessions} open sessions (409); sessions whose link expired unopened do not count`, async () => {
    const { agent, as, company } = await setup();
    const companyRow = await t.server.db
      .selectFrom('companies')
      .select('id')
      .where('public_id', '=', company.publicId)
      .executeTakeFirstOrThrow();
    const userRow = await t.server.db
      .selectFrom('users')
      .select('id')
      .where('public_id', '=', company.admin.publicId)
      .executeTakeFirstOrThrow();
    const seed = (tokenExpiresOn: Date) =>
      insertWebAccessSession(t.server.db, {
        publicId: `seed${t.unique()}`.slice(0, 20),
        hostId: `h${t.unique()}`.toLowerCase().replace(/[^a-z0-9]/g, ''),
        companyId: companyRow.id,
        agentId: agent.id,
        agentServerId: agent.servers[0]!.id,
        userId: userRow.id,
        kind: 'http',
        viewOnly: false,
        tokenHash: hashSecret(`token-${t.unique()}`),
        tokenExpiresOn,
      });
    // Expired unopened links, not yet swept: they never run and do not count.
    for (let i = 0; i < 3; i++) await seed(new Date(Date.now() - 60_000));
    for (let i = 0; i < maxOpenWebAccessSessions - 1; i++) await seed(new Date(Date.now() + 60_000));
    const last = await open(as, agent, 'hmi');
    const refused = await t.call('POST', `AgentWebAccessSessionList/${agent.publicId}`, {
      ...as,
      body: { server: { publicId: agent.servers[0]!.publicId } },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.data).toEqual([{ message: 'WEB_ACCESS_SESSION_LIMIT' }]);
    // Ending one makes room for another.
    expect((await t.call('DELETE', `WebAccessSession/${last.publicId}`, as)).status).toBe(204);
    await open(as, agent, 'hmi');
  });
});
