import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@fleetgate/contracts';
import { useTestServer } from '../../test/harness.ts';
import { rawRequest } from '../../test/raw-http.ts';
import { loadConfig } from '../config.ts';
import { randomBytes } from 'node:crypto';
import type { TunnelTicket, WebAccessSession } from '@fleetgate/contracts';
import {
  echo,
  eventually,
  idOf,
  openRelayClient,
  seedAgent,
  startAgent,
} from '../relay/relay.test-support.ts';
import { insertWebhook } from '../modules/webhooks/webhook.repository.ts';
import { browse, logo, startHttpDevice } from '../modules/web-access/web-access.test-support.ts';
import { newPublicId } from './ids.ts';
import type { AgentRunner } from '../../../agent/src/agent-runner.ts';
import { startSimulator } from '../../../agent/src/simulator.ts';

const token = 'metrics-token-for-tests-0123456789';

const get = async (baseUrl: string, path: string, init: RequestInit = {}) => {
  const response = await fetch(new URL(path, baseUrl), init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
};

/** The value of one sample line (`name{labels} value`), or undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = new Map([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    if (Object.entries(labels).every(([key, value]) => present.get(key) === value)) return Number(match[3]);
  }
  return undefined;
}

describe('METRICS_TOKEN', () => {
  it('is read from the environment; short or spaced tokens are refused at start', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: ` ${token} ` }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: 'a token with spaces in it' })).toThrow(/METRICS_TOKEN/);
  });
});

/** A built web app, whose page fallback answers every other path without an extension. */
function webBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'fleetgate-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Fleetgate</title>');
  return dist;
}

