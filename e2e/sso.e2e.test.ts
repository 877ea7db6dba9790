import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  startTestOidcProvider,
  type TestOidcProvider,
} from '../apps/server/src/modules/sso/sso.test-support.ts';
import { launchChromium, settledScreenshot } from './support/browser.ts';
import {
  newCompanyAdmin,
  newConsolePage,
  openScreen,
  sessionApi,
  signedInPage,
  type CompanyAdmin,
} from './support/console.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { expectAccessible } from './support/axe.ts';

let server: RunningServer;
let browser: Browser;
let idp: TestOidcProvider;

beforeAll(async () => {
  // The OpenID provider of these tests listens on loopback, which only OUTBOUND_ALLOW_PRIVATE reaches.
  server = await startServer({ OUTBOUND_ALLOW_PRIVATE: 'true' });
  idp = await startTestOidcProvider(`${server.baseUrl}/sso-callback`);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await idp?.close();
  await server?.stop();
});

const shot = (page: Page, name: string) => settledScreenshot(page, `sso-${name}`);

const field = (dialog: Locator, name: string) => dialog.getByRole('textbox', { name, exact: true });

/** A company with one provider at the in-process OpenID provider, set up through the API. */
async function companyWithProvider(label: string, providerName: string) {
  const admin = await newCompanyAdmin(server.baseUrl, label);
  await sessionApi(server.baseUrl, 'POST', 'CompanySsoIdentityProviderList', admin.session, {
    name: providerName,
    issuerUrl: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    allowedDomains: ['example.com'],
  });
  return admin;
}

