import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { CompanyApp } from '@fleetgate/contracts';
import { collectPageErrors, launchChromium, settledScreenshot } from './support/browser.ts';
import { startShellServer, type ShellServer, type SignedIn } from './support/shell-server.ts';
import { expectAccessible } from './support/axe.ts';

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

async function api(as: SignedIn, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}/api/${path}`, {
    method,
    headers: {
      'Api-Version': '2',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      Authorization: `Bearer ${as.token.secretId}`,
      'Api-Company': as.companyPublicId,
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data: unknown } };
}

const shot = (page: Page, name: string) => settledScreenshot(page, `apps-${name}`);

/** Opens the top-bar apps menu and returns it. */
async function openAppsMenu(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Apps' }).click();
  const menu = page.getByRole('menu', { name: 'Apps' });
  await menu.waitFor();
  return menu;
}

describe('apps', () => {
  it.each([1280, 600])(
    'installs, configures and uninstalls an app, which joins and leaves the top-bar apps menu, at %i px',
    async (width) => {
      const admin = await server.newAdministrator(`Ada ${width}`);
      const context = await server.signedInContext(browser, admin, { width, height: 900 });
      const page = await context.newPage();
      const errors = collectPageErrors(page);

      await page.goto(`${server.baseUrl}/apps`);
      await page.getByRole('heading', { name: 'Apps', level: 1 }).waitFor();
      for (const name of ['Data logging', 'Alarming', 'Reports', 'Web access', 'Backend components'])
        await page.getByRole('article', { name }).waitFor();
      await page.getByText('Needs: Devices with an HTTP service').waitFor();
      await expectAccessible(page);
      await shot(page, `catalogue-${width}`);

      // Install: the card says so, and the app joins the apps menu.
      const card = page.getByRole('article', { name: 'Data logging' });
      await card.getByRole('button', { name: 'Install Data logging' }).click();
      await card.getByText('Installed', { exact: true }).waitFor();
      let menu = await openAppsMenu(page);
      await menu.getByRole('menuitem', { name: /Console/ }).waitFor();
      await menu.getByRole('menuitem', { name: 'Data logging' }).waitFor();
      expect(await menu.getByRole('menuitem', { name: 'Alarming' }).count()).toBe(0);
      await expectAccessible(page);
      await shot(page, `apps-menu-${width}`);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });

      // Configure: the form checks the range, saves, and asks before dropping unsaved changes.
      await card.getByRole('button', { name: 'Configure Data logging' }).click();
      const dialog = page.getByRole('dialog', { name: 'Settings of Data logging' });
      const days = dialog.getByRole('textbox', { name: /Keep logged data for/ });
      await days.fill('10');
      await dialog.getByText('Enter a whole number of days from 30 to 3650').waitFor();
      expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await days.fill('90');
      await expectAccessible(page);
      await shot(page, `configure-${width}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      const stored = await api(admin, 'GET', 'AppInstall/dataLogging');
      expect((stored.body.data as CompanyApp).config).toEqual({ retentionDays: 90 });

      await card.getByRole('button', { name: 'Configure Data logging' }).click();
      await dialog.getByRole('textbox', { name: /Keep logged data for/ }).fill('120');
      await page.keyboard.press('Escape');
      const discard = page.getByRole('dialog', { name: 'Discard changes?' });
      await discard.waitFor();
      await discard.getByRole('button', { name: 'Discard' }).click();
      await dialog.waitFor({ state: 'detached' });

      // The app's page, opened from the apps menu, shows what it does and its settings.
      menu = await openAppsMenu(page);
      await menu.getByRole('menuitem', { name: 'Data logging' }).click();
      await page.waitForURL(/\/apps\/dataLogging$/);
      await page.getByRole('heading', { name: 'Data logging', level: 1 }).waitFor();
      await page.getByText('90 days').waitFor();
      await expectAccessible(page);
      await shot(page, `app-page-${width}`);

      // Uninstall, after a confirmation that says the data is kept: the app leaves the menu.
      await page.getByRole('button', { name: 'Uninstall' }).click();
      const confirm = page.getByRole('dialog', { name: 'Uninstall Data logging?' });
      await confirm.getByText(/data is kept/).waitFor();
      await expectAccessible(page);
      await shot(page, `uninstall-${width}`);
      await confirm.getByRole('button', { name: 'Uninstall' }).click();
      await confirm.waitFor({ state: 'detached' });
      await page.getByText('The Data logging app is not installed in this company.').waitFor();
      await page.getByRole('button', { name: 'Install Data logging' }).waitFor();
      await expectAccessible(page);
      await shot(page, `not-installed-${width}`);
      menu = await openAppsMenu(page);
      await menu.getByRole('menuitem', { name: /Console/ }).waitFor();
      expect(await menu.getByRole('menuitem', { name: 'Data logging' }).count()).toBe(0);
      await page.keyboard.press('Escape');

      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('sets a time zone and a switch in the settings dialogs', async () => {
    const admin = await server.newAdministrator('Ada Settings');
    expect((await api(admin, 'POST', 'AppInstall/reports')).status).toBe(201);
    expect((await api(admin, 'POST', 'AppInstall/alarming')).status).toBe(201);
    const context = await server.signedInContext(browser, admin, { width: 1280, height: 800 });
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto(`${server.baseUrl}/apps`);
    await page.getByRole('button', { name: 'Configure Reports' }).click();
    const reports = page.getByRole('dialog', { name: 'Settings of Reports' });
    const zone = reports.getByRole('combobox', { name: /Time zone of reports/ });
    await zone.fill('Europe/Ber');
    await page.getByRole('option', { name: 'Europe/Berlin' }).click();
    await expectAccessible(page);
    await shot(page, 'configure-time-zone-1280');
    await reports.getByRole('button', { name: 'Save' }).click();
    await reports.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Configure Alarming' }).click();
    const alarming = page.getByRole('dialog', { name: 'Settings of Alarming' });
    const mail = alarming.getByRole('switch', { name: 'Send alarms by e-mail' });
    expect(await mail.isChecked()).toBe(true);
    await mail.click();
    await expectAccessible(page);
    await shot(page, 'configure-switch-1280');
    await alarming.getByRole('button', { name: 'Save' }).click();
    await alarming.waitFor({ state: 'detached' });

    const apps = (await api(admin, 'GET', 'AppList')).body.data as CompanyApp[];
    expect(apps.find((app) => app.publicId === 'reports')?.config).toEqual({ timeZone: 'Europe/Berlin' });
    expect(apps.find((app) => app.publicId === 'alarming')?.config).toEqual({ emailNotifications: false });
    await page.goto(`${server.baseUrl}/apps/alarming`);
    await page.getByText('Off', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a member the installed apps, live, and each app’s page without its settings', async () => {
    const admin = await server.newAdministrator('Ada Members');
    const member = await server.newMember(admin, [], 'Mo Member');
    expect((await api(admin, 'POST', 'AppInstall/alarming')).status).toBe(201);
    const context = await server.signedInContext(browser, member, { width: 1280, height: 800 });
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto(`${server.baseUrl}/apps/alarming`);
    await page.getByRole('heading', { name: 'Alarming', level: 1 }).waitFor();
    await page.getByText('Installed', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Configure' }).count()).toBe(0);
    expect(await page.getByText('Send alarms by e-mail').count()).toBe(0);
    await expectAccessible(page);
    await shot(page, 'member-app-page-1280');

    // The administrator installs another app: the member's menu follows without a reload.
    expect((await api(admin, 'POST', 'AppInstall/reports')).status).toBe(201);
    await expect
      .poll(async () => {
        const menu = await openAppsMenu(page);
        const count = await menu.getByRole('menuitem', { name: 'Reports' }).count();
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'hidden' });
        return count;
      })
      .toBe(1);

    await page.goto(`${server.baseUrl}/apps/webAccess`);
    await page.getByText('The Web access app is not installed in this company.').waitFor();
    await page.getByText('Ask an administrator of the company to install it.').waitFor();
    expect(await page.getByRole('button', { name: /^Install/ }).count()).toBe(0);

    await page.goto(`${server.baseUrl}/apps`);
    await page.getByText('Not allowed').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
