import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApi } from './support/api.ts';
import { expectAccessible } from './support/axe.ts';
import { collectPageErrors, launchChromium, settledScreenshot } from './support/browser.ts';
import { startShellServer, type ShellServer, type SignedIn } from './support/shell-server.ts';

/**
 * How the local help centre behaves: `ok` serves a page that says it is ready and records the
 * context it receives; `silent` serves a page that never says so; `hang` never answers;
 * `deny` refuses to be framed.
 */
type HelpMode = 'ok' | 'silent' | 'hang' | 'deny';

type Received = { origin: string; fromParent: boolean; data: unknown };

/** A real help centre on its own loopback port (another origin than Fleetgate's). */
class HelpSite {
  mode: HelpMode = 'ok';
  received: Received[] = [];
  /** The Referer header of each page request ('' when none was sent). */
  referers: string[] = [];
  readonly server: Server = createServer((request, response) => this.handle(request, response));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('No port assigned');
    return `http://127.0.0.1:${address.port}`;
  }

  async stop(): Promise<void> {
    // Hanging requests would keep the server open for good.
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Waits until the help centre has received a context with `path`. */
  async contextFor(path: string): Promise<Received> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const found = this.received.find((entry) => (entry.data as { path?: unknown }).path === path);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`No context for ${path}; received ${JSON.stringify(this.received)}`);
  }

  private handle(request: IncomingMessage, response: ServerResponse) {
    if (request.method === 'POST' && request.url === '/record') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        this.received.push(JSON.parse(body) as Received);
        response.writeHead(204).end();
      });
      return;
    }
    this.referers.push(request.headers.referer ?? '');
    if (this.mode === 'hang') return;
    const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8' };
    if (this.mode === 'deny') headers['X-Frame-Options'] = 'DENY';
    response.writeHead(200, headers).end(helpPage(this.mode === 'ok'));
  }
}

/** A help page as a help site would write it with the README's snippet. */
function helpPage(sayReady: boolean): string {
  return `<!doctype html><html lang="en"><head><title>Fleetgate help</title>
<style>body{font-family:sans-serif;margin:16px;color:#222}h1{font-size:20px}</style></head>
<body><h1>Fleetgate help</h1><p>Guides for your devices and remote access.</p>
<p id="context">Waiting for Fleetgate…</p>
<script>
window.addEventListener('message', (event) => {
  if (event.data?.type !== 'fleetgate.help.context') return;
  document.getElementById('context').textContent = 'Showing help for ' + event.data.path;
  fetch('/record', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ origin: event.origin, fromParent: event.source === window.parent, data: event.data }),
  });
});
${sayReady ? "window.parent.postMessage({ type: 'fleetgate.help.ready' }, '*');" : ''}
</script></body></html>`;
}

const helpSite = new HelpSite();
let helpOrigin: string;
let server: ShellServer;
let browser: Browser;
let admin: SignedIn;
/** Holds helpCentre.use among a few rights. */
let engineer: SignedIn;
/** Has rights, but not helpCentre.use. */
let member: SignedIn;

beforeAll(async () => {
  helpOrigin = await helpSite.start();
  server = await startShellServer({ HELP_CENTRE_URL: `${helpOrigin}/start?product=fleetgate` });
  browser = await launchChromium();
  admin = await server.newAdministrator('Ada Admin');
  engineer = await server.newMember(
    admin,
    ['helpCentre.use', 'agents.connect', 'roles.manage'],
    'Eve Engineer',
  );
  member = await server.newMember(admin, ['roles.manage'], 'Max Member');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await helpSite.stop();
});

async function open(user: SignedIn, width = 1280) {
  const context = await server.signedInContext(browser, user, { width, height: 800 });
  const page = await context.newPage();
  return { context, page, errors: collectPageErrors(page) };
}

const helpButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Help', exact: true });
const panel = (page: Page) => page.getByRole('complementary', { name: 'Help centre' });
const frame = (page: Page) => panel(page).locator('iframe');
const unableToLoad = 'Unable to load help center';

