import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, settledScreenshotsAt } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { expectAccessible } from './support/axe.ts';
import {
  logIn,
  newCompanyAdmin,
  newConsolePage,
  shownForMs,
  snackbar,
  type CompanyAdmin,
} from './support/console.ts';
import { mailedLink } from './support/mail-links.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const shots = (page: Page, name: string) => settledScreenshotsAt(page, `my-profile-${name}`);

/** Another session of the account, signed in by a script that names itself. */
async function otherSession(admin: CompanyAdmin): Promise<string> {
  const { emailAddress, password } = admin.account;
  const response = await fetch(`${server.baseUrl}/api/AccessTokenList`, {
    method: 'POST',
    headers: {
      'Api-Version': '2',
      'Api-Application': 'E2E script',
      'Content-Type': 'application/json',
      Authorization: `Basic ${Buffer.from(`${emailAddress}::${password}`).toString('base64')}`,
    },
    body: JSON.stringify({ expiresIn: 3600 }),
  });
  if (response.status !== 201) throw new Error(`sign-in failed: ${response.status}`);
  return ((await response.json()) as { data: { secretId: string } }).data.secretId;
}

async function myUserStatus(token: string): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/MyUser`, {
    headers: { 'Api-Version': '2', Authorization: `Bearer ${token}` },
  });
  return response.status;
}

async function openProfile(page: Page) {
  await page.goto(`${server.baseUrl}/my-profile`);
  await page.getByRole('heading', { level: 1, name: 'My profile' }).waitFor();
}

describe('my profile', () => {
  it('changes the name', async () => {
    const admin = await newCompanyAdmin(server.baseUrl, 'Profile');
    const { page, errors } = await newConsolePage(browser, 1280);
    await logIn(page, server.baseUrl, admin.account);
    await openProfile(page);
    const name = page.getByLabel('Name', { exact: true });
    await expect.poll(() => name.inputValue()).toBe(admin.account.name);
    await page.getByLabel('Current password').waitFor();
    await page.getByText('This session').waitFor();
    await shots(page, 'my-profile');
    await expectAccessible(page);

    await name.fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Save name' }).click();
    await snackbar(page, 'Name saved').waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My profile' }).waitFor();
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Ada Lovelace');

    // An empty name is refused before anything is sent.
    await page.getByLabel('Name', { exact: true }).fill('  ');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Required', { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });

  it('changes the password, says so for 3 s, and ends the other sessions when asked', async () => {
    const admin = await newCompanyAdmin(server.baseUrl, 'Password');
    const { page, errors } = await newConsolePage(browser, 1280);
    await logIn(page, server.baseUrl, admin.account);
    const other = await otherSession(admin);
    await openProfile(page);

    // A wrong current password is said at its field.
    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill('a brand new password');
    await page.getByLabel('Repeat the new password').fill('a brand new password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The old password is wrong').waitFor();

    await page.getByLabel('Current password').fill(admin.account.password);
    await page.getByLabel('Sign out everywhere else').check();
    await page.getByRole('button', { name: 'Change password' }).click();
    const shown = await shownForMs(page, 'Password changed');
    expect(shown).toBeGreaterThan(2500);
    expect(shown).toBeLessThan(4500);
    expect(await myUserStatus(other)).toBe(401);
    await openProfile(page);
    await expect.poll(() => page.getByLabel('Current password').inputValue()).toBe('');
    expect(errors).toEqual([]);
  });

  it('lists the sessions, ends one, then all others', async () => {
    const admin = await newCompanyAdmin(server.baseUrl, 'Sessions');
    const { page, errors } = await newConsolePage(browser, 1280);
    await logIn(page, server.baseUrl, admin.account);
    const first = await otherSession(admin);
    await openProfile(page);
    const sessions = page.getByRole('list', { name: 'Sessions' });
    const scripts = sessions.getByRole('listitem').filter({ hasText: 'E2E script' });
    await expect.poll(() => scripts.count()).toBe(1);
    await sessions.getByRole('listitem').filter({ hasText: 'This session' }).waitFor();
    await expect.poll(() => scripts.first().textContent()).toMatch(/Address: 127\.0\.0\.1/);
    await page.locator('#sessions-title').scrollIntoViewIfNeeded();
    await shots(page, 'my-profile-sessions');

    await scripts.getByRole('button', { name: /^Sign out the session from E2E script/ }).click();
    await snackbar(page, 'Session ended').waitFor();
    await expect.poll(() => scripts.count()).toBe(0);
    expect(await myUserStatus(first)).toBe(401);

    const more = [await otherSession(admin), await otherSession(admin)];
    await page.reload();
    await expect.poll(() => scripts.count()).toBe(2);
    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await snackbar(page, 'All other sessions ended').waitFor();
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(1);
    for (const token of more) expect(await myUserStatus(token)).toBe(401);
    await expect
      .poll(() => page.getByRole('button', { name: 'Sign out all other sessions' }).count())
      .toBe(0);
    expect(errors).toEqual([]);
  });

  it('changes the e-mail address once the link mailed to the new address is opened', async () => {
    const admin = await newCompanyAdmin(server.baseUrl, 'Email');
    const { page, errors } = await newConsolePage(browser, 1280);
    await logIn(page, server.baseUrl, admin.account);
    await openProfile(page);
    const newAddress = `moved-${admin.account.emailAddress}`;

    await page.getByRole('button', { name: 'Change e-mail address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change e-mail address' });
    await dialog.getByLabel('New e-mail address').fill(newAddress);
    await dialog.getByLabel('Your password').fill(admin.account.password);
    await shots(page, 'my-profile-email-dialog');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Send link' }).click();
    const sent = page.getByRole('dialog', { name: 'Check your inbox' });
    await sent.getByText(`If ${newAddress} can be used, it has received a link.`, { exact: false }).waitFor();
    await expectAccessible(page);
    await sent.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByLabel('E-mail address').inputValue()).toBe(admin.account.emailAddress);

    const link = await mailedLink(
      server.outboxDir,
      newAddress,
      /https?:\/\/[^\s"<>]+\/my-profile\/confirm-email\?token=[A-Za-z0-9_-]{43}/,
    );
    expect(link.startsWith(`${server.baseUrl}/my-profile/confirm-email?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Confirm your new e-mail address' }).waitFor();
    await shots(page, 'confirm-email');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Confirm e-mail address' }).click();
    await page.getByRole('heading', { name: 'E-mail address changed' }).waitFor();
    await page.getByText(`You now sign in with ${newAddress}.`).waitFor();
    await shots(page, 'confirm-email-done');
    await page.getByRole('link', { name: 'Go to my profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'My profile' }).waitFor();
    await expect.poll(() => page.getByLabel('E-mail address').inputValue()).toBe(newAddress);

    // The link works once.
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm e-mail address' }).click();
    await page
      .getByRole('alert')
      .getByText('This link is invalid, expired or already used.', { exact: false })
      .waitFor();
    expect(errors).toEqual([]);
  });
});
