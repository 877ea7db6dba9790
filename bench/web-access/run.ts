/**
 * Web access benchmark (issue 15, item 6): the simulator's HMI page (HTML plus 20 assets: style
 * sheet, script, 18 icons) loaded in headless Chromium directly from the simulator and through
 * web access (browser → server's web access proxy → relay → agent → simulator), in the same run
 * on this machine. Each role runs in its own process (server; agent with the simulator); the
 * browser shares the machine's cores with them.
 *
 * Prints, for both paths, median and p90 of
 *   - full page load (navigation start → load event, every asset fetched; a fresh browser
 *     context each time: empty cache, new connections, as a first visit),
 *   - first contentful paint,
 * the ratio relay/direct of the medians (goal: the relay adds ≤ 20 % to a full load), and
 *   - "click Open → HMI painted": from the portal's API call `POST AgentWebAccessSessionList/{agent}`
 *     to the first contentful paint of the HMI in the new tab (token redeemed, cookie set,
 *     redirected to `/`, page and assets through the relay); goal ≤ 2 s. Its direct counterpart
 *     (new tab on the simulator's own address) shows what the API call and the redirect add.
 * No timing is asserted; goals are reported as met or not. Sizes: BENCH_PAGE_LOADS (20 of each
 * kind of load), BENCH_OPENS (10). PGlite in memory, or PostgreSQL in a throwaway database when
 * DATABASE_URL is set.
 */
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import type { LanService } from '../../apps/agent/src/services.ts';
import { throwawayDatabase } from '../support.ts';
import { startRole, type ChildRole } from '../tunnel/ipc.ts';
import {
  assetCount,
  launchBrowser,
  measure,
  type Measured,
  type OpenWebAccess,
  type Stats,
} from './measure.ts';
import type { SeededWebAgent, WebServerInfo, WebService } from './server.ts';

const loads = Number(process.env.BENCH_PAGE_LOADS ?? 20);
const opens = Number(process.env.BENCH_OPENS ?? 10);
const adminEmail = 'bench-admin@example.com';
const password = randomBytes(18).toString('base64url');
const here = import.meta.dirname;
const loadBefore = os.loadavg();

const database = process.env.DATABASE_URL ? await throwawayDatabase(process.env.DATABASE_URL) : undefined;
if (process.env.DATABASE_URL && !database) throw new Error('DATABASE_URL is set but does not answer');
const roles: ChildRole[] = [];
let browser: Browser | undefined;

try {
  const [server, agent] = await Promise.all([
    startRole(path.join(here, 'server.ts'), {
      BENCH_ADMIN_EMAIL: adminEmail,
      BENCH_ADMIN_PASSWORD: password,
      ...(database ? { BENCH_DATABASE_URL: database.url } : {}),
    }).then(keep),
    // The tunnel benchmark's device role: the simulator and the agent's connection loop.
    startRole(path.join(here, '../tunnel/agent.ts')).then(keep),
  ]);
  const info = await server.request<WebServerInfo>('info');
  const services = await agent.request<LanService[]>('services');
  const hmi = services.find((s) => s.name === 'hmi')!;
  const declared: WebService[] = services.map((s) => ({ ...s, type: s.name === 'hmi' ? 'http' : 'tcp' }));
  const device = await server.request<SeededWebAgent>('agent', declared);
  await agent.request('attach', {
    relayUrl: `${info.apiUrl.replace(/^http/, 'ws')}/relay/agent`,
    credential: device.credential,
  });
  const api = await portalApi(info);

  browser = await launchBrowser();
  const directUrl = `http://127.0.0.1:${hmi.port}/`;
  const hmiService = device.services.find((s) => s.name === 'hmi')!;
  const open: OpenWebAccess | undefined = api.openWebAccess
    ? () => api.openWebAccess!(device.publicId, hmiService.publicId)
    : undefined;

  const results = await measure(browser, { directUrl, open, loads, opens });
  process.stdout.write(report({ info, ...results }));
} finally {
  await browser?.close();
  await Promise.all(roles.map((r) => r.stop()));
  await database?.drop();
}

function keep(role: ChildRole): ChildRole {
  roles.push(role);
  return role;
}