describe('/metrics without METRICS_TOKEN', () => {
  const t = useTestServer({ config: { webDist: webBuild() } });

  it('answers 404 in the wire format, token or not, and never the web app page', async () => {
    expect((await get(t.server.baseUrl, '/some/page')).text).toContain('<title>Fleetgate</title>');
    const tries: Record<string, string>[] = [{}, { Authorization: `Bearer ${token}` }];
    for (const headers of tries) {
      const answer = await get(t.server.baseUrl, '/metrics', { headers });
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.text)).toEqual({
        type: 'Error',
        status: 'error',
        data: [{ message: errorMessages.notFound }],
      });
    }
    expect(JSON.parse((await get(t.server.baseUrl, '/healthz')).text)).toEqual({ status: 'ok' });
    expect((await get(t.server.baseUrl, '/readyz')).status).toBe(200);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  const t = useTestServer({ config: { metricsToken: token } });
  const scrape = async () => {
    const answer = await get(t.server.baseUrl, '/metrics', { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    return answer.text;
  };
  const runners: AgentRunner[] = [];
  afterAll(() => Promise.all(runners.map((runner) => runner.stop())));

  it('refuses a missing, wrong or malformed token with 401 in the wire format', async () => {
    const refused: Record<string, string>[] = [
      {},
      { Authorization: `Bearer ${token}x` },
      { Authorization: `Bearer ${token.slice(0, -1)}` },
      { Authorization: token },
      { Authorization: `Basic ${Buffer.from(`x:${token}`).toString('base64')}` },
      { Authorization: `Bearer ${'x'.repeat(8000)}` },
    ];
    for (const headers of refused) {
      const answer = await get(t.server.baseUrl, '/metrics', { headers });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      expect(JSON.parse(answer.text)).toEqual({
        type: 'Error',
        status: 'error',
        data: [{ message: errorMessages.unauthenticated }],
      });
    }
  });

  it('counts requests by route pattern and status, with a latency histogram', async () => {
    expect((await get(t.server.baseUrl, '/healthz')).status).toBe(200);
    const unknownId = 'zz9plural9zz';
    await get(t.server.baseUrl, `/api/Agent/${unknownId}`, { headers: { 'Api-Version': '2' } });
    await get(t.server.baseUrl, `/no/such/${unknownId}/page.js`);
    await get(t.server.baseUrl, '/metrics', { headers: { Authorization: 'Bearer wrong' } });

    const answer = await get(t.server.baseUrl, '/metrics', { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.text;
    const healthz = { route: '/healthz', method: 'GET', status_code: '200' };
    expect(sample(text, 'fleetgate_http_requests_total', healthz)).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'fleetgate_http_request_duration_seconds_bucket', { ...healthz, le: '+Inf' })).toBe(
      sample(text, 'fleetgate_http_requests_total', healthz),
    );
    expect(sample(text, 'fleetgate_http_request_duration_seconds_count', healthz)).toBeGreaterThanOrEqual(1);
    // Routes by their pattern, unknown paths as one value, never an id from a URL.
    expect(sample(text, 'fleetgate_http_requests_total', { route: '/api/Agent/:publicId' })).toBe(1);
    expect(sample(text, 'fleetgate_http_requests_total', { route: 'unmatched', status_code: '404' })).toBe(1);
    expect(text).not.toContain(unknownId);
    expect(
      sample(text, 'fleetgate_http_requests_total', { route: '/metrics', status_code: '401' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('reports the event loop, the process, the database pool and the job queues', async () => {
    const text = await scrape();
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    for (const [queue, state] of [
      ['webhook_deliveries', 'pending'],
      ['webhook_deliveries', 'failed'],
      ['reports', 'queued'],
      ['reports', 'running'],
      ['reports', 'failed'],
    ] as const) {
      expect(sample(text, 'fleetgate_jobs', { queue, state })).toBeGreaterThanOrEqual(0);
    }
    // PGlite is one connection inside the process: the pool exists only on PostgreSQL.
    if (process.env.DATABASE_URL) {
      expect(sample(text, 'fleetgate_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'fleetgate_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'fleetgate_db_pool_waiting_queries')).toBeGreaterThanOrEqual(0);
    } else {
      expect(text).not.toContain('fleetgate_db_pool');
    }
  });

  it('counts webhook deliveries waiting in the queue', async () => {
    const company = await t.newCompany();
    const companyId = await idOf(t.server.db, 'companies', company.publicId);
    const webhook = await insertWebhook(t.server.db, companyId, newPublicId(), {
      name: 'metrics',
      url: 'https://example.com/hook',
      eventTypes: [],
      enabled: true,
      secretSealed: 'not used: nothing is sent',
    });
    // Due tomorrow, so no worker of any test server takes them meanwhile.
    const rows = Array.from({ length: 3 }, () => ({
      public_id: newPublicId(),
      webhook_id: webhook.id,
      company_id: companyId,
      event_type: 'Test',
      body: '{}',
      next_attempt_at: new Date(Date.now() + 86_400_000),
    }));
    await t.server.db.insertInto('webhook_deliveries').values(rows).execute();
    try {
      // Counts are reused for a few seconds.
      await eventually(async () => {
        const pending = sample(await scrape(), 'fleetgate_jobs', {
          queue: 'webhook_deliveries',
          state: 'pending',
        });
        return pending !== undefined && pending >= rows.length ? true : undefined;
      }, 10_000);
    } finally {
      await t.server.db.deleteFrom('webhook_deliveries').where('webhook_id', '=', webhook.id).execute();
      await t.server.db.deleteFrom('webhooks').where('id', '=', webhook.id).execute();
    }
  });

  it('counts attached agents, client sessions, open streams and bytes relayed', async () => {
    const before = await scrape();
    expect(sample(before, 'fleetgate_relay_attached_agents')).toBe(0);
    expect(sample(before, 'fleetgate_relay_open_streams')).toBe(0);
    expect(sample(before, 'fleetgate_relay_bytes_total', { direction: 'to_device' })).toBe(0);

    const simulator = await startSimulator();
    try {
      const company = await t.newCompany();
      const agent = await seedAgent(t.server.db, company.publicId, { servers: simulator.services });
      runners.push(await startAgent(t.server.baseUrl, agent, simulator.services));
      await eventually(async () =>
        sample(await scrape(), 'fleetgate_relay_attached_agents') === 1 ? true : undefined,
      );
      const issued = await t.call('POST', `AgentTunnelTicketList/${agent.publicId}`, {
        token: company.admin.token,
        company: company.publicId,
        body: { vpn: true },
      });
      expect(issued.status).toBe(201);
      const client = await openRelayClient(issued.body.data as TunnelTicket);
      const data = randomBytes(64 * 1024);
      expect((await echo(client.open('echo'), data)).length).toBe(data.length);
      // A stream that stays open until the scrape has seen it.
      const held = client.open('echo');
      await new Promise((resolve) => {
        held.once('data', resolve);
        held.write('ping');
      });
      const during = await scrape();
      expect(sample(during, 'fleetgate_relay_client_sessions')).toBe(1);
      expect(sample(during, 'fleetgate_relay_open_streams')).toBe(1);
      held.destroy();
      client.ws.close();
      // Bytes of ended sessions stay counted: the counter never goes down.
      await eventually(async () =>
        sample(await scrape(), 'fleetgate_relay_client_sessions') === 0 ? true : undefined,
      );
      const after = await scrape();
      expect(sample(after, 'fleetgate_relay_bytes_total', { direction: 'to_device' })).toBeGreaterThan(
        data.length,
      );
      expect(sample(after, 'fleetgate_relay_bytes_total', { direction: 'from_device' })).toBeGreaterThan(
        data.length,
      );
      await runners.pop()!.stop();
      await eventually(async () =>
        sample(await scrape(), 'fleetgate_relay_attached_agents') === 0 ? true : undefined,
      );
    } finally {
      await simulator.close();
    }
  });

  it('counts the bytes of web-access sessions as relayed bytes', async () => {
    const hmi = await startHttpDevice();
    try {
      const company = await t.newCompany();
      const service = { name: 'hmi', host: '127.0.0.1', port: hmi.port, type: 'http' as const };
      const agent = await seedAgent(t.server.db, company.publicId, { servers: [service] });
      runners.push(await startAgent(t.server.baseUrl, agent, [service]));
      const before = await scrape();
      const created = await t.call('POST', `AgentWebAccessSessionList/${agent.publicId}`, {
        token: company.admin.token,
        company: company.publicId,
        body: { server: { publicId: agent.servers[0]!.publicId } },
      });
      expect(created.status).toBe(201);
      const url = new URL((created.body.data as WebAccessSession).url);
      const serverPort = Number(new URL(t.server.baseUrl).port);
      const signedIn = await browse(url.origin, `${url.pathname}${url.search}`, { serverPort });
      const cookie = signedIn.headers['set-cookie']![0]!.split(';')[0]!;
      const image = await browse(url.origin, '/logo.png', { serverPort, headers: { Cookie: cookie } });
      expect(image.body.length).toBe(logo.length);
      const during = await scrape();
      const grown = (scraped: string, direction: string) =>
        sample(scraped, 'fleetgate_relay_bytes_total', { direction })! -
        sample(before, 'fleetgate_relay_bytes_total', { direction })!;
      expect(grown(during, 'from_device')).toBeGreaterThan(logo.length);
      expect(grown(during, 'to_device')).toBeGreaterThan(0);
      // Ended, the session's bytes stay counted.
      await t.call('DELETE', `WebAccessSession/${(created.body.data as WebAccessSession).publicId}`, {
        token: company.admin.token,
        company: company.publicId,
      });
      await eventually(async () => (t.server.built.relay.webAccess.sessions.length === 0 ? true : undefined));
      expect(grown(await scrape(), 'from_device')).toBeGreaterThan(logo.length);
      await runners.pop()!.stop();
    } finally {
      await hmi.close();
    }
  });

  it('odd requests are never a 5xx: query strings, HEAD, other methods, any Host', async () => {
    const bearer = { Authorization: `Bearer ${token}` };
    expect(
      (await get(t.server.baseUrl, `/metrics?x=${'%FF'.repeat(100)}&name[]=1`, { headers: bearer })).status,
    ).toBe(200);
    expect((await get(t.server.baseUrl, '/metrics', { method: 'HEAD', headers: bearer })).status).toBe(200);
    expect((await get(t.server.baseUrl, '/metrics', { method: 'HEAD' })).status).toBe(401);
    expect((await get(t.server.baseUrl, '/metrics', { method: 'POST', headers: bearer })).status).toBe(404);
    // Prometheus scrapes by address.
    const byAddress = await rawRequest(t.server.baseUrl, {
      path: '/metrics',
      host: '10.1.2.3:9100',
      headers: bearer,
    });
    expect(byAddress.status).toBe(200);
    expect(byAddress.text).toContain('fleetgate_http_requests_total');
  });
});

describe('/metrics when the database is gone', () => {
  const t = useTestServer({ config: { metricsToken: token } });

  it('still answers 200, without job counts rather than with old ones', async () => {
    await t.server.db.destroy();
    const answer = await get(t.server.baseUrl, '/metrics', { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(sample(answer.text, 'fleetgate_relay_attached_agents')).toBe(0);
    expect(sample(answer.text, 'fleetgate_jobs')).toBeUndefined();
  });
});
