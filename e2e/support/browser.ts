import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { repoRoot } from './server.ts';

export const screenshotDir = path.join(repoRoot, 'test-results');

/**
 * Debian's Chromium, installed by scripts/ensure-chromium.sh. `args` adds command-line switches,
 * e.g. `--host-resolver-rules=MAP acme.test 127.0.0.1` to open the test server on a host name.
 */
export async function launchChromium({ args = [] }: { args?: string[] } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...args,
    ],
  });
  // Every context prefers reduced motion, unless a test asks otherwise: the app then opens dialogs,
  // drawers and menus without transitions (theme.ts), so the tests neither wait for them nor pay for
  // their frames, and that setting of the app is itself used on every screen.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  return browser;
}

/** Whether screenshots are written: E2E_SCREENSHOTS=1 (see `screenshot`). */
const screenshotsWanted = () => process.env.E2E_SCREENSHOTS === '1';

/** Resolves once every finite animation (dialogs, ripples) has finished; endless ones (the focus ripple's pulse) never do. */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** A full-page screenshot into test-results/ once finite animations have settled. */
export async function settledScreenshot(page: Page, name: string): Promise<void> {
  await animationsSettled(page);
  await screenshot(page, name);
}

/** Settled screenshots `<name>-<width>.png` at each width, then the page's own size again. */
export async function settledScreenshotsAt(
  page: Page,
  name: string,
  widths: readonly number[] = [1280, 600],
): Promise<void> {
  if (!screenshotsWanted()) return;
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of widths) {
    await page.setViewportSize({ width, height: size.height });
    await settledScreenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize(size);
}

/**
 * A full-page PNG into test-results/, written only when E2E_SCREENSHOTS=1: the pictures are for
 * people looking at the screens (README, "Look at what you built"), and encoding them costs the
 * browser about a tenth of the end-to-end run, which CI would spend on files nobody opens.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted()) return;
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Uncaught errors in the page and Content-Security-Policy violations; a test fails on any. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Chromium reports what the server's CSP blocked only on the console.
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      errors.push(message.text());
  });
  return errors;
}

/**
 * A new context whose first page on `origin` finds `entries` in localStorage, as Playwright's
 * `storageState` option would leave them. `storageState` opens a page of its own and loads the
 * origin in it to write them, one more renderer process and page load for every context; an init
 * script writes them as the first document of the origin starts instead. A marker keeps later documents (reloads, other
 * tabs) from writing them again, so what the app changes or removes stays changed.
 */
export async function contextWithLocalStorage(
  browser: Browser,
  options: BrowserContextOptions,
  origin: string,
  entries: Record<string, string>,
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(
    ({ origin, entries }) => {
      if (location.origin !== origin) return;
      const marker = 'fleetgate.e2e.seeded';
      if (localStorage.getItem(marker)) return;
      localStorage.setItem(marker, '1');
      for (const [name, value] of Object.entries(entries)) localStorage.setItem(name, value);
    },
    { origin, entries },
  );
  return context;
}
