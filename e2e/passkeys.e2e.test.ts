import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { registerThroughApi, uniqueAccount, type Account } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { collectPageErrors, launchChromium, settledScreenshotsAt } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

// WebAuthn needs a host name: a passkey's relying-party ID (PUBLIC_URL's host) cannot be an IP
// address, and localhost is a secure context over plain HTTP.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({}, { hostName: 'localhost' });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const shots = (page: Page, name: string) => settledScreenshotsAt(page, `passkeys-${name}`);

/** Chromium's virtual authenticator: a platform authenticator with discoverable passkeys and user verification. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function createCompany(account: Account) {
  const post = (rel: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}/api/${rel}`, {
      method: 'POST',
      headers: { 'Api-Version': '2', 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const basic = Buffer.from(`${account.emailAddress}::${account.password}`).toString('base64');
  const token = (await (
    await post('AccessTokenList', { expiresIn: 600 }, { Authorization: `Basic ${basic}` })
  ).json()) as {
    data: { secretId: string };
  };
  const company = await post(
    'CompanyList',
    { name: `Passkey Works ${account.emailAddress.slice(-20, -12)}` },
    {
      Authorization: `Bearer ${token.data.secretId}`,
    },
  );
  expect(company.status).toBe(201);
}

async function logInWithPassword(page: Page, account: Account) {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('E-mail address').fill(account.emailAddress);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('button', { name: 'Account' }).waitFor();
}

async function logOut(page: Page) {
  await page.goto(`${server.baseUrl}/`);
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(`${server.baseUrl}/login`);
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
}

async function openProfile(page: Page) {
  await page.goto(`${server.baseUrl}/my-profile`);
  await page.getByRole('heading', { level: 1, name: 'My profile' }).waitFor();
  return page.getByRole('region', { name: 'Passkeys' });
}

describe('passkeys', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let authenticator: { cdp: CDPSession; authenticatorId: string };
  const account = uniqueAccount('Passkey User');

  beforeAll(async () => {
    await registerThroughApi(server.baseUrl, account);
    await createCompany(account);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    errors = collectPageErrors(page);
    authenticator = await addVirtualAuthenticator(page);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('adds a passkey in my profile, after the password, and renames it', async () => {
    await logInWithPassword(page, account);
    const section = await openProfile(page);
    await section.getByText('You have no passkeys yet.').waitFor();
    await shots(page, 'profile-empty');

    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByLabel('Name').fill('Work laptop');
    // Without TOTP no code is asked for.
    expect(await dialog.getByLabel('Code').count()).toBe(0);
    await dialog.getByLabel('Password', { exact: true }).fill('not my password');
    await shots(page, 'add-dialog');
    await expectAccessible(page);
    // A session alone is not enough: the wrong password is refused after the browser's prompt …
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('The password is wrong').waitFor();
    await shots(page, 'add-wrong-password');
    await expectAccessible(page);
    const created = await authenticator.cdp.send('WebAuthn.getCredentials', {
      authenticatorId: authenticator.authenticatorId,
    });
    expect(created.credentials).toHaveLength(1);
    // … and the right one stores the same answer, without asking the authenticator again.
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Passkey added').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await section.getByText('Work laptop').waitFor();
    await section.getByText('Not used yet').waitFor();
    const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', {
      authenticatorId: authenticator.authenticatorId,
    });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.credentialId).toBe(created.credentials[0]?.credentialId);
    expect(credentials[0]?.isResidentCredential).toBe(true);
    expect(credentials[0]?.rpId).toBe('localhost');
    await shots(page, 'profile-one');
    await expectAccessible(page);

    await section.getByRole('button', { name: 'Rename Work laptop' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename passkey' });
    await rename.getByLabel('Name').fill('Office laptop');
    await rename.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Passkey renamed').waitFor();
    await section.getByText('Office laptop').waitFor();
    expect(errors).toEqual([]);
  });

  it('signs in from the login page with the passkey and no password', async () => {
    await logOut(page);
    const button = page.getByRole('button', { name: 'Sign in with a passkey' });
    await button.waitFor();
    await shots(page, 'login');
    await expectAccessible(page);
    await button.click();
    // Into the company, as after a password sign-in.
    await page.getByRole('button', { name: 'Account' }).waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/login');

    const section = await openProfile(page);
    await section.getByText('Office laptop').waitFor();
    await section.getByText(/Last used/).waitFor();
    expect(errors).toEqual([]);
  });

  it('says so in words when the passkey is not allowed', async () => {
    await logOut(page);
    await authenticator.cdp.send('WebAuthn.setUserVerified', {
      authenticatorId: authenticator.authenticatorId,
      isUserVerified: false,
    });
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByText('The passkey request was cancelled or not allowed.', { exact: false }).waitFor();
    await shots(page, 'login-not-allowed');
    await expectAccessible(page);
    await authenticator.cdp.send('WebAuthn.setUserVerified', {
      authenticatorId: authenticator.authenticatorId,
      isUserVerified: true,
    });
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('button', { name: 'Account' }).waitFor();
  });

  it('removes the passkey after asking, and it no longer signs in', async () => {
    const section = await openProfile(page);
    await section.getByRole('button', { name: 'Remove Office laptop' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove “Office laptop”?' });
    await confirm.getByText('Confirm with your password.', { exact: false }).waitFor();
    // Nothing to remove with until the password is given.
    expect(await confirm.getByRole('button', { name: 'Remove' }).isDisabled()).toBe(true);
    await confirm.getByLabel('Password', { exact: true }).fill('not my password');
    await shots(page, 'remove-confirm');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await confirm.getByText('The password is wrong').waitFor();
    await confirm.getByLabel('Password', { exact: true }).fill(account.password);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Passkey removed').waitFor();
    await section.getByText('You have no passkeys yet.').waitFor();

    // The authenticator still holds it; the server no longer knows it.
    await logOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByText('This passkey was not accepted.', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(errors).toEqual([]);
  });
});