describe('the help centre', () => {
  it('opens beside the app and receives the permission list, language and route', async () => {
    helpSite.mode = 'ok';
    helpSite.received = [];
    helpSite.referers = [];
    const { context, page, errors } = await open(engineer);
    await page.goto(`${server.baseUrl}/roles`);
    await helpButton(page).click();
    await panel(page).waitFor();
    expect(await helpButton(page).getAttribute('aria-expanded')).toBe('true');

    expect(await frame(page).getAttribute('src')).toBe(`${helpOrigin}/start?product=fleetgate`);
    expect(await frame(page).getAttribute('title')).toBe('Help centre content');
    expect(await frame(page).getAttribute('referrerpolicy')).toBe('no-referrer');
    expect((await frame(page).getAttribute('sandbox'))?.split(' ').sort()).toEqual([
      'allow-forms',
      'allow-popups',
      'allow-popups-to-escape-sandbox',
      'allow-same-origin',
      'allow-scripts',
    ]);

    const me = await callApi<{ capabilities: string[] }>(server, engineer, 'GET', 'MyUser');
    const first = await helpSite.contextFor('/roles');
    expect(first).toEqual({
      origin: server.baseUrl,
      fromParent: true,
      data: {
        type: 'fleetgate.help.context',
        version: 1,
        permissions: [...me.capabilities].sort(),
        language: 'en',
        path: '/roles',
      },
    });
    expect(me.capabilities).toContain('helpCentre.use');
    // The help centre learns neither who the user is nor where they came from.
    expect(JSON.stringify(helpSite.received)).not.toContain(engineer.account.emailAddress);
    expect(JSON.stringify(helpSite.received)).not.toContain(engineer.token.secretId);
    expect(helpSite.referers).toEqual(['']);
    await page
      .frameLocator('iframe[title="Help centre content"]')
      .getByText('Showing help for /roles')
      .waitFor();
    await expect.poll(() => page.locator('.MuiLinearProgress-root').count()).toBe(0);

    // Focus goes to the panel; the app stays usable beside it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Close the help centre',
    );
    await expectAccessible(page);
    await settledScreenshot(page, 'help-centre-1280');

    // A new route while the panel is open is reported again.
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Messages/ })
      .click();
    await page.waitForURL(`${server.baseUrl}/messages`);
    expect((await helpSite.contextFor('/messages')).data).toMatchObject({
      path: '/messages',
      language: 'en',
    });
    await page
      .frameLocator('iframe[title="Help centre content"]')
      .getByText('Showing help for /messages')
      .waitFor();

    // Escape closes it and gives focus back to the help button; the help page stays loaded.
    await panel(page).getByRole('button', { name: 'Close the help centre' }).focus();
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'hidden' });
    expect(await helpButton(page).getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Help');
    expect(helpSite.referers).toHaveLength(1);

    // Opened again, the kept page is told the context again, without loading anew.
    const before = helpSite.received.length;
    await page.setViewportSize({ width: 600, height: 800 });
    await helpButton(page).click();
    await panel(page).waitFor();
    await expect.poll(() => helpSite.received.length).toBeGreaterThan(before);
    expect(helpSite.received.at(-1)?.data).toMatchObject({ path: '/messages' });
    expect(helpSite.referers).toHaveLength(1);
    await settledScreenshot(page, 'help-centre-600');
    await expectAccessible(page);

    // On a phone the panel takes the whole width; the close button ends it.
    await page.setViewportSize({ width: 390, height: 800 });
    const box = await panel(page).boundingBox();
    expect(box?.width).toBe(390);
    await settledScreenshot(page, 'help-centre-390');
    await panel(page).getByRole('button', { name: 'Close the help centre' }).click();
    await panel(page).waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a narrow screen closes the overlaid menu, whose focus trap would hold the focus', async () => {
    helpSite.mode = 'ok';
    const { context, page, errors } = await open(engineer, 600);
    await page.goto(`${server.baseUrl}/roles`);
    await page.getByRole('banner').getByRole('button', { name: 'Toggle menu' }).click();
    const menu = page.locator('#side-panel');
    await menu.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    // The modal menu hides the rest from assistive technology; a pointer still reaches the app bar.
    await page.locator('header button[aria-label="Help"]').click();
    await panel(page).waitFor();
    await menu.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Close the help centre');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows no help button without helpCentre.use', async () => {
    const { context, page, errors } = await open(member);
    await page.goto(`${server.baseUrl}/roles`);
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Messages/ })
      .waitFor();
    await page.getByRole('heading', { name: 'Roles' }).first().waitFor();
    expect(await helpButton(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says "Unable to load help center" when it has not loaded after 3 s, and Retry loads it', async () => {
    helpSite.mode = 'hang';
    helpSite.received = [];
    const { context, page, errors } = await open(engineer);
    await page.goto(`${server.baseUrl}/roles`);
    await helpButton(page).click();
    const opened = Date.now();
    await panel(page).getByText(unableToLoad).waitFor({ timeout: 8000 });
    expect(Date.now() - opened).toBeGreaterThanOrEqual(2900);
    // Also as a snack bar, with Retry there too.
    const snackbar = page.locator('.MuiSnackbar-root');
    await snackbar.getByText(unableToLoad).waitFor();
    await expect.poll(() => snackbar.getByRole('button', { name: 'Retry' }).count()).toBe(1);
    await expectAccessible(page);
    await settledScreenshot(page, 'help-centre-failed-1280');

    helpSite.mode = 'ok';
    await panel(page).getByRole('button', { name: 'Retry' }).click();
    await helpSite.contextFor('/roles');
    await panel(page).getByText(unableToLoad).waitFor({ state: 'detached' });
    await snackbar.getByText(unableToLoad).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('also fails for a site that loads but never says it is ready, or refuses to be framed', async () => {
    for (const mode of ['silent', 'deny'] as const) {
      helpSite.mode = mode;
      const { context, page } = await open(engineer, 600);
      await page.goto(`${server.baseUrl}/roles`);
      await helpButton(page).click();
      await panel(page).getByText(unableToLoad).waitFor({ timeout: 8000 });
      if (mode === 'silent') {
        // The page itself still shows below the message, for a help site without the handshake.
        await page.frameLocator('iframe[title="Help centre content"]').getByText('Fleetgate help').waitFor();
        await settledScreenshot(page, 'help-centre-silent-600');
      }
      await context.close();
    }
  });
});
