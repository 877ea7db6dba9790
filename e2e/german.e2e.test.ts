import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MyUser } from '@fleetgate/contracts';
import { callApi } from './support/api.ts';
import { expectAccessible } from './support/axe.ts';
import { collectPageErrors, settledScreenshot } from './support/browser.ts';
import { createDevice } from './support/devices.ts';
import { useShellWorld, type ShellServer, type SignedIn } from './support/shell-server.ts';

const world = useShellWorld();

/** A browser whose languages are `locale`'s, signed in as `user` when one is given. */
async function openPage(
  server: ShellServer,
  browser: Browser,
  options: { locale: string; user?: SignedIn; width?: number; route: string },
) {
  const context = await browser.newContext({
    locale: options.locale,
    viewport: { width: options.width ?? 1280, height: 900 },
    storageState: options.user
      ? {
          cookies: [],
          origins: [
            {
              origin: server.baseUrl,
              localStorage: [
                { name: 'fleetgate.session', value: JSON.stringify(options.user.token) },
                { name: 'fleetgate.company', value: JSON.stringify(options.user.companyPublicId) },
              ],
            },
          ],
        }
      : undefined,
  });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${server.baseUrl}${options.route}`);
  return { page, errors, close: () => context.close() };
}

const shot = (page: Page, name: string) => settledScreenshot(page, `german-${name}`);

/** English texts of the screens that must not show in the German UI. */
const englishTexts = [
  'Log in',
  'E-mail address',
  'Password',
  'Create an account',
  'Invite user',
  'Members',
  'Pending invitations',
  'Status colours',
  'Your VPN access',
  'Request access',
  'Device settings',
  'User management',
  'Remote access',
  'Loading',
];

async function expectNoEnglish(page: Page) {
  const text = await page.locator('body').innerText();
  for (const english of englishTexts) expect(text, english).not.toContain(english);
}

const languageOf = (page: Page) => page.evaluate(() => document.documentElement.lang);

async function storedLanguage(user: SignedIn) {
  return (await callApi<MyUser>(world.server, user, 'GET', 'MyUser')).language;
}

describe('German UI', () => {
  for (const width of [1280, 600]) {
    it(`shows the login page in German for a German browser at ${width} px`, async () => {
      const { page, errors, close } = await openPage(world.server, world.browser, {
        locale: 'de-DE',
        width,
        route: '/login',
      });
      await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
      await page.getByLabel('E-Mail-Adresse').waitFor();
      await page.getByLabel('Passwort', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
      await page.getByText('Neu bei Fleetgate?').waitFor();
      expect(await languageOf(page)).toBe('de');
      await expectNoEnglish(page);
      // The form's own messages are German too.
      await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
      await page.getByText('Pflichtfeld').first().waitFor();
      await shot(page, `login-de-${width}`);
      await expectAccessible(page);
      // And the server's answers: a wrong password is said in German.
      await page.getByLabel('E-Mail-Adresse').fill(`niemand-${width}@example.com`);
      await page.getByLabel('Passwort', { exact: true }).fill('falsches Passwort');
      await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
      await page.getByText('E-Mail-Adresse oder Passwort ist falsch').waitFor();
      expect(errors).toEqual([]);
      await close();
    });

    it(`shows the users and devices screens in German at ${width} px`, async () => {
      const admin = await world.server.newAdministrator('Anna Admin');
      await callApi(world.server, admin, 'PATCH', 'MyUser', { language: 'de' });
      await callApi(world.server, admin, 'POST', 'UserInviteList', {
        emailAddress: `eingeladen-${width}@example.com`,
        role: {
          publicId: (await callApi<{ publicId: string }[]>(world.server, admin, 'GET', 'RoleList'))[0]!
            .publicId,
        },
      });
      await createDevice(world.server, admin, {
        name: `Presse ${width}`,
        vpnRequireAccessApproval: true,
        servers: [{ name: 'Presse HMI', host: '10.0.0.10', port: 80 }],
      });
      const { page, errors, close } = await openPage(world.server, world.browser, {
        locale: 'de-DE',
        user: admin,
        width,
        route: '/users',
      });
      await page.getByRole('heading', { level: 1, name: 'Benutzer' }).waitFor();
      await page.getByRole('button', { name: 'Benutzer einladen' }).waitFor();
      await page.getByText('Offene Einladungen').waitFor();
      await page.getByText('1 Mitglied', { exact: true }).waitFor();
      expect(await languageOf(page)).toBe('de');
      await expectNoEnglish(page);
      await shot(page, `users-de-${width}`);
      await expectAccessible(page);
      // A dialog and the account menu of the screen, German too.
      await page.getByRole('button', { name: 'Benutzer einladen' }).click();
      const inviteDialog = page.getByRole('dialog', { name: 'Benutzer einladen' });
      await inviteDialog.getByRole('button', { name: 'Einladung senden' }).waitFor();
      await shot(page, `users-invite-de-${width}`);
      await expectAccessible(page);
      await inviteDialog.getByRole('button', { name: 'Abbrechen' }).click();
      await inviteDialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /^Konto von/ }).click();
      await page.getByRole('menuitem', { name: 'Unternehmen wechseln' }).waitFor();
      await page.getByRole('menuitem', { name: 'Mein Profil' }).waitFor();
      await shot(page, `account-menu-de-${width}`);
      await page.keyboard.press('Escape');

      await page.goto(`${world.server.baseUrl}/devices`);
      await page.getByRole('heading', { level: 1, name: 'Geräte' }).waitFor();
      await page.getByRole('list', { name: 'Statusfarben' }).getByText('Aktive VPN-Sitzung').waitFor();
      await page.getByText(`Presse ${width}`).first().waitFor();
      await page.getByText('VPN-Genehmigung nötig').locator('visible=true').first().waitFor();
      await expectNoEnglish(page);
      await shot(page, `devices-de-${width}`);
      await expectAccessible(page);
      expect(errors).toEqual([]);
      await close();
    });
  }

  it('shows the request access dialog and its date picker in German', async () => {
    const admin = await world.server.newAdministrator('Emil Admin');
    const requester = await world.server.newMember(
      admin,
      ['agents.connect', 'accessRequests.use'],
      'Techniker',
    );
    await callApi(world.server, requester, 'PATCH', 'MyUser', { language: 'de' });
    const device = await createDevice(world.server, admin, {
      name: 'Abfüller',
      vpnLocked: true,
      servers: [{ name: 'Abfüller HMI', host: '10.0.1.10', port: 80 }],
    });
    const { page, errors, close } = await openPage(world.server, world.browser, {
      locale: 'de-DE',
      user: requester,
      route: '/devices',
    });
    await page.getByRole('button', { name: `Zugriff auf ${device.name} anfragen` }).click();
    const dialog = page.getByRole('dialog', { name: 'Zugriff anfragen' });
    await dialog.waitFor();
    await dialog.getByText('Genehmigende').first().waitFor();
    await dialog.getByRole('combobox', { name: /^Dauer/ }).waitFor();
    await dialog.getByRole('spinbutton', { name: 'Tag' }).waitFor();
    await dialog.getByRole('button', { name: /auswählen/i }).click();
    const minutes = page.getByRole('listbox', { name: /Minuten/i });
    await minutes.waitFor();
    await shot(page, 'request-access-de-1280');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await minutes.waitFor({ state: 'detached' });
    const text = await dialog.innerText();
    for (const english of ['Request access', 'Duration', 'Reason', 'Approvers', 'Cancel'])
      expect(text).not.toContain(english);
    expect(errors).toEqual([]);
    await close();
  });

  it('switches to English in my profile at once, and keeps it after a reload and on the server', async () => {
    const admin = await world.server.newAdministrator('Bernd Admin');
    const { page, errors, close } = await openPage(world.server, world.browser, {
      locale: 'de-DE',
      user: admin,
      route: '/users',
    });
    await page.getByRole('heading', { level: 1, name: 'Benutzer' }).waitFor();
    await page.getByRole('button', { name: /^Konto von/ }).click();
    await page.getByRole('menuitem', { name: 'Mein Profil' }).click();
    await page.waitForURL(/\/my-profile$/);
    await page.getByRole('heading', { level: 1, name: 'Mein Profil' }).waitFor();
    const group = page.getByRole('group', { name: 'Sprache' });
    await expect
      .poll(() =>
        group.getByRole('button', { name: 'Browser-Einstellung (Deutsch)' }).getAttribute('aria-pressed'),
      )
      .toBe('true');
    await shot(page, 'my-profile-de-1280');
    await expectAccessible(page);
    await page.setViewportSize({ width: 600, height: 900 });
    await shot(page, 'my-profile-de-600');
    await page.setViewportSize({ width: 1280, height: 900 });

    await group.getByRole('button', { name: 'English' }).click();
    // At once, without a reload.
    await page.getByRole('heading', { level: 1, name: 'My profile' }).waitFor();
    await page.getByText('Language saved').waitFor();
    expect(await languageOf(page)).toBe('en');
    expect(await storedLanguage(admin)).toBe('en');
    await expectAccessible(page);
    await shot(page, 'my-profile-en-1280');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My profile' }).waitFor();
    await page.getByRole('link', { name: 'Back' }).click();
    await page
      .getByRole('button', { name: 'Invite user' })
      .or(page.getByRole('heading', { level: 1 }))
      .first()
      .waitFor();
    await page.goto(`${world.server.baseUrl}/users`);
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    expect(await languageOf(page)).toBe('en');

    // Back to the browser's language: German again, at once.
    await page.goto(`${world.server.baseUrl}/my-profile`);
    await page
      .getByRole('group', { name: 'Language' })
      .getByRole('button', { name: 'Browser default (Deutsch)' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Mein Profil' }).waitFor();
    expect(await storedLanguage(admin)).toBeNull();
    expect(errors).toEqual([]);
    await close();
  });

  it("keeps a German user's UI German in an English browser, from logging in on", async () => {
    const admin = await world.server.newAdministrator('Clara Admin');
    await callApi(world.server, admin, 'PATCH', 'MyUser', { language: 'de' });
    const { page, errors, close } = await openPage(world.server, world.browser, {
      locale: 'en-US',
      route: '/login',
    });
    // Before login only the browser counts.
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await languageOf(page)).toBe('en');
    await page.getByLabel('E-mail address').fill(admin.account.emailAddress);
    await page.getByLabel('Password', { exact: true }).fill(admin.account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).waitFor();
    expect(await languageOf(page)).toBe('de');
    await page.goto(`${world.server.baseUrl}/devices`);
    await page.getByRole('heading', { level: 1, name: 'Geräte' }).waitFor();
    await expectNoEnglish(page);

    // Logging out returns to the browser's language.
    await page.getByRole('button', { name: /^Konto von/ }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await languageOf(page)).toBe('en');
    expect(errors).toEqual([]);
    await close();
  });

  it('opens a signed-in German user straight in German in an English browser, never English first', async () => {
    const admin = await world.server.newAdministrator('Dora Admin');
    await callApi(world.server, admin, 'PATCH', 'MyUser', { language: 'de' });
    const { page, errors, close } = await openPage(world.server, world.browser, {
      locale: 'en-US',
      user: admin,
      route: '/users',
    });
    await page.getByRole('heading', { level: 1, name: 'Benutzer' }).waitFor();
    await expectNoEnglish(page);
    // A reload starts in German from the first paint: no English heading ever shows.
    const headings: string[] = [];
    await page.exposeFunction('recordHeading', (text: string) => headings.push(text));
    await page.addInitScript(() => {
      new MutationObserver(() => {
        for (const h of document.querySelectorAll('h1'))
          (window as unknown as { recordHeading: (t: string) => void }).recordHeading(h.textContent ?? '');
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Benutzer' }).waitFor();
    expect(headings.filter((h) => h === 'Users')).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});
