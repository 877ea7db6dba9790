import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from './simulator.ts';

// The HMI application in a real browser (Debian's Chromium, as the end-to-end tests use it):
// its script, its WebSocket and its form, which a plain HTTP test cannot see working.
let browser: Browser;
let simulator: Simulator;
let url: string;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  simulator = await startSimulator('Browser PLC');
  url = `http://127.0.0.1:${simulator.services.find((s) => s.name === 'hmi')!.port}/`;
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await simulator?.close();
});

// A real browser on a shared machine: generous limits (no timing is asserted).
describe('simulated HMI page in Chromium', { timeout: 30_000 }, () => {
  it('loads its 20 assets, goes live and follows the pump speed', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    const failed: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) failed.push(response.url());
    });
    await page.goto(url, { waitUntil: 'load' });
    const assets = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path !== '/favicon.ico'),
    );
    expect(assets).toHaveLength(20);
    // Every icon decoded as an image (an SVG served with a wrong type would not).
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll<HTMLImageElement>('.tile img')].map((img) => img.naturalWidth),
      ),
    ).toEqual(Array(18).fill(32));
    await page.locator('#live-status', { hasText: 'live' }).waitFor();
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          seen.add((await page.locator('#rpm').textContent()) ?? '');
          return seen.size;
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(2);
    for (const value of seen) expect(value).toMatch(/^1[45]\d\d$/);
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    await page.close();
  });

  it('sends a set point and shows the answer', async () => {
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByLabel('Pump set point (rpm)').fill('1320');
    const posted = page.waitForRequest((request) => request.url().endsWith('/api/setpoint'));
    await page.getByRole('button', { name: 'Send set point' }).click();
    expect((await posted).postDataJSON()).toEqual({ rpm: 1320 });
    await page.locator('#setpoint-status', { hasText: 'Set point accepted: 1320 rpm' }).waitFor();
    await page.close();
  });

  it('shows offline when the simulator goes away', async () => {
    const own = await startSimulator('Leaving PLC');
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${own.services.find((s) => s.name === 'hmi')!.port}/`);
    await page.locator('#live-status', { hasText: 'live' }).waitFor();
    await own.close();
    await page.locator('#live-status', { hasText: 'offline' }).waitFor();
    await page.close();
  });
});
