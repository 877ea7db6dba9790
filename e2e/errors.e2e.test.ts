import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.ts';
import { startShellServer, type ShellServer, type SignedIn } from './support/shell-server.ts';
import { expectAccessible } from './support/axe.ts';

let server: ShellServer;
let browser: Browser;
let admin: SignedIn;

const statusPageUrl = 'https://status.fleetgate.example/';

beforeAll(async () => {
  // The page is opened at 127.0.0.1, which "ends with" this cloud domain; at localhost it does not.
  server = await startShellServer({ CLOUD_DOMAIN: '0.0.1', STATUS_PAGE_URL: statusPageUrl });
  browser = await launchChromium();
  admin = await server.newAdministrator();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const widths = [1280, 600] as const;

async function openSignedIn(width = 1280, user: SignedIn = admin) {
  const context = await server.signedInContext(browser, user, { width, height: 800 });
  const page = await context.newPage();
  return { context, page, errors: collectPageErrors(page) };
}

function path(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Answers every API call with `status` and an error envelope, as a failing gateway or server would. */
async function failApi(page: Page, status: number, pattern = '**/api/**') {
  await page.route(pattern, (route) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ type: 'Error', status: 'error', data: [{ message: 'Service unavailable' }] }),
    }),
  );
}

describe('error pages', () => {
  it('shows the generic error card at /error', async () => {
    for (const width of widths) {
      const { page, context, errors } = await openSignedIn(width);
      await page.goto(`${server.baseUrl}/error`);
      await page.getByRole('heading', { name: 'Whoops…' }).waitFor();
      await page.getByText('Looks like something went wrong.').waitFor();
      await screenshot(page, `errors-whoops-${width}`);
      await expectAccessible(page);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('offers the status page only on host names of the cloud domain', async () => {
    const { page, context, errors } = await openSignedIn();
    await page.goto(`${server.baseUrl}/error/api-unavailable`);
    await page.getByRole('heading', { name: 'API server is unavailable' }).waitFor();
    const link = page.getByRole('link', { name: 'Status page' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(statusPageUrl);
    await page.getByText('Please check the status page').waitFor();
    await screenshot(page, 'errors-api-unavailable-status-1280');
    await expectAccessible(page);
    await context.close();

    const localhost = server.baseUrl.replace('127.0.0.1', 'localhost');
    const other = await browser.newContext({ viewport: { width: 600, height: 800 } });
    const otherPage = await other.newPage();
    const otherErrors = collectPageErrors(otherPage);
    await otherPage.goto(`${localhost}/error/api-unavailable`);
    await otherPage.getByRole('heading', { name: 'API server is unavailable' }).waitFor();
    await otherPage.getByText('Please try again in a moment.').waitFor();
    // The configuration has arrived, yet no status link is offered.
    await otherPage.waitForFunction(() =>
      (globalThis as unknown as { localStorage: Storage }).localStorage.getItem('fleetgate.clientConfig'),
    );
    expect(await otherPage.getByRole('link', { name: 'Status page' }).count()).toBe(0);
    await screenshot(otherPage, 'errors-api-unavailable-600');
    await expectAccessible(otherPage);
    expect([...errors, ...otherErrors]).toEqual([]);
    await other.close();
  });

  it('shows the not-allowed page with its actions, and Switch company only with a company', async () => {
    // This test logs out, which revokes the token: it gets its own user.
    const { page, context, errors } = await openSignedIn(600, await server.newAdministrator());
    await page.goto(`${server.baseUrl}/error/not-allowed`);
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
    await page.getByText('Page not allowed').waitFor();
    const portal = page.getByRole('link', { name: 'Go to portal' });
    await portal.waitFor();
    expect(await portal.getAttribute('href')).toBe(`${server.baseUrl}/`);
    expect(await portal.getAttribute('target')).toBeNull();
    await page.getByRole('link', { name: 'Log out' }).waitFor();
    await screenshot(page, 'errors-not-allowed-600');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Switch company' }).click();
    await page.waitForURL(`${server.baseUrl}/my-companies`);

    await page.goto(`${server.baseUrl}/error/not-allowed`);
    await page.getByRole('link', { name: 'Log out' }).click();
    await page.waitForURL(`${server.baseUrl}/login`);
    // Logged out: no company is selected any more, so there is nothing to switch.
    await page.goto(`${server.baseUrl}/error/not-allowed`);
    await page.getByRole('link', { name: 'Go to portal' }).waitFor();
    expect(await page.getByRole('link', { name: 'Switch company' }).count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'errors-not-allowed-1280');
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('global error handling', () => {
  it('sends the user to api-unavailable on a 503 and back after Try again', async () => {
    const { page, context, errors } = await openSignedIn();
    await page.goto(`${server.baseUrl}/messages`);
    await page.getByRole('heading', { name: 'Messages' }).waitFor();

    await failApi(page, 503);
    // The top bar's apps menu (the side menu has an Apps link too).
    await page.getByRole('banner').getByRole('button', { name: 'Apps' }).click();
    await page.getByRole('menuitem', { name: /Console/ }).click();
    await page.waitForURL(`${server.baseUrl}/error/api-unavailable`);
    await page.getByRole('heading', { name: 'API server is unavailable' }).waitFor();
    await screenshot(page, 'errors-api-unavailable-after-503');
    await expectAccessible(page);

    await page.unroute('**/api/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL((url) => url.pathname !== '/error/api-unavailable');
    await page.getByRole('banner').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('treats a refused connection (status 0) like an outage', async () => {
    const { page, context, errors } = await openSignedIn();
    await page.goto(`${server.baseUrl}/messages`);
    await page.getByRole('heading', { name: 'Messages' }).waitFor();
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.reload();
    await page.waitForURL(`${server.baseUrl}/error/api-unavailable`);
    await page.getByRole('heading', { name: 'API server is unavailable' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows "Gateway Timeout error" for 4 s on a 504 and stays on the page', async () => {
    const { page, context, errors } = await openSignedIn();
    await page.goto(`${server.baseUrl}/messages`);
    await page.getByRole('heading', { name: 'Messages' }).waitFor();

    await failApi(page, 504, '**/api/MessageList*');
    await page.reload();
    const snack = page.getByRole('alert').filter({ hasText: 'Gateway Timeout error' });
    await snack.waitFor();
    const shownAt = Date.now();
    expect(path(page)).toBe('/messages');
    await page.waitForTimeout(400);
    await screenshot(page, 'errors-gateway-timeout-1280');
    await expectAccessible(page);
    await snack.waitFor({ state: 'detached', timeout: 8000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(3000);
    expect(shownFor).toBeLessThan(6000);
    expect(path(page)).toBe('/messages');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers to try again when loading the user answers 504', async () => {
    const { page, context, errors } = await openSignedIn(600);
    await failApi(page, 504, '**/api/MyUser');
    await page.goto(`${server.baseUrl}/messages`);
    await page.getByRole('alert').filter({ hasText: 'Gateway Timeout error' }).waitFor();
    const retry = page.getByRole('button', { name: 'Try again' });
    await retry.waitFor();
    expect(path(page)).toBe('/messages');
    await page.unroute('**/api/MyUser');
    await retry.click();
    await page.getByRole('heading', { name: 'Messages' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows "No connection" while offline and removes it when back online', async () => {
    const { page, context, errors } = await openSignedIn(600);
    await page.goto(`${server.baseUrl}/messages`);
    await page.getByRole('heading', { name: 'Messages' }).waitFor();

    await context.setOffline(true);
    const snack = page.getByRole('alert').filter({ hasText: 'No connection' });
    await snack.waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'errors-offline-600');
    await expectAccessible(page);
    // It does not go away by itself.
    await page.waitForTimeout(5000);
    expect(await snack.isVisible()).toBe(true);
    // Calls failing while offline do not count as an outage of the server.
    await page.getByRole('button', { name: 'Apps' }).click();
    await page.getByRole('menuitem', { name: /Console/ }).click();
    await page.waitForTimeout(500);
    expect(path(page)).not.toBe('/error/api-unavailable');

    await context.setOffline(false);
    await snack.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers "Reload now" when /info.json announces another version', async () => {
    const { page, context, errors } = await openSignedIn();
    // The app reads this to shorten its 15-minute version check.
    await context.addInitScript(() => {
      (globalThis as unknown as { __FLEETGATE_VERSION_CHECK_MS__: number }).__FLEETGATE_VERSION_CHECK_MS__ =
        300;
    });
    await page.goto(`${server.baseUrl}/messages`);
    await page.getByRole('heading', { name: 'Messages' }).waitFor();
    // The deployed build is the running one: nothing to offer.
    await page.waitForResponse((response) => response.url().endsWith('/info.json'));
    await page.waitForTimeout(1000);
    expect(await page.getByRole('button', { name: 'Reload now' }).count()).toBe(0);

    await page.route('**/info.json', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ version: '99.0.0+new' }) }),
    );
    await page.evaluate(() => {
      (globalThis as unknown as { beforeReload: boolean }).beforeReload = true;
    });
    const reload = page.getByRole('button', { name: 'Reload now' });
    await reload.waitFor();
    await page.getByText('A new version of Fleetgate is available.').waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'errors-new-version-1280');
    await expectAccessible(page);
    await Promise.all([page.waitForEvent('load'), reload.click()]);
    expect(
      await page.evaluate(() => (globalThis as unknown as { beforeReload?: boolean }).beforeReload),
    ).toBe(undefined);
    expect(errors).toEqual([]);
    await context.close();
  });
});
