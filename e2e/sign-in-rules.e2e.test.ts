import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { callApi } from './support/api.ts';
import { expectAccessible } from './support/axe.ts';
import { collectPageErrors, launchChromium, settledScreenshot } from './support/browser.ts';
import { snackbar } from './support/console.ts';
import { startShellServer, type ShellServer, type SignedIn } from './support/shell-server.ts';

let server: ShellServer;
let browser: Browser;

beforeAll(async () => {
  server = await startShellServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(user: SignedIn, route: string, width = 1280) {
  const context = await server.signedInContext(browser, user, { width, height: 800 });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${server.baseUrl}${route}`);
  return { page, errors, close: () => context.close() };
}

const shot = (page: Page, name: string) => settledScreenshot(page, `sign-in-rules-${name}`);

/** A confirmed TOTP secret, as enrolment leaves it (enrolment itself is another part's screen). */
async function giveTotp(user: SignedIn) {
  await server.db
    .updateTable('users')
    .set({ totp_secret: 'JBSWY3DPEHPK3PXP' })
    .where('public_id', '=', user.publicId)
    .execute();
}

async function companyName(user: SignedIn) {
  const row = await server.db
    .selectFrom('companies')
    .select('name')
    .where('public_id', '=', user.companyPublicId)
    .executeTakeFirstOrThrow();
  return row.name;
}

describe('company sign-in rules', () => {
  it('an administrator requires two-factor, and a member without one is sent to set it up', async () => {
    const admin = await server.newAdministrator('Rules Admin');
    // The administrator has a second factor, so requiring one does not lock them out.
    await giveTotp(admin);
    const member = await server.newMember(admin, ['customFields.manage'], 'Rules Member');

    const { page, errors, close } = await open(admin, '/sign-in-security');
    await page.getByRole('heading', { level: 1, name: 'Sign-in security' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link', { name: 'Sign-in security' }).getAttribute('href')).toBe(
      '/sign-in-security',
    );
    // Without an identity provider, single sign-on cannot be required, and the page says why.
    const ssoSwitch = page.getByRole('switch', { name: 'Require single sign-on' });
    await ssoSwitch.waitFor();
    expect(await ssoSwitch.isDisabled()).toBe(true);
    await page.getByText('Add an identity provider first').waitFor();
    await shot(page, 'sign-in-security-1280');
    await expectAccessible(page);

    // A grace period out of range is refused in the form.
    await page.getByRole('switch', { name: 'Require two-factor sign-in' }).check();
    const grace = page.getByLabel('Grace period in days');
    await grace.fill('120');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter a whole number of days from 0 to 90').waitFor();
    await grace.fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await snackbar(page, 'Sign-in rules saved').waitFor();
    await page.getByText(/^Required since /).waitFor();
    const rules = await callApi<{ twoFactorRequired: boolean; twoFactorGraceDays: number }>(
      server,
      admin,
      'GET',
      'CompanySignInRules',
    );
    expect(rules).toMatchObject({ twoFactorRequired: true, twoFactorGraceDays: 0 });
    await page.setViewportSize({ width: 600, height: 800 });
    await shot(page, 'sign-in-security-600');
    expect(errors).toEqual([]);
    await close();

    // The member opens the app: before anything of the company they are told what to do.
    const blocked = await open(member, '/');
    await blocked.page.waitForURL(`${server.baseUrl}/two-factor-auth-required`);
    await blocked.page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' }).waitFor();
    const name = await companyName(admin);
    await blocked.page.getByText(`${name} requires every member to sign in with a second factor`).waitFor();
    expect(await blocked.page.getByRole('link', { name: 'Set up in my profile' }).getAttribute('href')).toBe(
      '/my-profile',
    );
    expect(
      await blocked.page.getByRole('link', { name: 'Choose another company' }).getAttribute('href'),
    ).toBe('/my-companies');
    await blocked.page.getByRole('link', { name: 'Log out' }).waitFor();
    await blocked.page.getByRole('button', { name: 'Check again' }).click();
    await blocked.page
      .getByRole('alert')
      .filter({ hasText: 'Your account has no second factor yet.' })
      .waitFor();
    await shot(blocked.page, 'two-factor-auth-required-1280');
    await expectAccessible(blocked.page);
    // A company screen opened directly leads there too.
    await blocked.page.goto(`${server.baseUrl}/custom-fields`);
    await blocked.page.waitForURL(`${server.baseUrl}/two-factor-auth-required`);
    await blocked.page.setViewportSize({ width: 600, height: 800 });
    await blocked.page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' }).waitFor();
    await shot(blocked.page, 'two-factor-auth-required-600');

    // The API refuses the member's company calls meanwhile; once TOTP is set up (through the API
    // here; the my-profile screens are tested in two-factor.e2e), "Check again" lets them in.
    await expect(callApi(server, member, 'GET', 'CustomPropertyList')).rejects.toThrow(
      /403 .*TWO_FACTOR_REQUIRED/,
    );
    const enrolment = await callApi<{ secret: string }>(server, member, 'POST', 'MyTotpEnrolment');
    const code = new TOTP({ secret: Secret.fromBase32(enrolment.secret), digits: 6, period: 30 }).generate();
    await callApi(server, member, 'POST', 'MyTotpConfirmation', { code });
    await blocked.page.getByRole('button', { name: 'Check again' }).click();
    await blocked.page.waitForURL((url) => url.pathname !== '/two-factor-auth-required');
    expect(await callApi<unknown[]>(server, member, 'GET', 'CustomPropertyList')).toEqual(expect.any(Array));
    expect(blocked.errors).toEqual([]);
    await blocked.close();
  });

  it('a member in the grace period sees the banner and works; when it ends, a company call sends them on', async () => {
    const admin = await server.newAdministrator('Grace Admin');
    await giveTotp(admin);
    const member = await server.newMember(admin, ['customFields.manage', 'roles.manage'], 'Grace Member');
    await callApi(server, admin, 'PATCH', 'CompanySignInRules', {
      twoFactorRequired: true,
      twoFactorGraceDays: 14,
    });

    const { page, errors, close } = await open(member, '/custom-fields');
    await page.getByRole('heading', { level: 1, name: 'Custom fields' }).waitFor();
    const banner = page.getByRole('alert').filter({ hasText: 'requires two-factor sign-in' });
    await banner.getByText(/Set up a second factor by /).waitFor();
    expect(await banner.getByRole('link', { name: 'Set up now' }).getAttribute('href')).toBe('/my-profile');
    await shot(page, 'grace-banner-1280');
    await expectAccessible(page);
    await page.setViewportSize({ width: 600, height: 800 });
    await shot(page, 'grace-banner-600');
    await page.setViewportSize({ width: 1280, height: 800 });
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });

    // The grace period is cut short: the next company call answers 403 TWO_FACTOR_REQUIRED,
    // and the app goes to the page that says so.
    await callApi(server, admin, 'PATCH', 'CompanySignInRules', { twoFactorGraceDays: 0 });
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Roles' })
      .click();
    await page.waitForURL(`${server.baseUrl}/two-factor-auth-required`);
    await page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('a member signed in with a password is sent to sign in through SSO when the company requires it', async () => {
    const admin = await server.newAdministrator('SSO Admin');
    const member = await server.newMember(admin, ['customFields.manage'], 'SSO Member');
    const company = await server.db
      .selectFrom('companies')
      .select('id')
      .where('public_id', '=', admin.companyPublicId)
      .executeTakeFirstOrThrow();
    // The identity provider editor is another part's screen: the row is stored directly.
    await server.db
      .insertInto('sso_identity_providers')
      .values({
        public_id: `idp${member.publicId.slice(3)}`,
        company_id: company.id,
        name: 'Corporate ID',
        issuer_url: 'https://id.example.com',
        client_id: 'fleetgate',
        client_secret_sealed: 'sealed',
        allowed_domains: '[]',
      })
      .execute();
    await callApi(server, admin, 'PATCH', 'CompanySignInRules', { ssoRequired: true });

    const { page, errors, close } = await open(member, '/');
    await page.waitForURL(`${server.baseUrl}/sso-auth-required`);
    await page.getByRole('heading', { level: 1, name: 'Sign in with single sign-on' }).waitFor();
    const name = await companyName(admin);
    await page
      .getByText(`${name} requires its members to sign in through the company's identity provider`)
      .waitFor();
    expect(await page.getByRole('link', { name: 'Log out and sign in again' }).getAttribute('href')).toBe(
      '/logout',
    );
    await shot(page, 'sso-auth-required-1280');
    await expectAccessible(page);
    await page.setViewportSize({ width: 600, height: 800 });
    await shot(page, 'sso-auth-required-600');
    await page.getByRole('link', { name: 'Log out and sign in again' }).click();
    await page.waitForURL(`${server.baseUrl}/login`);
    expect(errors).toEqual([]);
    await close();
  });
});
