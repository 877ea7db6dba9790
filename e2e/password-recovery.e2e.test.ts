import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, settledScreenshotsAt } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { expectAccessible } from './support/axe.ts';
import { logIn, newCompanyAdmin, newConsolePage } from './support/console.ts';
import { mailedLink } from './support/mail-links.ts';

const recoveryLink = /https?:\/\/[^\s"<>]+\/recover\?token=[A-Za-z0-9_-]{43}/;

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

const shots = (page: Page, name: string) => settledScreenshotsAt(page, `password-recovery-${name}`);

async function myUserStatus(token: string): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/MyUser`, {
    headers: { 'Api-Version': '2', Authorization: `Bearer ${token}` },
  });
  return response.status;
}

async function requestLink(page: Page, emailAddress: string) {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.waitForURL(`${server.baseUrl}/recover`);
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  await page.getByLabel('E-mail address').fill(emailAddress);
  await page.getByRole('button', { name: 'Send link' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  await page
    .getByText(`If an account exists for ${emailAddress}, we sent a link to it.`, { exact: false })
    .waitFor();
}

describe('password recovery', () => {
  it('sends a link, sets a new password that ends every old session, and takes the link once', async () => {
    const admin = await newCompanyAdmin(server.baseUrl, 'Recover');
    const { page, errors } = await newConsolePage(browser, 1280);

    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).waitFor();
    await shots(page, 'login-forgot-link');
    await expectAccessible(page);
    await page.goto(`${server.baseUrl}/recover`);
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await shots(page, 'recover-request');
    await expectAccessible(page);

    await requestLink(page, admin.account.emailAddress);
    await shots(page, 'recover-sent');
    await expectAccessible(page);

    const link = await mailedLink(server.outboxDir, admin.account.emailAddress, recoveryLink);
    expect(link.startsWith(`${server.baseUrl}/recover?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('recovered long password');
    await page.getByLabel('Repeat the new password').fill('recovered long passwort');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('The passwords do not match').waitFor();
    await shots(page, 'recover-new-password');
    await expectAccessible(page);
    await page.getByLabel('Repeat the new password').fill('recovered long password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await shots(page, 'recover-done');
    expect(await myUserStatus(admin.token.secretId)).toBe(401);

    await page.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(`${server.baseUrl}/login`);
    await logIn(page, server.baseUrl, { ...admin.account, password: 'recovered long password' });

    // The same link again is refused.
    const other = await newConsolePage(browser, 1280);
    await other.page.goto(link);
    await other.page.getByLabel('New password', { exact: true }).fill('another long password');
    await other.page.getByLabel('Repeat the new password').fill('another long password');
    await other.page.getByRole('button', { name: 'Set new password' }).click();
    await other.page
      .getByRole('alert')
      .getByText('This link is invalid, expired or already used. Ask for a new one.')
      .waitFor();
    await shots(other.page, 'recover-used-link');
    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
  });

  it('says the same for an address without an account', async () => {
    const { page, errors } = await newConsolePage(browser, 600);
    await requestLink(page, `nobody-${Date.now()}@example.com`);
    expect(errors).toEqual([]);
  });
});