type PortalApi = {
  /** `POST AgentWebAccessSessionList/{agent}`; undefined when this server has no web access yet. */
  openWebAccess: ((agent: string, server: string) => Promise<{ url: string }>) | undefined;
};

/** Signs in as the demo administrator and finds the web access call through discovery. */
async function portalApi(info: WebServerInfo): Promise<PortalApi> {
  const headers = { 'Api-Version': '2', 'Content-Type': 'application/json' };
  const login = await fetch(`${info.apiUrl}/api/AccessTokenList`, {
    method: 'POST',
    headers: {
      ...headers,
      Authorization: `Basic ${Buffer.from(`${adminEmail}::${password}`).toString('base64')}`,
    },
    body: JSON.stringify({ expiresIn: 3600 }),
  });
  if (login.status !== 201) throw new Error(`login failed with ${login.status}`);
  const token = ((await login.json()) as { data: { secretId: string } }).data.secretId;
  const discovery = await fetch(`${info.apiUrl}/api`, { headers });
  const entries = ((await discovery.json()) as { data: { rel: string; href: string }[] }).data;
  const href = entries.find((e) => e.rel === 'AgentWebAccessSessionList')?.href;
  if (!href) return { openWebAccess: undefined };
  // Discovery's links are absolute on PUBLIC_URL; this process calls the same paths on loopback
  // (cut as text: URL parsing would percent-encode the `{agentPublicId}` placeholder).
  const route = href.replace(/^https?:\/\/[^/]+/, '');
  return {
    openWebAccess: async (agentId, serverId) => {
      const response = await fetch(info.apiUrl + route.replace(/\{[^}]+\}/, agentId), {
        method: 'POST',
        headers: { ...headers, Authorization: `Bearer ${token}`, 'Api-Company': info.companyPublicId },
        body: JSON.stringify({ server: { publicId: serverId } }),
      });
      const body = (await response.json()) as { data: { url: string } | { message: string }[] };
      if (response.status !== 201)
        throw new Error(`web access answered ${response.status}: ${JSON.stringify(body)}`);
      return body.data as { url: string };
    },
  };
}

function report({ info, direct, relay, directOpen, relayOpen }: Measured & { info: WebServerInfo }): string {
  const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;
  const line = (name: string, s: Stats) =>
    `  ${name.padEnd(30)} median ${ms(s.median)}   p90 ${ms(s.p90)}   (${s.count})`;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const lines = [
    `web access benchmark (${info.database}; ${os.availableParallelism()} cores shared by Chromium, the server`,
    '  with relay and web access proxy, and the agent with the simulator, each in its own process;',
    `  load average before the run ${loadBefore.map((n) => n.toFixed(2)).join(' ')})`,
    `HMI page: HTML + ${assetCount} assets, fresh browser context per load (empty cache, new connections)`,
    line('direct: full load', direct.load),
    line('direct: first contentful paint', direct.fcp),
  ];
  if (relay) {
    const ratio = relay.load.median / direct.load.median;
    lines.push(
      line('web access: full load', relay.load),
      line('web access: first cont. paint', relay.fcp),
      `  ratio web access / direct (median full load) ${ratio.toFixed(2)}, +${(relay.load.median - direct.load.median).toFixed(1)} ms` +
        ` (goal <= 1.20: ${met(ratio <= 1.2)}); p90 ratio ${(relay.load.p90 / direct.load.p90).toFixed(2)}`,
    );
  } else {
    lines.push('  web access: not measured (this server has no AgentWebAccessSessionList in its discovery)');
  }
  lines.push(
    'click Open → HMI in a new tab (from the API call; direct: new tab on the simulator itself)',
    line('direct: painted', directOpen.painted),
    line('direct: loaded', directOpen.loaded),
  );
  if (relayOpen) {
    lines.push(
      line('web access: painted', relayOpen.painted),
      line('web access: loaded', relayOpen.loaded),
      `  goal painted <= 2000 ms: median ${met(relayOpen.painted.median <= 2000)}, p90 ${met(relayOpen.painted.p90 <= 2000)}`,
    );
  }
  return [...lines, ''].join('\n');
}
