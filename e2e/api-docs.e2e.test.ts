import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildApp, type BuiltApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { launchChromium, screenshot } from './support/browser.ts';

/** As strict as a production CSP gets: only this origin's scripts and styles, nothing inline. */
const strictCsp =
  "default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self'; " +
  "img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'";

let built: BuiltApp;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  const db = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(db);
  const config = { ...loadConfig({}), webDist: undefined, logLevel: 'silent' };
  built = await buildApp({ config, db, logger: false });
  built.app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', strictCsp);
  });
  baseUrl = await built.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await built?.app.close();
  await built?.db.destroy();
});

describe('API reference', () => {
  it('renders the document offline under a strict CSP', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(baseUrl) && !request.url().startsWith('data:'))
        foreign.push(request.url());
    });

    await page.goto(`${baseUrl}/api/docs`);
    await page.getByRole('heading', { name: /Fleetgate API/ }).waitFor();
    await page.locator('.opblock-summary-path', { hasText: '/api/RegistrationList' }).waitFor();
    // No axe check here: this page is Swagger UI's own markup, not the app's (README, Accessibility).
    await screenshot(page, 'api-docs');

    // Swagger UI renders operations as they scroll into view; a deep link opens one with its schemas.
    await page.goto('about:blank');
    await page.goto(`${baseUrl}/api/docs#/Role/patchRole`);
    const operation = page.locator('#operations-Role-patchRole');
    await operation.locator('.parameters-container').waitFor();
    for (const name of ['Api-Version', 'Api-Company', 'publicId']) {
      await operation.locator('.parameter__name', { hasText: name }).waitFor();
    }
    await screenshot(page, 'api-docs-operation');

    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });
});
