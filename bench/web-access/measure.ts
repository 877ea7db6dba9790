/**
 * The browser half of the web access benchmark: full loads of the HMI page in fresh contexts and
 * "click Open" timings, for the direct path and, when the server offers web access, through it.
 * Kept apart from run.ts (which starts the processes) so each path is one plain function.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** The HMI page's assets (style sheet, script, 18 icons), all fetched before its load event. */
export const assetCount = 20;

/** One page load as the browser timed it (ms from navigation start), plus wall-clock FCP. */
type Load = { loadMs: number; fcpMs: number; resources: number; fcpEpochMs: number };
export type Stats = { median: number; p90: number; count: number };
export type PathResult = { load: Stats; fcp: Stats };
export type OpenResult = { painted: Stats; loaded: Stats };

/** Debian's Chromium with the flags of the end-to-end tests (e2e/support/browser.ts). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
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
}

/** Creates a web access session as the portal's Open button does; resolves to its first URL. */
export type OpenWebAccess = () => Promise<{ url: string }>;

export type Measured = {
  direct: PathResult;
  relay: PathResult | undefined;
  directOpen: OpenResult;
  relayOpen: OpenResult | undefined;
};

/**
 * `loads` full loads on each path and `opens` Open timings on each; the relay half only when
 * `open` is given (a server with web access).
 */
export async function measure(
  browser: Browser,
  {
    directUrl,
    open,
    loads,
    opens,
  }: { directUrl: string; open: OpenWebAccess | undefined; loads: number; opens: number },
): Promise<Measured> {
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

  return {
    direct: summarize(direct),
    relay: relay ? summarize(relayed) : undefined,
    directOpen: summarizeOpens(directOpen),
    relayOpen: open ? summarizeOpens(relayOpen) : undefined,
  };
}

/**
 * Opens one web access session the way a user would (its first URL redeems the token and sets the
 * session cookie), checks that the page's live WebSocket works through it, and returns the session host and the browser state holding that cookie, so the
 * measured loads start from fresh contexts (empty cache, new connections) already signed in.
 */
async function relayOrigin(browser: Browser, open: OpenWebAccess) {
  const { url } = await open();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  if (new URL(page.url()).pathname !== '/')
    throw new Error(`web access did not redirect to /: ${page.url()}`);
  // The page's WebSocket (/live) must come through too, or the page is not the HMI a user sees.
  await page
    .locator('#live-status', { hasText: 'live' })
    .waitFor({ timeout: 10_000 })
    .catch(() => {
      throw new Error('the HMI page did not go live through web access (WebSocket /live)');
    });
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
