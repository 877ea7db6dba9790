import { once } from 'node:events';
import http from 'node:http';
import { randomBytes, createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { relayCloseCodes, type WebAccessSession } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import {
  eventually,
  idOf,
  seedAccessRequest,
  seedAgent,
  startAgent,
  type SeededAgent,
} from '../../relay/relay.test-support.ts';
import type { AgentRunner } from '../../../../agent/src/agent-runner.ts';
import {
  browse,
  logo,
  page,
  rawExchange,
  startEchoDevice,
  startHttpDevice,
  startHttpsDevice,
  type Device,
} from './web-access.test-support.ts';

const t = useTestServer({ relay: { revalidateMs: 300, usageFlushMs: 200 } });
const runners: AgentRunner[] = [];
let hmi: Device;
let secure: Device;
let vnc: Device;
beforeAll(async () => {
  hmi = await startHttpDevice();
  secure = await startHttpsDevice();
  vnc = await startEchoDevice();
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await Promise.all([hmi.close(), secure.close(), vnc.close()]);
});

const serverPort = () => Number(new URL(t.server.baseUrl).port);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * A company with an online agent: hmi (http), secure (https, self-signed refused),
 * trusting (the same https device, self-signed accepted), screen (vnc), and ghost (http, a
 * service the agent does not list: its allow-list refuses it).
 */
async function setup(options: { requireApproval?: boolean } = {}) {
  const company = await t.newCompany();
  const listed = [
    { name: 'hmi', host: '127.0.0.1', port: hmi.port },
    { name: 'secure', host: '127.0.0.1', port: secure.port },
    { name: 'trusting', host: '127.0.0.1', port: secure.port },
    { name: 'screen', host: '127.0.0.1', port: vnc.port },
  ];
  const agent = await seedAgent(t.server.db, company.publicId, {
    servers: [...listed, { name: 'ghost', host: '127.0.0.1', port: 1 }].map((s) => ({
      ...s,
      requireAccessApproval: options.requireApproval ?? false,
    })),
  });
  const types = [
    { type: 'http', accept_self_signed: false },
    { type: 'https', accept_self_signed: false },
    { type: 'https', accept_self_signed: true },
    { type: 'vnc', accept_self_signed: false },
    { type: 'http', accept_self_signed: false },
  ] as const;
  for (const [index, server] of agent.servers.entries())
    await t.server.db.updateTable('agent_servers').set(types[index]!).where('id', '=', server.id).execute();
  runners.push(await startAgent(t.server.baseUrl, agent, listed));
  const as = { token: company.admin.token, company: company.publicId };
  return { company, agent, as };
}

type As = { token: string; company: string };

async function open(as: As, agent: SeededAgent, name: string): Promise<WebAccessSession> {
  const server = agent.servers.find((s) => s.name === name)!;
  const response = await t.call('POST', `AgentWebAccessSessionList/${agent.publicId}`, {
    ...as,
    body: { server: { publicId: server.publicId } },
  });
  expect(response.status).toBe(201);
  return response.body.data as WebAccessSession;
}

/** Follows the first URL as a browser does: the token for the cookie. */
async function signIn(session: WebAccessSession) {
  const url = new URL(session.url);
  const answer = await browse(url.origin, `${url.pathname}${url.search}`, { serverPort: serverPort() });
  expect(answer.status).toBe(303);
  const setCookie = answer.headers['set-cookie']![0]!;
  const cookie = setCookie.split(';')[0]!;
  return { origin: url.origin, cookie, setCookie, answer };
}

const get = (
  origin: string,
  path: string,
  cookie: string | undefined,
  extra: Partial<Parameters<typeof browse>[2]> = {},
) => browse(origin, path, { serverPort: serverPort(), headers: cookie ? { Cookie: cookie } : {}, ...extra });

describe('web access: a device web page through the relay', () => {
  it('exchanges the single-use token for a host-only HttpOnly cookie, then serves the page and its image', async () => {
    const { agent, as } = await setup();
    const session = await open(as, agent, 'hmi');
    const { origin, cookie, setCookie, answer } = await signIn(session);
    expect(answer.headers.location).toBe('/');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect(setCookie).toMatch(/^__fleetgate_web=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    // Only the cookie's hash is kept.
    const row = await t.server.db
      .selectFrom('web_access_sessions')
      .select(['cookie_hash', 'token_used_at', 'client_session_id'])
      .where('public_id', '=', session.publicId)
      .executeTakeFirstOrThrow();
    expect(row.cookie_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.cookie_hash).not.toContain(cookie.split('=')[1]);
    expect(row.token_used_at).not.toBeNull();
    expect(row.client_session_id).not.toBeNull();

    const home = await get(origin, '/', cookie);
    expect(home.status).toBe(200);
    expect(home.body.toString()).toBe(page);
    const image = await get(origin, '/logo.png', cookie);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(sha256(image.body)).toBe(sha256(logo));
  });

  it('passes the request on as the device expects it: its Host, X-Forwarded-*, its own Origin, without our cookie', async () => {
    const { agent, as } = await setup();
    const { origin, cookie } = await signIn(await open(as, agent, 'hmi'));
    const answer = await get(origin, '/headers', `theme=dark; ${cookie}; lang=en`, {
      headers: {
        Cookie: `theme=dark; ${cookie}; lang=en`,
        Origin: origin,
        Referer: `${origin}/settings?a=1`,
        'X-Forwarded-Host': 'evil.example',
        Connection: 'keep-alive, X-Secret',
        'X-Secret': 'hop',
      },
    });
    const headers = JSON.parse(answer.body.toString()) as Record<string, string>;
    const device = `http://127.0.0.1:${hmi.port}`;
    expect(headers.host).toBe(`127.0.0.1:${hmi.port}`);
    expect(headers.cookie).toBe('theme=dark; lang=en');
    expect(headers.origin).toBe(device);
    expect(headers.referer).toBe(`${device}/settings?a=1`);
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).toBe(new URL(origin).host);
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-secret']).toBeUndefined();
  });

  it('streams a request body both ways and keeps one tunnel stream per browser connection', async () => {
    const { agent, as } = await setup();
    const { origin, cookie } = await signIn(await open(as, agent, 'hmi'));
    const data = randomBytes(3 * 1024 * 1024);
    const echoed = await get(origin, '/echo', cookie, { method: 'POST', body: data });
    expect(echoed.status).toBe(200);
    expect(sha256(echoed.body)).toBe(sha256(data));

    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const before = hmi.connections();
    for (let i = 0; i < 4; i++)
      expect((await get(origin, '/', cookie, { agent: keepAlive })).status).toBe(200);
    expect(hmi.connections() - before).toBe(1);
    keepAlive.destroy();
  });

  it('moves redirects and cookies to the session host, and drops cookies named like ours or for another domain', async () => {
    const { agent, as } = await setup();
    const { origin, cookie } = await signIn(await open(as, agent, 'hmi'));
    const answer = await get(origin, '/login', cookie);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(`${origin}/home?x=1`);
    expect(answer.headers['set-cookie']).toEqual(['sid=abc; Path=/; HttpOnly', 'theme=dark; Path=/']);
  });

  it('carries a WebSocket of the device page', async () => {
    const { agent, as } = await setup();
    const { origin, cookie } = await signIn(await open(as, agent, 'hmi'));
    const ws = new WebSocket(`ws://127.0.0.1:${serverPort()}/ws`, {
      headers: { Host: new URL(origin).host, Cookie: cookie, Origin: origin },
    });
    await once(ws, 'open');
    ws.send('hello');
    const [message] = (await once(ws, 'message')) as [Buffer];
    expect(message.toString()).toBe('hello');
    const upgrade = hmi.requests.findLast((r) => r.method === 'UPGRADE')!;
    expect(upgrade.headers.origin).toBe(`http://127.0.0.1:${hmi.port}`);
    expect(upgrade.headers.cookie).toBeUndefined();
    ws.close();

    const refused = new WebSocket(`ws://127.0.0.1:${serverPort()}/ws`, {
      headers: { Host: new URL(origin).host },
    });
    const [, response] = (await once(refused, 'unexpected-response')) as [unknown, http.IncomingMessage];
    expect(response.statusCode).toBe(401);
    refused.on('error', () => {});
    refused.terminate();
  });

  it('answers 503 while the agent is offline, and serves again once it is back', async () => {
    const { agent, as } = await setup();
    const { origin, cookie } = await signIn(await open(as, agent, 'hmi'));
    const runner = runners.at(-1)!;
    await runner.stop();
    const offline = await eventually(async () => {
      const answer = await get(origin, '/', cookie);
      return answer.status === 503 ? answer : undefined;
    });
    expect(offline.body.toString()).toContain('Agent offline');
    const services = [{ name: 'hmi', host: '127.0.0.1', port: hmi.port }];
    runners.push(await startAgent(t.server.baseUrl, agent, services));
    const back = await eventually(async () => {
      const answer = await get(origin, '/', cookie);
      return answer.status === 200 ? answer : undefined;
    });
    expect(back.body.toString()).toBe(page);
  });

  it("refuses an https device's self-signed certificate unless the service accepts it", async () => {
    const { agent, as } = await setup();
    const strict = await signIn(await open(as, agent, 'secure'));
    const refused = await get(strict.origin, '/', strict.cookie);
    expect(refused.status).toBe(502);
    expect(refused.body.toString()).toContain('Device not reachable');
    const trusting = await signIn(await open(as, agent, 'trusting'));
    const served = await get(trusting.origin, '/', trusting.cookie);
    expect(served.status).toBe(200);
    expect(served.body.toString()).toBe(page);
  });
});

describe('web access: security', () => {
  it('refuses a replayed token, a token on another host, no cookie, and a cookie of another host', async () => {
    const { agent, as } = await setup();
    const first = await open(as, agent, 'hmi');
    const second = await open(as, agent, 'hmi');
    const url = new URL(first.url);
    const other = new URL(second.url);
    // The token of one session on another session's host is no use (and stays unused).
    const misplaced = await browse(other.origin, `${url.pathname}${url.search}`, {
      serverPort: serverPort(),
    });
    expect(misplaced.status).toBe(401);
    const a = await signIn(first);
    const replay = await browse(url.origin, `${url.pathname}${url.search}`, { serverPort: serverPort() });
    expect(replay.status).toBe(401);
    expect(replay.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(replay.headers['content-security-policy']).toContain("default-src 'none'");
    expect(replay.body.toString()).toContain('already used or has expired');
    expect(replay.headers['set-cookie']).toBeUndefined();

    const b = await signIn(second);
    const noCookie = await get(a.origin, '/', undefined);
    expect(noCookie.status).toBe(401);
    expect(noCookie.body.toString()).toContain('Open it again from the portal');
    expect(noCookie.body.toString()).toContain(`href="${t.server.config.publicUrl}"`);
    expect((await get(a.origin, '/', b.cookie)).status).toBe(401);
    expect((await get(b.origin, '/', a.cookie)).status).toBe(401);
    expect((await get(b.origin, '/', b.cookie)).status).toBe(200);
    const unknown = await get(`http://${'0'.repeat(32)}.localhost:${serverPort()}`, '/', a.cookie);
    expect(unknown.status).toBe(404);
  });

  it('never lets the session cookie reach the portal API, and a session host never serves the portal', async () => {
    const { agent, as } = await setup();
    const { origin, cookie } = await signIn(await open(as, agent, 'hmi'));
    const api = await t.call('GET', 'MyUser', { headers: { Cookie: cookie } });
    expect(api.status).toBe(401);
    // The API's paths on a session host are the device's.
    const before = hmi.requests.length;
    const onSessionHost = await get(origin, '/api/MyUser', cookie, {
      headers: { Cookie: cookie, Authorization: `Bearer ${as.token}` },
    });
    expect(onSessionHost.status).toBe(404);
    expect(onSessionHost.body.toString()).toBe('not found');
    expect(hmi.requests.slice(before).map((r) => r.url)).toEqual(['/api/MyUser']);
  });

  it("answers 404 for another company's session, and its host does not take this company's cookie", async () => {
    const mine = await setup();
    const theirs = await setup();
    const own = await signIn(await open(mine.as, mine.agent, 'hmi'));
    const foreignSession = await open(theirs.as, theirs.agent, 'hmi');
    const foreign = await signIn(foreignSession);
    expect((await t.call('DELETE', `WebAccessSession/${foreignSession.publicId}`, mine.as)).status).toBe(404);
    expect((await get(foreign.origin, '/', own.cookie)).status).toBe(401);
  });

  it("refuses a service outside the agent's allow-list (the agent does not connect it)", async () => {
    const { agent, as } = await setup();
    const { origin, cookie } = await signIn(await open(as, agent, 'ghost'));
    const answer = await get(origin, '/', cookie);
    expect(answer.status).toBe(502);
    expect(answer.body.toString()).toContain('Device not reachable');
  });

  it('answers request smuggling and header injection with 400; nothing reaches the device', async () => {
    const { agent, as } = await setup();
    const { origin, cookie } = await signIn(await open(as, agent, 'hmi'));
    const host = new URL(origin).host;
    const before = hmi.requests.length;
    const smuggled = await rawExchange(
      serverPort(),
      `POST /echo HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\nContent-Length: 5\r\n` +
        `Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /headers HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    );
    expect(smuggled).toMatch(/^HTTP\/1\.1 400 /);
    const injected = await rawExchange(
      serverPort(),
      `GET / HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\nX-Note: a\rX-Injected: b\r\n\r\n`,
    );
    expect(injected).toMatch(/^HTTP\/1\.1 400 /);
    const doubled = await rawExchange(
      serverPort(),
      `POST /echo HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!`,
    );
    expect(doubled).toMatch(/^HTTP\/1\.1 400 /);
    // An absolute URL would reach the device as a proxy request.
    const absolute = await rawExchange(
      serverPort(),
      `GET http://127.0.0.1:${serverPort()}/api/MyUser HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`,
    );
    expect(absolute).toMatch(/^HTTP\/1\.1 400 /);
    expect(hmi.requests.length).toBe(before);
  });

  it('ends an open session when its request is revoked: connections cut, then the 410 page; usage and audit recorded', async () => {
    const { agent, company, as } = await setup({ requireApproval: true });
    const member = await t.newMember(company, ['agents.connect', 'accessRequests.use']);
    const memberAs = { token: member.token, company: company.publicId };
    const hmiServer = agent.servers.find((s) => s.name === 'hmi')!;
    const screen = agent.servers.find((s) => s.name === 'screen')!;
    const requestId = await seedAccessRequest(t.server.db, agent, member.publicId, {
      vpn: false,
      serverIds: [hmiServer.id, screen.id],
    });
    const session = await open(memberAs, agent, 'hmi');
    const { origin, cookie } = await signIn(session);
    expect((await get(origin, '/logo.png', cookie)).status).toBe(200);
    const ws = new WebSocket(`ws://127.0.0.1:${serverPort()}/ws`, {
      headers: { Host: new URL(origin).host, Cookie: cookie },
    });
    await once(ws, 'open');
    const wsClosed = once(ws, 'close');
    // A web user is among the device's connected users while the session is open.
    const read = await t.call('GET', `Agent/${agent.publicId}`, {
      ...as,
      query: { fields: 'connectedUsers' },
    });
    expect(read.body.data).toMatchObject({ connectedUsers: [{ publicId: member.publicId, name: 'Member' }] });

    const viewerSession = await open(memberAs, agent, 'screen');
    expect(viewerSession.viewOnly).toBe(true);
    const viewer = new WebSocket(viewerSession.url);
    const greeting = once(viewer, 'message');
    await once(viewer, 'open');
    // The device's RFB version reaches the viewer.
    const [rfb] = (await greeting) as [Buffer];
    expect(rfb.toString()).toBe('RFB 003.008\n');
    // The viewer's token is single-use too.
    const replay = new WebSocket(viewerSession.url);
    const [, replayResponse] = (await once(replay, 'unexpected-response')) as [unknown, http.IncomingMessage];
    expect(replayResponse.statusCode).toBe(401);
    replay.on('error', () => {});
    replay.terminate();

    const approver = await t.newMember(company, ['accessRequests.manage']);
    const approverId = await idOf(t.server.db, 'users', approver.publicId);
    const viewerClosed = once(viewer, 'close');
    await t.server.db
      .updateTable('access_requests')
      .set({ status: 'revoked', decided_by_user_id: approverId, decided_at: new Date() })
      .where('id', '=', requestId)
      .execute();
    const [code, reason] = (await viewerClosed) as [number, Buffer];
    expect(code).toBe(relayCloseCodes.accessEnded);
    expect(reason.toString()).toBe('ACCESS_REVOKED:Member');
    await wsClosed;

    const gone = await get(origin, '/', cookie);
    expect(gone.status).toBe(410);
    expect(gone.body.toString()).toContain('revoked by Member');
    const row = await t.server.db
      .selectFrom('web_access_sessions')
      .select(['end_reason', 'client_session_id'])
      .where('public_id', '=', session.publicId)
      .executeTakeFirstOrThrow();
    expect(row.end_reason).toBe('ACCESS_REVOKED:Member');
    const usage = await eventually(async () => {
      const client = await t.server.db
        .selectFrom('client_sessions')
        .select(['bytes_up', 'bytes_down', 'ended_at', 'vpn'])
        .where('id', '=', row.client_session_id!)
        .executeTakeFirstOrThrow();
      return client.ended_at ? client : undefined;
    });
    expect(usage.vpn).toBe(false);
    // Counted in the company's and the device's data usage of the day.
    const companyUsage = await t.server.db
      .selectFrom('company_data_usage')
      .select(['bytes_in', 'bytes_out'])
      .where('company_id', '=', await idOf(t.server.db, 'companies', company.publicId))
      .executeTakeFirstOrThrow();
    expect(Number(companyUsage.bytes_out)).toBeGreaterThanOrEqual(Number(usage.bytes_down));
    const agentUsage = await t.server.db
      .selectFrom('agent_data_usage')
      .select(['bytes_in', 'bytes_out'])
      .where('agent_id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(Number(agentUsage.bytes_in)).toBeGreaterThanOrEqual(Number(usage.bytes_up));
    expect(Number(usage.bytes_down)).toBeGreaterThan(logo.length);
    expect(Number(usage.bytes_up)).toBeGreaterThan(0);
    const audit = await eventually(async () =>
      t.server.db
        .selectFrom('audit_logs')
        .select('after')
        .where('resource_public_id', '=', session.publicId)
        .where('action', '=', 'UPDATE')
        .executeTakeFirst(),
    );
    expect(audit.after).toMatchObject({
      endReason: 'ACCESS_REVOKED:Member',
      bytesDown: Number(usage.bytes_down),
    });
  });

  it("ends a session at its user's DELETE: the open connection is cut and the next request gets the 410 page", async () => {
    const { agent, as } = await setup();
    const session = await open(as, agent, 'hmi');
    const { origin, cookie } = await signIn(session);
    const ws = new WebSocket(`ws://127.0.0.1:${serverPort()}/ws`, {
      headers: { Host: new URL(origin).host, Cookie: cookie },
    });
    await once(ws, 'open');
    // Listened for before the call: the cut may arrive before its answer.
    const closed = once(ws, 'close');
    expect((await t.call('DELETE', `WebAccessSession/${session.publicId}`, as)).status).toBe(204);
    await closed;
    const gone = await get(origin, '/', cookie);
    expect(gone.status).toBe(410);
    expect(gone.body.toString()).toContain('was closed');

    const viewerSession = await open(as, agent, 'screen');
    const viewer = new WebSocket(viewerSession.url);
    await once(viewer, 'open');
    const viewerClosed = once(viewer, 'close');
    expect((await t.call('DELETE', `WebAccessSession/${viewerSession.publicId}`, as)).status).toBe(204);
    const [code, reason] = (await viewerClosed) as [number, Buffer];
    expect(code).toBe(relayCloseCodes.accessEnded);
    expect(reason.toString()).toBe('ended by user');
  });
});