/** The provider's own login form and consent page, as a person fills them in. */
async function signInAtProvider(page: Page, subject: string) {
  await page.waitForURL((url) => url.origin === idp.issuer);
  await page.locator('input[name="login"]').fill(subject);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('Identity providers (company administration)', () => {
  for (const width of [1280, 600]) {
    it(`adds, edits and deletes a provider at ${width} px, never seeing the secret again`, async () => {
      const admin: CompanyAdmin = await newCompanyAdmin(server.baseUrl, 'SSO Admin');
      const { page, context, errors } = await signedInPage(browser, server.baseUrl, admin, width);
      const bodies: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/'))
          void response.text().then(
            (text) => bodies.push(text),
            () => {},
          );
      });
      await openScreen(page, server.baseUrl, '/sign-in-security', 'Sign-in security');
      await page.getByText('No identity providers yet.').waitFor();
      await page.getByText(`${server.baseUrl}/sso-callback`).waitFor();
      await shot(page, `providers-empty-${width}`);
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Add provider' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add identity provider' });
      await dialog.waitFor();
      await field(dialog, 'Allowed e-mail domains').fill('not a domain!');
      await dialog.getByText('“not” is not a domain').waitFor();
      await field(dialog, 'Logo URL (optional)').fill('http://cdn.example.com/logo.png');
      await dialog.getByText('Use an https:// address').waitFor();
      await shot(page, `providers-validation-${width}`);
      await expectAccessible(page);

      await field(dialog, 'Name').fill('Plant Login');
      await field(dialog, 'Issuer URL').fill(idp.issuer);
      await field(dialog, 'Client ID').fill(idp.clientId);
      await dialog.getByLabel('Client secret').fill(idp.clientSecret);
      await field(dialog, 'Allowed e-mail domains').fill('Example.com, plant.example.org');
      await field(dialog, 'Logo URL (optional)').fill('');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      const card = page.getByRole('article', { name: 'Plant Login' });
      await card.getByText('@plant.example.org').waitFor();
      await card.getByText('Client secret stored').waitFor();
      await shot(page, `providers-list-${width}`);
      await expectAccessible(page);

      await card.getByRole('button', { name: 'Edit Plant Login' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit identity provider' });
      await edit.waitFor();
      expect(await edit.getByLabel('Client secret').inputValue()).toBe('');
      await shot(page, `providers-edit-${width}`);
      await field(edit, 'Name').fill('Plant SSO');
      await edit.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('article', { name: 'Plant SSO' }).waitFor();

      await page.getByRole('button', { name: 'Delete Plant SSO' }).click();
      await page
        .getByRole('dialog', { name: 'Delete identity provider?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await page.getByText('No identity providers yet.').waitFor();

      expect(bodies.some((body) => body.includes('Plant'))).toBe(true);
      expect(bodies.filter((body) => body.includes(idp.clientSecret))).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('Sign-in through an OpenID provider', () => {
  it('shows the buttons for the typed domain and signs a member in through the provider', async () => {
    const admin = await companyWithProvider('SSO Member', 'Acme Login');
    const subject = idp.addIdentity({ email: admin.account.emailAddress, email_verified: true });
    for (const width of [1280, 600]) {
      const { page, errors } = await newConsolePage(browser, width);
      await page.goto(`${server.baseUrl}/login?next=${encodeURIComponent('/sign-in-security')}`);
      await page.getByLabel('E-mail address').fill(admin.account.emailAddress);
      const button = page.getByRole('button', { name: 'Sign in with Acme Login' });
      await button.waitFor();
      await shot(page, `login-buttons-${width}`);
      await expectAccessible(page);
      if (width === 600) {
        expect(errors).toEqual([]);
        await page.context().close();
        continue;
      }

      await button.click();
      await signInAtProvider(page, subject);
      // Back in the app, in the company, on the page the login was asked for.
      await page.getByRole('heading', { level: 1, name: 'Sign-in security' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/sign-in-security');
      expect(page.url()).not.toContain('code=');
      await shot(page, `signed-in-${width}`);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('refuses a callback link opened in a browser that did not start the sign-in (login CSRF)', async () => {
    // Unique, as every example.com provider is offered for the typed address (a retry adds one).
    const name = `Binding Login ${Date.now().toString(36)}`;
    const admin = await companyWithProvider('SSO Binding', name);
    const subject = idp.addIdentity({ email: admin.account.emailAddress, email_verified: true });
    // Someone signs in at the provider but keeps the callback instead of letting it be exchanged…
    const { page: starter } = await newConsolePage(browser, 1280);
    let callbackQuery = '';
    await starter.route('**/api/SsoAccessTokenList', async (route) => {
      callbackQuery = (route.request().postDataJSON() as { callbackQuery: string }).callbackQuery;
      await route.abort();
    });
    await starter.goto(`${server.baseUrl}/login`);
    await starter.getByLabel('E-mail address').fill(admin.account.emailAddress);
    await starter.getByRole('button', { name: `Sign in with ${name}` }).click();
    await signInAtProvider(starter, subject);
    // The callback page has to load (a cold load takes seconds on a busy CI machine) before it posts.
    await expect.poll(() => callbackQuery, { timeout: 30_000 }).toContain('state=');
    await starter.context().close();

    // …and gets another browser to open it: without the starting tab's binding it signs nobody in.
    const { page } = await newConsolePage(browser, 1280);
    await page.goto(`${server.baseUrl}/sso-callback?${callbackQuery}`);
    await page.getByText('This sign-in link has expired or was already used.').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.goto(`${server.baseUrl}/sign-in-security`);
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.context().close();
  });

  it('explains a refusal (unverified e-mail) at /sso-callback and leads back to the login', async () => {
    const admin = await companyWithProvider('SSO Unverified', 'Unverified Login');
    const subject = idp.addIdentity({ email: admin.account.emailAddress, email_verified: false });
    for (const width of [1280, 600]) {
      const { page } = await newConsolePage(browser, width);
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel('E-mail address').fill(admin.account.emailAddress);
      await page.getByRole('button', { name: 'Sign in with Unverified Login' }).click();
      await signInAtProvider(page, subject);
      await page.getByText('The identity provider did not confirm your e-mail address.').waitFor();
      await shot(page, `callback-refused-${width}`);
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Back to the login' }).click();
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      await page.context().close();
    }
  });
});
