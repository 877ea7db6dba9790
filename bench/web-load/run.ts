/**
 * Web app load benchmark: starts the server as `npm start` does (PGlite in a temporary data
 * directory, the demo administrator with a known password) serving the current build of
 * apps/web/dist, then opens in Chromium with an empty cache
 *   1. the login page, and signs in through it;
 *   2. the devices page, signed in (a fresh browser context with the same session).
 * For each it prints the JavaScript the page loaded: bytes transferred (compressed, with
 * headers, as the browser's Resource Timing reports them) and uncompressed, their ratio, and
 * the goals of issue 11 (login page ≤ 210 KB transferred since issue 14, devices page ≤ 350 KB; KB = 1,000
 * bytes). Exits non-zero when a goal is missed. Build first: `npm run bench:web` does both.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { freePort, startProcess } from '../support.ts';

const root = path.resolve(import.meta.dirname, '../..');
const adminEmail = 'admin@example.com';
const adminPassword = 'bench-admin-passphrase';

type Script = { url: string; transferSize: number; encodedBodySize: number; decodedBodySize: number };
/** The fields of the browser's PerformanceResourceTiming this benchmark reads. */
type ResourceTiming = Script & { name: string; responseEnd: number };
type Measurement = { page: string; goalBytes: number; scripts: Script[] };

await fs.access(path.join(root, 'apps/web/dist/index.html')).catch(() => {
  throw new Error('apps/web/dist is missing: run `npm run build -w @fleetgate/web` (or `npm run bench:web`)');
});
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleetgate-bench-web-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const server = await startProcess(
  path.join(root, 'apps/server/src/main.ts'),
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    FLEETGATE_ADMIN_EMAIL: adminEmail,
    FLEETGATE_ADMIN_PASSWORD: adminPassword,
  },
  /listening on/,
);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});

try {
  const loginContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const loginPage = await loginContext.newPage();
  await loginPage.goto(`${baseUrl}/login`);
  await loginPage.getByRole('heading', { name: 'Log in' }).waitFor();
  const login = await measure(loginPage, 'login page (/login)', 210_000);

  await loginPage.getByLabel('E-mail address').fill(adminEmail);
  await loginPage.getByLabel('Password', { exact: true }).fill(adminPassword);
  await loginPage.getByRole('button', { name: 'Log in' }).click();
  await loginPage.getByRole('button', { name: 'Account' }).waitFor();
  const session = await loginContext.storageState();
  await loginContext.close();

  const devicesContext = await freshContext(browser, session);
  const devicesPage = await devicesContext.newPage();
  await devicesPage.goto(`${baseUrl}/devices`);
  await devicesPage.getByRole('heading', { name: 'Devices' }).waitFor();
  const devices = await measure(devicesPage, 'devices page (/devices, signed in)', 350_000);
  await devicesContext.close();

  const missed = [login, devices].filter((m) => transferred(m) > m.goalBytes);
  for (const measurement of [login, devices]) report(measurement);
  if (process.env.BENCH_VERBOSE) for (const m of [login, devices]) listScripts(m);
  process.exitCode = missed.length > 0 ? 1 : 0;
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await fs.rm(dataDir, { recursive: true, force: true });
}

/** A context with the signed-in session's storage but an empty HTTP cache, as a new visit. */
function freshContext(browser: Browser, storageState: Awaited<ReturnType<BrowserContext['storageState']>>) {
  return browser.newContext({ viewport: { width: 1280, height: 800 }, storageState });
}

/**
 * Waits until the page has fetched every script it will (no new one for a second; the live
 * event stream keeps the network busy, so "network idle" never comes), then sums their sizes.
 */
async function measure(page: Page, name: string, goalBytes: number): Promise<Measurement> {
  let scripts = await loadedScripts(page);
  for (;;) {
    await page.waitForTimeout(1000);
    const now = await loadedScripts(page);
    if (now.length === scripts.length) break;
    scripts = now;
  }
  return { page: name, goalBytes, scripts };
}

function loadedScripts(page: Page): Promise<Script[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as unknown as ResourceTiming)
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.responseEnd > 0)
      .map(({ name, transferSize, encodedBodySize, decodedBodySize }) => ({
        url: name,
        transferSize,
        encodedBodySize,
        decodedBodySize,
      })),
  );
}

function sum(m: Measurement, key: keyof Omit<Script, 'url'>): number {
  return m.scripts.reduce((total, s) => total + s[key], 0);
}
function transferred(m: Measurement): number {
  return sum(m, 'transferSize');
}
function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}
function grouped(bytes: number): string {
  return bytes.toLocaleString('en-US');
}

function report(m: Measurement): void {
  const wire = transferred(m);
  const body = sum(m, 'encodedBodySize');
  const uncompressed = sum(m, 'decodedBodySize');
  const verdict = wire <= m.goalBytes ? 'meets' : 'MISSES';
  console.log(`${m.page}: ${m.scripts.length} JavaScript files`);
  console.log(
    `  transferred   ${grouped(wire).padStart(10)} bytes (${kb(wire)}; bodies ${grouped(body)} bytes)`,
  );
  console.log(`  uncompressed  ${grouped(uncompressed).padStart(10)} bytes (${kb(uncompressed)})`);
  console.log(`  ratio         ${(uncompressed === 0 ? 0 : wire / uncompressed).toFixed(3)} of uncompressed`);
  console.log(`  goal          ≤ ${kb(m.goalBytes)} transferred: ${verdict}`);
}

function listScripts(m: Measurement): void {
  console.log(`${m.page}:`);
  for (const s of [...m.scripts].sort((a, b) => b.transferSize - a.transferSize))
    console.log(
      `  ${grouped(s.transferSize).padStart(9)} ${grouped(s.decodedBodySize).padStart(10)}  ${new URL(s.url).pathname}`,
    );
}
