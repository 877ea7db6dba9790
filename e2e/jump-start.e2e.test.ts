import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AccessToken } from '@fleetgate/contracts';
import { expectAccessible } from './support/axe.ts';
import { collectPageErrors, settledScreenshot } from './support/browser.ts';
import { type SignedIn, useShellWorld } from './support/shell-server.ts';

const world = useShellWorld();

/** A 60-second link token of `user`, made through the API as the button does. */
async function linkToken(user: SignedIn): Promise<string> {
  const response = await fetch(`${world.server.baseUrl}/api/AccessTokenList`, {
    method: 'POST',
    headers: {
      'Api-Version': '2',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${user.token.secretId}`,
    },
    body: JSON.stringify({ expiresIn: 60 }),
  });
  if (response.status !== 201) throw new Error(`link token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: AccessToken }).data.secretId;
}

/** A browser with nobody signed in. */
async function freshPage() {
  const context = await world.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  return { context, page, errors: collectPageErrors(page) };
}

const storedSession = (page: Page) => page.evaluate(() => window.localStorage.getItem('fleetgate.session'));

describe('Jump-start', () => {
  it('creates a link on the access-requests page that signs in once, into the company and page', async () => {
    const admin = await world.server.newAdministrator('Jumper');
    const context = await world.server.signedInContext(world.browser, admin);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.server.baseUrl });
    const page = await context.newPage();
    await page.goto(`${world.server.baseUrl}/access-requests`);
    await page.getByRole('button', { name: 'Copy jump-start link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Jump-start link' });
    const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe(`${world.server.baseUrl}/jump-start`);
    expect(url.searchParams.get('company')).toBe(admin.companyPublicId);
    expect(url.searchParams.get('redirect')).toBe('/access-requests');
    expect(url.searchParams.get('token')).toMatch(/\S{20,}/);
    await dialog.getByText(/^Valid until /).waitFor();
    await settledScreenshot(page, 'jump-start-link-dialog');
    await expectAccessible(page);
    await context.close();

    // First use: signed in (up to 30 days, never beyond the sign-in the link was made from), in
    // the company, on the page the link was made on.
    const first = await freshPage();
    await first.page.goto(link);
    await first.page.getByRole('heading', { level: 1, name: 'Access requests' }).waitFor();
    expect(new URL(first.page.url()).pathname).toBe('/access-requests');
    const session = JSON.parse((await storedSession(first.page)) ?? 'null') as AccessToken;
    expect(session.expiresOn).toBe(admin.token.expiresOn);
    expect(await first.page.evaluate(() => window.localStorage.getItem('fleetgate.company'))).toBe(
      JSON.stringify(admin.companyPublicId),
    );
    await settledScreenshot(first.page, 'jump-start-signed-in');
    await expectAccessible(first.page);
    expect(first.errors).toEqual([]);
    await first.context.close();

    // Second use: refused with a clear page and a way to log in.
    const second = await freshPage();
    await second.page.goto(link);
    await second.page.getByText('This link has expired or was already used.').waitFor();
    expect(await storedSession(second.page)).toBeNull();
    await settledScreenshot(second.page, 'jump-start-used');
    await expectAccessible(second.page);
    await second.page.getByRole('link', { name: 'Log in' }).click();
    await second.page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(second.errors).toEqual([]);
    await second.context.close();
  });

  it('never leads to another site, and says when a link has no token', async () => {
    const admin = await world.server.newAdministrator('Jumper');
    const { context, page } = await freshPage();
    const evil = encodeURIComponent('//evil.example.com/steal');
    await page.goto(`${world.server.baseUrl}/jump-start?token=${await linkToken(admin)}&redirect=${evil}`);
    await page.waitForURL((url) => url.pathname !== '/jump-start');
    expect(new URL(page.url()).origin).toBe(world.server.baseUrl);
    expect(await storedSession(page)).not.toBeNull();

    // A link cut short says so, rather than blaming an expired or used token that never came.
    await page.goto(`${world.server.baseUrl}/jump-start?redirect=%2Fagents`);
    await page.getByRole('heading', { level: 1, name: 'Link incomplete' }).waitFor();
    await page.getByText(/^This link has no sign-in token\./).waitFor();
    expect(await page.getByText('This link has expired or was already used.').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/jump-start');
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await expectAccessible(page);
    await settledScreenshot(page, 'jump-start-missing-token');
    await context.close();
  });
});
