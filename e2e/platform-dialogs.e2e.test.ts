import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Agent } from '@fleetgate/contracts';
import { callApi } from './support/api.ts';
import { expectAccessible } from './support/axe.ts';
import { collectPageErrors, settledScreenshot } from './support/browser.ts';
import { type SignedIn, useShellWorld } from './support/shell-server.ts';

const world = useShellWorld();

const phones = {
  iPhone: {
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
  },
  android: {
    userAgent:
      'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    viewport: { width: 412, height: 915 },
  },
};

/** A phone's browser (user agent, touch, small screen) signed in as `user`. */
function phoneContext(phone: keyof typeof phones, user: SignedIn) {
  return world.browser.newContext({
    ...phones[phone],
    isMobile: true,
    hasTouch: true,
    storageState: {
      cookies: [],
      origins: [
        {
          origin: world.server.baseUrl,
          localStorage: [
            { name: 'fleetgate.session', value: JSON.stringify(user.token) },
            { name: 'fleetgate.company', value: JSON.stringify(user.companyPublicId) },
          ],
        },
      ],
    },
  });
}

async function openDevice(page: Page, admin: SignedIn) {
  const agent = await callApi<Agent>(world.server, admin, 'POST', 'AgentList', { name: 'Packaging line 2' });
  await page.goto(`${world.server.baseUrl}/devices/${agent.publicId}`);
  await page.getByRole('heading', { level: 1, name: 'Packaging line 2' }).waitFor();
}

async function expectMobileConnectorDialog(page: Page, name: string) {
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect from a computer' });
  await dialog.getByText('It cannot be installed on phones or tablets', { exact: false }).waitFor();
  expect(await dialog.getByRole('listitem').allTextContents()).toEqual([
    'Open this portal on a desktop or laptop computer.',
    'Install the VPN client there: the portal offers the download when you connect.',
    'Sign in, open the device and choose Connect.',
  ]);
  // Full-screen, as phones show dialogs.
  const box = await dialog.boundingBox();
  expect(box?.width).toBe(page.viewportSize()!.width);
  await settledScreenshot(page, `mobile-connector-${name}`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('Dialogs that depend on the platform', () => {
  it('on iOS: welcome once, full-screen, then explain that VPN needs a computer', async () => {
    const admin = await world.server.newAdministrator('iPhone user');
    const context = await phoneContext('iPhone', admin);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${world.server.baseUrl}/devices`);

    const intro = page.getByRole('dialog', { name: 'Fleetgate on your iPhone or iPad' });
    await intro.getByText('VPN needs a computer').waitFor();
    for (const title of ['Check your devices', 'Request and approve access', 'Stay informed']) {
      await intro.getByText(title).waitFor();
    }
    const box = await intro.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await settledScreenshot(page, 'ios-intro');
    await expectAccessible(page);
    await intro.getByRole('button', { name: 'Get started' }).click();
    await intro.waitFor({ state: 'detached' });
    // Seen: kept in local storage, and not shown again after a reload.
    expect(await page.evaluate(() => localStorage.getItem('fleetgate.vpn.iosIntroSeen'))).toBe('true');

    await openDevice(page, admin);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Packaging line 2' }).waitFor();
    expect(await intro.count()).toBe(0);
    await expectMobileConnectorDialog(page, 'ios');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on Android: no iOS welcome; Connect explains what to do instead', async () => {
    const admin = await world.server.newAdministrator('Android user');
    const context = await phoneContext('android', admin);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await openDevice(page, admin);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectMobileConnectorDialog(page, 'android');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a desktop: neither the iOS welcome nor the phone dialog', async () => {
    const admin = await world.server.newAdministrator('Desktop user');
    const context = await world.server.signedInContext(world.browser, admin);
    const page = await context.newPage();
    await openDevice(page, admin);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    // The desktop path: the device (never enrolled) is offline, which is said in a snack bar.
    await page.getByText('Connection failed, device offline').waitFor();
    expect(await page.getByRole('dialog', { name: /iPhone|Connect from a computer/ }).count()).toBe(0);
    await context.close();
  });
});

describe('A sign-in block stored in this browser', () => {
  it('is shown on returning to the login page until it ends, and then sign-in is allowed again', async () => {
    const admin = await world.server.newAdministrator('Blocked user');
    const { emailAddress } = admin.account;
    // Five wrong passwords spend the account's budget (5 per 15 minutes).
    for (let attempt = 0; attempt < 5; attempt++) {
      const basic = Buffer.from(`${emailAddress}::wrong-password-${attempt}`).toString('base64');
      const response = await fetch(`${world.server.baseUrl}/api/AccessTokenList`, {
        method: 'POST',
        headers: { 'Api-Version': '2', 'Content-Type': 'application/json', Authorization: `Basic ${basic}` },
        body: JSON.stringify({ expiresIn: 3600 }),
      });
      expect(response.status).toBe(401);
    }

    const context = await world.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.clock.install({ time: Date.now() });
    await page.goto(`${world.server.baseUrl}/login`);
    await page.getByLabel('E-mail address').fill(emailAddress);
    await page.getByLabel('Password', { exact: true }).fill(admin.account.password);
    await page.getByRole('button', { name: 'Log in' }).click();

    // Even the right password is refused now: the block is stored and said, with its end.
    const dialog = page.getByRole('dialog', { name: /^Sign-in blocked until / });
    await dialog.waitFor();
    const stored = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('fleetgate.signInBlock')!) as {
          until: number;
          emailAddress: string;
        },
    );
    expect(stored.emailAddress).toBe(emailAddress);
    const minutesLeft = (stored.until - (await page.evaluate(() => Date.now()))) / 60_000;
    expect(minutesLeft).toBeGreaterThan(10);
    expect(minutesLeft).toBeLessThanOrEqual(15);
    const time = await page.evaluate(
      (until) => new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(new Date(until)),
      stored.until,
    );
    expect(await dialog.getByRole('heading').textContent()).toBe(`Sign-in blocked until ${time}`);
    await dialog.getByText(`too many unsuccessful sign-in attempts for ${emailAddress}`).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();

    // Back later (a new visit, before the end): told at once, before trying again.
    await page.goto(`${world.server.baseUrl}/login`);
    await dialog.waitFor();
    await settledScreenshot(page, 'sign-in-blocked');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    const notice = page
      .getByRole('status')
      .filter({ hasText: `Sign-in for ${emailAddress} is blocked until ${time}.` });
    await notice.waitFor();
    const logIn = page.getByRole('button', { name: 'Log in' });
    expect(await page.getByLabel('E-mail address').inputValue()).toBe(emailAddress);
    expect(await logIn.isDisabled()).toBe(true);
    // Another account is not held back.
    await page.getByLabel('E-mail address').fill('someone.else@example.com');
    expect(await logIn.isEnabled()).toBe(true);
    await page.getByLabel('E-mail address').fill(emailAddress);
    expect(await logIn.isDisabled()).toBe(true);

    // Once it has ended: the notice goes, the stored block is forgotten and Log in is back.
    await page.clock.fastForward(Math.ceil(stored.until - (await page.evaluate(() => Date.now()))) + 1000);
    await notice.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('fleetgate.signInBlock'))).toBeNull();
    expect(await logIn.isEnabled()).toBe(true);
    await page.goto(`${world.server.baseUrl}/login`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});
