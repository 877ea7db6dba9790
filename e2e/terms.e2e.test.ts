import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { registerThroughApi, uniqueAccount } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { launchChromium, settledScreenshot } from './support/browser.ts';
import {
  accessTokenOf,
  joinByInvitation,
  newCompanyAdmin,
  sessionApi,
  signedInPage,
  snackbar,
  type CompanyAdmin,
} from './support/console.ts';
import { startServer, type RunningServer } from './support/server.ts';

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

/** Screenshots to look at by hand, outside the repository. */
const shot = (page: Page, name: string) => settledScreenshot(page, `terms-${name}`);

/** A member of the admin's company (no rights), signed in on a page of their own. */
async function memberPage(admin: CompanyAdmin, width = 1280) {
  const account = uniqueAccount('Member');
  await registerThroughApi(server.baseUrl, account);
  const role = (await sessionApi(server.baseUrl, 'POST', 'RoleList', admin.session, {
    name: `Reader ${account.emailAddress.slice(0, 8)}`,
    capabilities: [],
  })) as { publicId: string };
  await joinByInvitation(server.baseUrl, admin.session, account, role.publicId);
  const token = await accessTokenOf(server.baseUrl, account);
  const member = { ...admin, account, token, session: { ...admin.session, token: token.secretId } };
  return signedInPage(browser, server.baseUrl, member, width);
}

/** Writes `text` as the builder's English text and saves it. */
async function writeTerms(page: Page, text: string) {
  await page.goto(`${server.baseUrl}/custom-terms-of-use-builder`);
  await page.getByRole('heading', { level: 1, name: 'Custom terms of use' }).waitFor();
  const editor = page.getByRole('textbox', { name: 'Markdown text in English' });
  await editor.fill(text);
  await page.getByRole('button', { name: 'Save' }).click();
  await snackbar(page, 'Members must accept it').waitFor();
}

