import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { callApi } from './support/api.ts';
import { expectAccessible } from './support/axe.ts';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.ts';
import { startShellServer, type ShellServer, type SignedIn } from './support/shell-server.ts';

const helpCentreUrl = 'https://help.fleetgate.example/';

let server: ShellServer;
let browser: Browser;
let admin: SignedIn;
/** Few rights: roles (which include access categories) and custom fields. */
let member: SignedIn;
/** No management right and no device right: nothing to lead home to. */
let engineer: SignedIn;

beforeAll(async () => {
  server = await startShellServer({ HELP_CENTRE_URL: helpCentreUrl });
  browser = await launchChromium();
  admin = await server.newAdministrator('Ada Admin');
  member = await server.newMember(admin, ['roles.manage', 'customFields.manage'], 'Max Member');
  engineer = await server.newMember(admin, ['helpCentre.use'], 'Eve Engineer');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(user: SignedIn, width = 1280) {
  const context = await server.signedInContext(browser, user, { width, height: 800 });
  const page = await context.newPage();
  return { context, page, errors: collectPageErrors(page) };
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
/** An aside beside the content; a modal dialog when it overlays the content. */
const sidePanel = (page: Page) => page.locator('#side-panel[aria-label="Side panel"]');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** The menu as shown: each section with its link labels and targets. */
async function menuOf(page: Page): Promise<Record<string, string[]>> {
  await nav(page).waitFor();
  const menu: Record<string, string[]> = {};
  for (const section of await nav(page).locator(':scope > ul > li').all()) {
    const title = (await section.locator(':scope > [aria-expanded]').textContent())?.trim() ?? '';
    const links = await section.getByRole('link').all();
    menu[title] = await Promise.all(
      links.map(async (link) => `${(await link.textContent())?.trim()} ${await link.getAttribute('href')}`),
    );
  }
  return menu;
}

/** Runs in the page; the e2e project is typed for Node, so the page's globals are reached this way. */
const scrollY = (page: Page) => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);

async function waitForShell(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Fleetgate home' }).waitFor();
}

describe('menu and routes', () => {
  it('shows an administrator every link and a member only those of its rights', async () => {
    const { page, context, errors } = await open(admin);
    await page.goto(`${server.baseUrl}/messages`);
    expect(await menuOf(page)).toEqual({
      'Remote access': ['Devices /devices', 'Dashboards /pages', 'Access requests /access-requests'],
      'User management': [
        'Users /users',
        'Groups /groups',
        'Roles /roles',
        'Access categories /access-categories',
      ],
      Company: [
        'Identity /identity',
        'Translations /translations',
        'Data usage /usage',
        'Audit trail /audit-trail',
        'Sign-in security /sign-in-security',
        'Licences /licenses',
        'Apps /apps',
        'Webhooks /webhooks',
      ],
      'Device settings': [
        'Assets /assets',
        'Custom fields /custom-fields',
        'MQTT /mqtt',
        'Backend components /backend-components',
        'Agents /agents',
      ],
    });
    await screenshot(page, 'shell-menu-admin-1280');
    await expectAccessible(page);
    await context.close();

    const limited = await open(member);
    await limited.page.goto(`${server.baseUrl}/messages`);
    expect(await menuOf(limited.page)).toEqual({
      'User management': ['Roles /roles', 'Access categories /access-categories'],
      // The company's sign-in rules are part of managing roles (who may do what, and how they sign in).
      Company: ['Sign-in security /sign-in-security'],
      'Device settings': ['Custom fields /custom-fields'],
    });
    await screenshot(limited.page, 'shell-menu-member-1280');
    await expectAccessible(limited.page);

    // A route the role does not allow redirects to the not-allowed page (console spec), replacing
    // the refused URL in the history.
    await limited.page.goto(`${server.baseUrl}/users`);
    await limited.page.waitForURL(`${server.baseUrl}/error/not-allowed`);
    await limited.page.getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor();
    await limited.page.getByRole('link', { name: 'Switch company' }).waitFor();
    await expectAccessible(limited.page);
    await screenshot(limited.page, 'shell-route-not-allowed-1280');
    await expectAccessible(limited.page);
    await limited.page.goBack();
    await limited.page.waitForURL(`${server.baseUrl}/messages`);
    expect([...errors, ...limited.errors]).toEqual([]);
    await limited.context.close();
  });

  it('collapses and expands sections, and opens the section of the current URL by itself', async () => {
    const { page, context, errors } = await open(admin);
    await page.goto(`${server.baseUrl}/messages`);
    const section = nav(page).getByRole('button', { name: 'User management' });
    const users = nav(page).getByRole('link', { name: 'Users' });
    await users.waitFor();
    await section.click();
    expect(await section.getAttribute('aria-expanded')).toBe('false');
    await users.waitFor({ state: 'hidden' });
    await section.click();
    await users.waitFor();
    await section.click();
    await users.waitFor({ state: 'hidden' });

    // Home leads to /users, which is in the collapsed section: it opens again.
    await page.getByRole('link', { name: 'Fleetgate home' }).click();
    await page.waitForURL(`${server.baseUrl}/users`);
    await users.waitFor();
    expect(await section.getAttribute('aria-expanded')).toBe('true');
    expect(await users.getAttribute('class')).toContain('active');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leads home to the first permitted screen in the spec order', async () => {
    for (const [user, target] of [
      [admin, '/users'],
      [member, '/roles'],
    ] as const) {
      const { page, context, errors } = await open(user);
      await page.goto(`${server.baseUrl}/`);
      await page.waitForURL(`${server.baseUrl}${target}`);
      // Unknown paths go to the root, and so to the same screen.
      await page.goto(`${server.baseUrl}/no/such/page`);
      await page.waitForURL(`${server.baseUrl}${target}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('shows a user without management rights "Not allowed" at home, with its actions', async () => {
    for (const width of [1280, 600]) {
      const { page, context, errors } = await open(engineer, width);
      await page.goto(`${server.baseUrl}/`);
      await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
      expect(pathOf(page)).toBe('/');
      await page.getByRole('link', { name: 'Go to portal' }).waitFor();
      await page.getByRole('main').getByRole('link', { name: 'Switch company' }).waitFor();
      await page.getByRole('main').getByRole('link', { name: 'Log out' }).waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, `shell-home-not-allowed-${width}`);
      await expectAccessible(page);
      if (width === 1280) {
        await sidePanel(page).getByText('Your role gives you no management areas').waitFor();
        await page.getByRole('main').getByRole('link', { name: 'Switch company' }).click();
        await page.waitForURL(`${server.baseUrl}/my-companies`);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('menu items with children', () => {
  /**
   * Whether the locator lies wholly inside the 1280×800 window and the side panel, so nobody has
   * to scroll to see it (children opened low in the menu are scrolled into view by the menu).
   */
  async function shownWithoutScrolling(page: Page, locator: Locator) {
    const box = await locator.boundingBox();
    const panel = await sidePanel(page).boundingBox();
    return (
      box !== null &&
      panel !== null &&
      box.y >= Math.max(0, panel.y) &&
      box.y + box.height <= Math.min(800, panel.y + panel.height)
    );
  }

  it('shows group and asset types under their items at 1280×800, open only below their link', async () => {
    const [site] = await Promise.all(
      ['Site', 'Line', 'Cell'].map((name) =>
        callApi<{ publicId: string }>(server, admin, 'POST', 'GroupTypeList', { name, color: '#1e88e5' }),
      ),
    );
    const [plc] = await Promise.all(
      ['PLC', 'HMI', 'Drive'].map((name) =>
        callApi<{ publicId: string }>(server, admin, 'POST', 'AssetTypeList', { name }),
      ),
    );
    const { page, context, errors } = await open(admin, 1280);
    const groupTypes = page.getByRole('region', { name: 'Group types' });
    const assetTypes = page.getByRole('region', { name: 'Asset types' });
    const groupsToggle = nav(page).getByRole('button', { name: 'Show or hide what is under Groups' });

    // Elsewhere both are collapsed.
    await page.goto(`${server.baseUrl}/messages`);
    await groupsToggle.waitFor();
    expect(await groupsToggle.getAttribute('aria-expanded')).toBe('false');
    expect(await groupTypes.count()).toBe(0);
    expect(await assetTypes.count()).toBe(0);

    // On a group type's page the group types open under Groups, all in view without scrolling.
    await page.goto(`${server.baseUrl}/groups/type/${site!.publicId}`);
    const groupList = groupTypes.getByRole('list', { name: 'Group types' });
    await groupList.getByRole('link', { name: 'Cell' }).waitFor();
    expect(await groupsToggle.getAttribute('aria-expanded')).toBe('true');
    expect(await groupList.getByRole('link').allInnerTexts()).toEqual(['Site', 'Line', 'Cell']);
    expect(await groupList.getByRole('link', { name: 'Site' }).getAttribute('class')).toContain('active');
    await page.waitForTimeout(400);
    expect(await shownWithoutScrolling(page, groupTypes)).toBe(true);
    expect(await assetTypes.count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'shell-menu-group-types-1280');

    // Moving to the assets: the asset types open, the group types close.
    await nav(page).getByRole('link', { name: 'Assets', exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/assets`);
    await assetTypes.getByRole('link', { name: 'Drive' }).waitFor();
    await groupTypes.waitFor({ state: 'detached' });
    await assetTypes.getByRole('link', { name: 'PLC' }).click();
    await page.waitForURL(`${server.baseUrl}/assets/${plc!.publicId}`);
    await page.waitForTimeout(400);
    expect(await shownWithoutScrolling(page, assetTypes)).toBe(true);
    await screenshot(page, 'shell-menu-asset-types-1280');

    // Anywhere else both close; opening one by hand lasts until the URL changes.
    await nav(page).getByRole('link', { name: 'Roles' }).click();
    await page.waitForURL(`${server.baseUrl}/roles`);
    await assetTypes.waitFor({ state: 'detached' });
    expect(await groupTypes.count()).toBe(0);
    await groupsToggle.click();
    await groupTypes.getByRole('link', { name: 'Line' }).waitFor();
    expect(await groupsToggle.getAttribute('aria-expanded')).toBe('true');
    await nav(page).getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(`${server.baseUrl}/users`);
    await groupTypes.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('one look on every screen', () => {
  const shellScreens = [
    '/devices',
    '/access-requests',
    '/users',
    '/groups',
    '/roles',
    '/access-categories',
    '/audit-trail',
    '/assets',
    '/custom-fields',
    '/mqtt',
    '/agents',
    '/messages',
  ];

  let headerDevice: Promise<{ publicId: string }> | undefined;
  for (const width of [1280, 600]) {
    it(`gives every screen the same page header, its title at one size, at ${width} px`, async () => {
      headerDevice ??= callApi<{ publicId: string }>(server, admin, 'POST', 'AgentList', {
        name: 'Header gateway',
      });
      const device = await headerDevice;
      const { page, context, errors } = await open(admin, width);
      const sizes: Record<string, string> = {};
      for (const path of [...shellScreens, `/devices/${device.publicId}`]) {
        await page.goto(`${server.baseUrl}${path}`);
        const title = page.getByRole('main').getByRole('heading', { level: 1 });
        await title.waitFor();
        sizes[path] = await title.evaluate((heading) => getComputedStyle(heading).fontSize);
        if (width === 1280) await expectAccessible(page);
      }
      expect(new Set(Object.values(sizes)), JSON.stringify(sizes)).toEqual(new Set(['24px']));
      await screenshot(page, `shell-page-header-device-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }, 240_000);
  }

  it("shows dates and times in the user's locale, one format on every screen", async () => {
    const owner = await server.newAdministrator('Greta Locale');
    await callApi(server, owner, 'POST', 'GroupTypeList', { name: 'Works', color: '#1e88e5' });
    await server.sendMessage(owner.publicId, 'Shift change', 'Line 2 stops at noon');
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-GB',
      timezoneId: 'Europe/Berlin',
      storageState: {
        cookies: [],
        origins: [
          {
            origin: server.baseUrl,
            localStorage: [
              { name: 'fleetgate.session', value: JSON.stringify(owner.token) },
              { name: 'fleetgate.company', value: JSON.stringify(owner.companyPublicId) },
            ],
          },
        ],
      },
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const british = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Europe/Berlin',
    });
    // "23 Nov 2026, 17:16": the day before the month, 24-hour time, no seconds, no zone.
    const shape = /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/;

    await page.goto(`${server.baseUrl}/messages`);
    const sent = page.getByRole('main').locator('time').first();
    await sent.waitFor();
    const sentAt = (await sent.getAttribute('datetime')) ?? '';
    expect(await sent.innerText()).toBe(british.format(new Date(sentAt)));
    expect(await sent.innerText()).toMatch(shape);
    await screenshot(page, 'shell-date-format-messages-1280');

    const [entry] = await callApi<{ createdAt: string }[]>(server, owner, 'GET', 'AuditLogList?page-size=1');
    await page.goto(`${server.baseUrl}/audit-trail`);
    await page
      .getByText(british.format(new Date(entry!.createdAt)), { exact: false })
      .first()
      .waitFor();
    expect(await page.getByRole('main').innerText()).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}|[AP]M\b/);
    await screenshot(page, 'shell-date-format-audit-trail-1280');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('drawers', () => {
  it('keeps the menu beside the content on wide screens and remembers whether it is open', async () => {
    const { page, context, errors } = await open(admin, 1280);
    await page.goto(`${server.baseUrl}/messages`);
    await sidePanel(page).waitFor();
    const main = page.getByRole('main');
    expect((await sidePanel(page).boundingBox())?.width).toBe(280);
    expect((await main.boundingBox())?.x).toBe(280);

    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    await toggle.click();
    await sidePanel(page).waitFor({ state: 'hidden' });
    await page.waitForTimeout(400);
    expect((await main.boundingBox())?.x).toBe(0);
    await screenshot(page, 'shell-drawer-closed-1280');
    await expectAccessible(page);

    await page.reload();
    await waitForShell(page);
    await page.waitForTimeout(400);
    expect(await sidePanel(page).isVisible()).toBe(false);
    await toggle.click();
    await sidePanel(page).waitFor();
    await page.reload();
    await sidePanel(page).waitFor();
    // Navigating on a wide screen leaves it open.
    await nav(page).getByRole('link', { name: 'Roles' }).click();
    await page.waitForURL(`${server.baseUrl}/roles`);
    await page.waitForTimeout(400);
    expect(await sidePanel(page).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('overlays the menu on small screens and closes it on navigation', async () => {
    const { page, context, errors } = await open(member, 600);
    await page.goto(`${server.baseUrl}/messages`);
    await waitForShell(page);
    await page.waitForTimeout(400);
    expect(await sidePanel(page).isVisible()).toBe(false);
    // By tag: while the overlay is open the rest of the page is hidden from assistive technology.
    const main = page.locator('main');
    expect((await main.boundingBox())?.x).toBe(0);

    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await sidePanel(page).waitFor();
    await page.waitForTimeout(400);
    // Over the content, not beside it.
    expect((await main.boundingBox())?.x).toBe(0);
    expect((await sidePanel(page).boundingBox())?.width).toBe(280);
    await screenshot(page, 'shell-drawer-overlay-600');
    await expectAccessible(page);

    await nav(page).getByRole('link', { name: 'Roles' }).click();
    await page.waitForURL(`${server.baseUrl}/roles`);
    await sidePanel(page).waitFor({ state: 'hidden' });
    await page.waitForTimeout(300);
    await screenshot(page, 'shell-roles-600');
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('top bar', () => {
  it('shows the search only where the screen has a search scope and keeps its text per scope', async () => {
    const { page, context, errors } = await open(admin, 1280);
    await page.goto(`${server.baseUrl}/messages`);
    await waitForShell(page);
    const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search' });
    expect(await search.count()).toBe(0);

    await nav(page).getByRole('link', { name: 'Groups' }).click();
    await search.waitFor();
    await search.fill('north');
    await screenshot(page, 'shell-search-1280');
    await expectAccessible(page);
    await nav(page).getByRole('link', { name: 'Assets' }).click();
    await page.waitForURL(`${server.baseUrl}/assets`);
    // Another scope, another text.
    await expect.poll(() => search.inputValue()).toBe('');
    await nav(page).getByRole('link', { name: 'Roles' }).click();
    await page.waitForURL(`${server.baseUrl}/roles`);
    await search.waitFor({ state: 'detached' });
    await nav(page).getByRole('link', { name: 'Groups' }).click();
    await expect.poll(() => search.inputValue()).toBe('north');
    await search.press('Escape');
    await expect.poll(() => search.inputValue()).toBe('');

    await page.setViewportSize({ width: 600, height: 800 });
    await search.fill('north');
    await page.waitForTimeout(300);
    await screenshot(page, 'shell-search-600');
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers help only with a help-centre URL and the help right', async () => {
    const withHelp = await open(engineer);
    await withHelp.page.goto(`${server.baseUrl}/messages`);
    // It opens the help centre in a panel (e2e/help-centre.e2e.test.ts follows it further).
    const help = withHelp.page.getByRole('banner').getByRole('button', { name: 'Help', exact: true });
    await help.waitFor();
    expect(await help.getAttribute('aria-expanded')).toBe('false');
    await withHelp.context.close();

    const withoutRight = await open(member);
    await withoutRight.page.goto(`${server.baseUrl}/messages`);
    await waitForShell(withoutRight.page);
    await withoutRight.page.getByRole('link', { name: /^Messages/ }).waitFor();
    expect(await withoutRight.page.getByRole('button', { name: 'Help', exact: true }).count()).toBe(0);
    expect([...withHelp.errors, ...withoutRight.errors]).toEqual([]);
    await withoutRight.context.close();

    // An installation without a help centre shows no help button even to administrators.
    const bare = await startShellServer();
    try {
      const bareAdmin = await bare.newAdministrator();
      const context = await bare.signedInContext(browser, bareAdmin);
      const page = await context.newPage();
      await page.goto(`${bare.baseUrl}/messages`);
      await page.getByRole('link', { name: /^Messages/ }).waitFor();
      await page.waitForFunction(() =>
        (globalThis as unknown as { localStorage: Storage }).localStorage.getItem('fleetgate.clientConfig'),
      );
      expect(await page.getByRole('button', { name: 'Help', exact: true }).count()).toBe(0);
      await context.close();
    } finally {
      await bare.stop();
    }
  });

  it('has an apps menu, an account menu with a letter avatar, and tooltips after 1500 ms', async () => {
    const { page, context, errors } = await open(admin, 1280);
    await page.goto(`${server.baseUrl}/messages`);
    await waitForShell(page);

    const account = page.getByRole('button', { name: 'Account' });
    const words = admin.account.name.split(' ');
    expect(await account.textContent()).toBe(`${words[0]![0]}${words.at(-1)![0]}`.toUpperCase());

    await page.getByRole('button', { name: 'Apps' }).click();
    const consoleEntry = page.getByRole('menuitem', { name: /Console/ });
    await consoleEntry.waitFor();
    expect(await page.getByRole('menuitem').count()).toBe(1);
    await page.waitForTimeout(300);
    await screenshot(page, 'shell-apps-menu-1280');
    await expectAccessible(page);
    await consoleEntry.click();
    await page.waitForURL(`${server.baseUrl}/users`);

    await account.click();
    await page.getByRole('menuitem', { name: 'Switch company' }).waitFor();
    await page.getByRole('menu').getByText(admin.account.emailAddress).waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'shell-account-menu-1280');
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    const mail = page.getByRole('link', { name: /^Messages/ });
    await mail.hover();
    await page.waitForTimeout(1000);
    expect(await page.getByRole('tooltip').count()).toBe(0);
    await page.getByRole('tooltip', { name: 'Messages' }).waitFor({ timeout: 2000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the account menu and its button without motion when the system asks for less', async () => {
    /** The transitions and animations that started in the page since the last call. */
    const motionsSince = (page: Page) =>
      page.evaluate(() => {
        const seen = globalThis as unknown as { motions?: string[] };
        const motions = seen.motions ?? [];
        seen.motions = [];
        return motions;
      });
    const motionsOfOpening = async (reducedMotion: 'reduce' | 'no-preference') => {
      const { page, context, errors } = await open(admin, 1280);
      await page.emulateMedia({ reducedMotion });
      await page.addInitScript(() => {
        const seen = globalThis as unknown as { motions: string[] };
        seen.motions = [];
        for (const type of ['transitionstart', 'animationstart'])
          document.addEventListener(type, (event) => seen.motions.push(event.type), true);
      });
      await page.goto(`${server.baseUrl}/messages`);
      await waitForShell(page);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await motionsSince(page);
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('menuitem', { name: 'Switch company' }).waitFor();
      // Whatever moves has started by now: the menu grows and fades in for about 200 ms.
      await page.waitForTimeout(300);
      const motions = await motionsSince(page);
      expect(errors).toEqual([]);
      await context.close();
      return motions;
    };
    // The menu grows in and the click ripples...
    expect(await motionsOfOpening('no-preference')).toEqual(
      expect.arrayContaining(['transitionstart', 'animationstart']),
    );
    // ...unless the system asks for reduced motion.
    expect(await motionsOfOpening('reduce')).toEqual([]);
  });
});

describe('messages', () => {
  it('counts unread messages, lists them newest first and marks them read when shown', async () => {
    const reader = await server.newAdministrator('Rita Reader');
    const other = await server.newAdministrator('Otto Other');
    for (let i = 1; i <= 30; i += 1) {
      await server.sendMessage(reader.publicId, `Maintenance window ${i}`, `Line one of ${i}\nLine two`);
    }
    await server.sendMessage(other.publicId, 'Not for Rita', 'Private');

    for (const width of [1280, 600]) {
      if (width === 600) await server.sendMessage(reader.publicId, 'One more', 'Sent later');
      const { page, context, errors } = await open(reader, width);
      await page.goto(`${server.baseUrl}/roles`);
      const unread = width === 1280 ? 30 : 1;
      const mail = page.getByRole('link', { name: `Messages, ${unread} unread` });
      await mail.waitFor();
      expect(await mail.textContent()).toBe(String(unread));
      await mail.click();
      await page.waitForURL(`${server.baseUrl}/messages`);

      const articles = page.getByRole('article');
      await articles.first().waitFor();
      if (width === 1280) {
        expect(await articles.count()).toBe(25);
        expect(await articles.first().getByRole('heading').textContent()).toBe('Maintenance window 30');
        expect(await page.getByText('New', { exact: true }).count()).toBe(25);
        // The 25 shown are read now; 5 older ones are not shown yet.
        await page.getByRole('link', { name: 'Messages, 5 unread' }).waitFor();
        await page.waitForTimeout(300);
        await screenshot(page, 'shell-messages-1280');
        await expectAccessible(page);

        await page.getByRole('button', { name: 'Show older messages' }).click();
        await articles.nth(29).waitFor();
        expect(await articles.nth(29).getByRole('heading').textContent()).toBe('Maintenance window 1');
        await page.getByRole('link', { name: 'Messages', exact: true }).waitFor();
        expect(await page.getByRole('button', { name: 'Show older messages' }).count()).toBe(0);
        expect(await page.getByText('Not for Rita').count()).toBe(0);

        // Scroll position is kept for this screen when coming back to it.
        await page.mouse.wheel(0, 900);
        await page.waitForTimeout(500);
        const scrolledTo = await scrollY(page);
        expect(scrolledTo).toBeGreaterThan(500);
        await page.getByRole('link', { name: 'Fleetgate home' }).click();
        await page.waitForURL(`${server.baseUrl}/users`);
        expect(await scrollY(page)).toBe(0);
        await page.getByRole('link', { name: 'Messages', exact: true }).click();
        await page.waitForURL(`${server.baseUrl}/messages`);
        await page.waitForFunction(
          (before) => Math.abs((globalThis as unknown as { scrollY: number }).scrollY - before) < 5,
          scrolledTo,
        );
      } else {
        expect(await articles.first().getByRole('heading').textContent()).toBe('One more');
        expect(await page.getByText('New', { exact: true }).count()).toBe(1);
        await page.getByRole('link', { name: 'Messages', exact: true }).waitFor();
        await page.waitForTimeout(300);
        await screenshot(page, 'shell-messages-600');
        await expectAccessible(page);
        // Shown once, read for good.
        await page.reload();
        await articles.first().waitFor();
        expect(await page.getByText('New', { exact: true }).count()).toBe(0);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
