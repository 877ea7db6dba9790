import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { repoRoot } from './server.ts';

export const screenshotDir = path.join(repoRoot, 'test-results');

/**
 * Debian's Chromium, installed by scripts/ensure-chromium.sh. `args` adds command-line switches,
 * e.g. `--host-resolver-rules=MAP acme.test 127.0.0.1` to open the test server on a host name.
 */
export function launchChromium({ args = [] }: { args?: string[] } = {}): Promise<Browser> {
  return chromium.launch({
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
}

/** A full-page screenshot into test-results/ once finite animations (dialogs, ripples) have settled. */
export async function settledScreenshot(page: Page, name: string): Promise<void> {
  // Endless animations (the focus ripple's pulse) never settle, so only finite ones are awaited.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, name);
}

export async function screenshot(page: Page, name: string): Promise<void> {
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