describe('terms of use and privacy statement', () => {
  it.each([1280, 600])(
    'builders render sanitised Markdown and ask before leaving unsaved (%i px)',
    async (width) => {
      const admin = await newCompanyAdmin(server.baseUrl, 'Terms');
      const { page, context, errors } = await signedInPage(browser, server.baseUrl, admin, width);
      await page.goto(`${server.baseUrl}/custom-terms-of-use-builder`);
      await page.getByRole('heading', { level: 1, name: 'Custom terms of use' }).waitFor();
      const editor = page.getByRole('textbox', { name: 'Markdown text in English' });
      await editor.fill(
        '# Site rules\n\nWear a **helmet** at all times.\n\n- Sign in at the gate\n- Report faults\n\n<script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">',
      );
      const preview = page.getByTestId('legal-text-preview');
      await preview.getByRole('heading', { level: 3, name: 'Site rules' }).waitFor();
      expect(await preview.locator('strong').textContent()).toBe('helmet');
      expect(await preview.locator('script').count()).toBe(0);
      expect(await preview.locator('[onerror]').count()).toBe(0);
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      await page.getByRole('tab', { name: 'English' }).waitFor();
      await shot(page, `terms-builder-${width}`);
      await expectAccessible(page);

      // Leaving with unsaved changes asks; Keep editing stays.
      await page.getByRole('link', { name: 'Back' }).click();
      const discard = page.getByRole('dialog', { name: 'Discard changes?' });
      await discard.waitFor();
      await expectAccessible(page);
      await discard.getByRole('button', { name: 'Keep editing' }).click();
      await discard.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/custom-terms-of-use-builder');

      // German before English is explained; after saving English, German is accepted.
      await page.getByRole('button', { name: 'Save' }).click();
      await snackbar(page, 'Saved as version 1').waitFor();
      await page.getByRole('button', { name: 'Add language' }).click();
      const add = page.getByRole('dialog', { name: 'Add a language' });
      await add.getByRole('textbox', { name: 'Language code' }).fill('de');
      await expectAccessible(page);
      await add.getByRole('button', { name: 'Add' }).click();
      await page.getByRole('textbox', { name: 'Markdown text in German' }).fill('# Regeln');
      await page.getByRole('button', { name: 'Save' }).click();
      await snackbar(page, 'Saved as version 2').waitFor();

      await page.goto(`${server.baseUrl}/custom-privacy-statement-builder`);
      await page.getByRole('heading', { level: 1, name: 'Custom privacy statement' }).waitFor();
      await page
        .getByRole('textbox', { name: 'Markdown text in English' })
        .fill('# Privacy\n\nWe keep **little**.');
      await page.getByTestId('legal-text-preview').getByRole('heading', { name: 'Privacy' }).waitFor();
      await shot(page, `privacy-builder-${width}`);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Save' }).click();
      await snackbar(page, 'The privacy statement is saved').waitFor();

      // Members read both on their company pages; the admin's pages offer Edit.
      await page.goto(`${server.baseUrl}/my-company/privacy-statement`);
      await page.getByRole('heading', { level: 2, name: 'Privacy' }).waitFor();
      expect(await page.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
        '/custom-privacy-statement-builder',
      );
      await shot(page, `my-company-privacy-${width}`);
      await expectAccessible(page);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('a member without the right sees the not-allowed page on a builder; the public pages need no sign-in', async () => {
    const admin = await newCompanyAdmin(server.baseUrl, 'Rights');
    const { page, context } = await memberPage(admin);
    await page.goto(`${server.baseUrl}/custom-terms-of-use-builder`);
    await page.waitForURL('**/error/not-allowed');

    const anonymous = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const visitor = await anonymous.newPage();
    await visitor.goto(`${server.baseUrl}/login`);
    await visitor
      .getByRole('navigation', { name: 'Legal' })
      .getByRole('link', { name: 'Terms of use' })
      .click();
    await visitor.getByRole('heading', { level: 1, name: 'Terms of use' }).waitFor();
    await visitor.getByText('open-source software for approved and audited remote access').waitFor();
    await expectAccessible(visitor);
    await shot(visitor, 'public-terms-1280');
    await anonymous.close();
    await context.close();
  });

  it('forces members to accept new terms: Escape and the backdrop do not close the dialog, OK does, and new terms bring it back', async () => {
    const admin = await newCompanyAdmin(server.baseUrl, 'Forced');
    const { page: adminPage, context: adminContext } = await signedInPage(
      browser,
      server.baseUrl,
      admin,
      1280,
    );
    const { page, context, errors } = await memberPage(admin);
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('banner').waitFor();
    const dialog = page.getByRole('dialog', { name: 'Terms of use updated' });
    expect(await dialog.count()).toBe(0);

    // The admin writes terms; the member's open app asks at once.
    await writeTerms(adminPage, '# House rules\n\nBe **careful**.');
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByRole('heading', { name: 'House rules' }).waitFor();
    await expectAccessible(page);
    await shot(page, 'terms-updated-dialog-1280');

    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await page.waitForTimeout(500);
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('banner').waitFor();
    await page.waitForTimeout(1000);
    expect(await dialog.count()).toBe(0);

    // New terms: the dialog comes back with the new text.
    await writeTerms(adminPage, '# House rules\n\nBe **very** careful.');
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByText('very').waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
    await adminContext.close();
  });

  it("shows a company's terms with its invitation and accepts them on joining", async () => {
    const admin = await newCompanyAdmin(server.baseUrl, 'Invite');
    await sessionApi(server.baseUrl, 'PATCH', 'CompanyTermsOfUsePolicyLanguage', admin.session, {
      language: 'en',
      body: '# Visitor rules\n\nSign the **logbook**.',
    });
    const account = uniqueAccount('Invitee');
    await registerThroughApi(server.baseUrl, account);
    const role = (await sessionApi(server.baseUrl, 'POST', 'RoleList', admin.session, {
      name: 'Visitor',
      capabilities: [],
    })) as { publicId: string };
    await sessionApi(server.baseUrl, 'POST', 'UserInviteList', admin.session, {
      emailAddress: account.emailAddress,
      role: { publicId: role.publicId },
    });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('E-mail address').fill(account.emailAddress);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    const invitation = page.getByRole('listitem', { name: admin.companyName });
    await invitation.getByRole('button', { name: 'Accept' }).click();
    const terms = page.getByRole('dialog', { name: `Terms of use of ${admin.companyName}` });
    await terms.getByRole('heading', { name: 'Visitor rules' }).waitFor();
    await expectAccessible(page);
    await shot(page, 'invite-terms-1280');
    await terms.getByRole('button', { name: 'Accept and join' }).click();
    await page.getByRole('banner').waitFor();
    // Accepted with the invitation: no forced dialog afterwards.
    await page.waitForTimeout(1500);
    expect(await page.getByRole('dialog', { name: 'Terms of use updated' }).count()).toBe(0);
    await context.close();
  });
});
