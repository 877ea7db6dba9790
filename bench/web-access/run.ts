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
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { LanService } from '../../apps/agent/src/services.ts';
import { throwawayDatabase } from '../support.ts';
import { startRole, type ChildRole } from '../tunnel/ipc.ts';
import type { SeededWebAgent, WebServerInfo, WebService } from './server.ts';

const loads = Number(process.env.BENCH_PAGE_LOADS ?? 20);
const opens = Number(process.env.BENCH_OPENS ?? 10);
const assetCount = 20;
const adminEmail = 'bench-admin@example.com';
const password = randomBytes(18).toString('base64url');
const here = import.meta.dirname;
const loadBefore = os.loadavg();

/** One page load as the browser timed it (ms from navigation start), plus wall-clock FCP. */
type Load = { loadMs: number; fcpMs: number; resources: number; fcpEpochMs: number };
type Stats = { median: number; p90: number; count: number };
type PathResult = { load: Stats; fcp: Stats };
type OpenResult = { painted: Stats; loaded: Stats };

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

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Session hosts are `<32 hex>.localhost`: straight to the server, no resolver asked.
      '--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1',
    ],
  });
  const directUrl = `http://127.0.0.1:${hmi.port}/`;
  const hmiService = device.services.find((s) => s.name === 'hmi')!;
  const open = api.openWebAccess ? () => api.openWebAccess!(device.publicId, hmiService.publicId) : undefined;

  // The two paths alternate load by load, so a busy moment of the machine hits both alike.
  const relay = open ? await relayOrigin(browser, open) : undefined;
  const direct: Load[] = [];
  const relayed: Load[] = [];
  await pageLoad(browser, directUrl); // warm-up: Chromium's and Node's first-use costs
  if (relay) await pageLoad(browser, `${relay.origin}/`, relay.state);
  for (let i = 0; i < loads; i++) {
    direct.push(await pageLoad(browser, directUrl));
    if (relay) relayed.push(await pageLoad(browser, `${relay.origin}/`, relay.state));
  }
  const directOpen: OpenTiming[] = [];
  const relayOpen: OpenTiming[] = [];
  for (let i = 0; i < opens; i++) {
    directOpen.push(await openTab(browser, async () => directUrl));
    if (open) relayOpen.push(await openTab(browser, async () => (await open()).url));
  }

  process.stdout.write(
    report({
      info,
      direct: summarize(direct),
      relay: relay ? summarize(relayed) : undefined,
      directOpen: summarizeOpens(directOpen),
      relayOpen: open ? summarizeOpens(relayOpen) : undefined,
    }),
  );
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
  // Discovery's links are absolute on PUBLIC_URL; this process calls the same paths on loopback.
  const route = new URL(href).pathname;
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

/**
 * Opens one web access session the way a user would (its first URL redeems the token and sets the
 * session cookie), and returns the session host and the browser state holding that cookie, so the
 * measured loads start from fresh contexts (empty cache, new connections) already signed in.
 */
async function relayOrigin(browser: Browser, open: () => Promise<{ url: string }>) {
  const { url } = await open();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  if (new URL(page.url()).pathname !== '/')
    throw new Error(`web access did not redirect to /: ${page.url()}`);
  const state = await context.storageState();
  await context.close();
  return { origin: new URL(page.url()).origin, state };
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** One full load of the HMI page in a fresh context; checks that all 20 assets came. */
async function pageLoad(browser: Browser, url: string, storageState?: StorageState): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    return await timings(page);
  } finally {
    await context.close();
  }
}

/** The navigation's load end and first contentful paint, once the browser has both. */
async function timings(page: Page): Promise<Load> {
  await page.waitForFunction(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
        ?.loadEventEnd && performance.getEntriesByName('first-contentful-paint').length > 0,
  );
  const load = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
    // The page's own assets; the browser asks for /favicon.ico by itself, after the page.
    const assets = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname !== '/favicon.ico');
    return {
      loadMs: navigation.loadEventEnd,
      fcpMs: fcp,
      fcpEpochMs: performance.timeOrigin + fcp,
      resources: assets.length,
    };
  });
  if (load.resources !== assetCount)
    throw new Error(`${page.url()} loaded ${load.resources} assets, expected ${assetCount}`);
  return load;
}

type OpenTiming = { paintedMs: number; loadedMs: number };

/**
 * "Click Open": the browser is already running (the portal is open in it); from the moment the
 * portal calls the API (`firstUrl`) to the new tab's first contentful paint and load end.
 */
async function openTab(browser: Browser, firstUrl: () => Promise<string>): Promise<OpenTiming> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const clicked = performance.timeOrigin + performance.now();
    const url = await firstUrl();
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const load = await timings(page);
    const navigationStart = load.fcpEpochMs - load.fcpMs;
    return { paintedMs: load.fcpEpochMs - clicked, loadedMs: navigationStart + load.loadMs - clicked };
  } finally {
    await context.close();
  }
}

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { median: at(0.5), p90: at(0.9), count: sorted.length };
}
function summarize(list: Load[]): PathResult {
  return { load: stats(list.map((l) => l.loadMs)), fcp: stats(list.map((l) => l.fcpMs)) };
}
function summarizeOpens(list: OpenTiming[]): OpenResult {
  return { painted: stats(list.map((o) => o.paintedMs)), loaded: stats(list.map((o) => o.loadedMs)) };
}

function report({
  info,
  direct,
  relay,
  directOpen,
  relayOpen,
}: {
  info: WebServerInfo;
  direct: PathResult;
  relay: PathResult | undefined;
  directOpen: OpenResult;
  relayOpen: OpenResult | undefined;
}): string {
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
