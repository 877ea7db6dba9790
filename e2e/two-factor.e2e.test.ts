import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { registerThroughApi, uniqueAccount } from './support/accounts.ts';
import { collectPageErrors, launchChromium, settledScreenshotsAt } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { expectAccessible } from './support/axe.ts';

const period = 30_000;

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

const shots = (page: Page, name: string) => settledScreenshotsAt(page, `totp-${name}`);

/**
 * The authenticator app: each code it hands out is of a later time step than the one before
 * (the server takes a step once), within the ±1 step the server allows.
 */
function authenticator(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  let lastStep = -Infinity;
  return async () => {
    // Close to a step's end the code could be checked in the next one: wait for that one.
    if (Date.now() % period > period - 5_000)
      await new Promise((r) => setTimeout(r, period - (Date.now() % period)));
    const now = Math.floor(Date.now() / period);
    const step = Math.max(now - 1, lastStep + 1);
    if (step > now + 1) throw new Error('the test used more codes than the clock allows');
    lastStep = step;
    return totp.generate({ timestamp: step * period + 1 });
  };
}

async function fillLogin(page: Page, emailAddress: string, password: string) {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('E-mail address').fill(emailAddress);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page) {
  await page.goto(`${server.baseUrl}/logout`);
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
}

describe('two-factor sign-in with an authenticator app', () => {
  it('sets up TOTP, signs in with a code and a recovery code, and trusts a browser', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const account = uniqueAccount('Two Factor');
    await registerThroughApi(server.baseUrl, account);

    await fillLogin(page, account.emailAddress, account.password);
    await page.waitForURL(`${server.baseUrl}/my-companies`);
    await page.goto(`${server.baseUrl}/my-profile`);
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByText('Off', { exact: true }).waitFor();

    // Set up: the QR code and the key, confirmed with the app's first code.
    await section.getByRole('button', { name: 'Set up' }).click();
    const setup = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await setup.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await setup.locator('code').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const nextCode = authenticator(secret);
    await shots(page, 'setup-dialog');
    await expectAccessible(page);
    await setup.getByLabel('Code from the app').fill('000000');
    await setup.getByRole('button', { name: 'Turn on' }).click();
    await setup.getByText('That code is not valid. Try the current one.').waitFor();
    await setup.getByLabel('Code from the app').fill(await nextCode());
    await setup.getByRole('button', { name: 'Turn on' }).click();

    // The recovery codes, shown once.
    const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
    const list = saved.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    const recoveryCodes = await list.getByRole('listitem').allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    await saved.getByRole('button', { name: 'Copy' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${recoveryCodes.join('\n')}\n`);
    await shots(page, 'recovery-codes');
    await expectAccessible(page);
    await saved.getByRole('button', { name: 'I have saved them' }).click();
    await section.getByText('On', { exact: true }).waitFor();
    await section.getByText('10 unused recovery codes left').waitFor();

    // Signing in now takes a code, at /two-factor-auth.
    await logOut(page);
    await fillLogin(page, account.emailAddress, account.password);
    await page.waitForURL(`${server.baseUrl}/two-factor-auth`);
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await shots(page, 'code-step');
    await expectAccessible(page);
    await page.getByLabel('One-time code').fill(await nextCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.baseUrl}/my-companies`);

    // A recovery code works once.
    await logOut(page);
    await fillLogin(page, account.emailAddress, account.password);
    await page.waitForURL(`${server.baseUrl}/two-factor-auth`);
    await page.getByLabel('Use a recovery code').check();
    await page.getByLabel('Recovery code', { exact: true }).fill(recoveryCodes[0]!);
    await shots(page, 'code-step-recovery');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.baseUrl}/my-companies`);
    await logOut(page);
    await fillLogin(page, account.emailAddress, account.password);
    await page.waitForURL(`${server.baseUrl}/two-factor-auth`);
    await page.getByLabel('Use a recovery code').check();
    await page.getByLabel('Recovery code', { exact: true }).fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code is not valid. Try the current one.').waitFor();

    // Reloading the code step forgets the password and starts over.
    await page.reload();
    await page.waitForURL(`${server.baseUrl}/login`);
    await fillLogin(page, account.emailAddress, account.password);
    await page.waitForURL(`${server.baseUrl}/two-factor-auth`);

    // Trusting this browser: the next sign-in skips the code step.
    await page.getByLabel('One-time code').fill(await nextCode());
    await page.getByLabel('Trust this browser for 30 days').check();
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.baseUrl}/my-companies`);
    await logOut(page);
    await fillLogin(page, account.emailAddress, account.password);
    await page.waitForURL(`${server.baseUrl}/my-companies`);

    expect(errors).toEqual([]);
    await context.close();
  });
});
