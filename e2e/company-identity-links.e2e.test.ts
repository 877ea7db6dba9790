import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CompanyProperty, MenuItem } from '@fleetgate/contracts';
import { collectPageErrors, launchChromium, settledScreenshot as screenshot } from './support/browser.ts';
import { startShellServer, type ShellServer, type SignedIn } from './support/shell-server.ts';
import { expectAccessible } from './support/axe.ts';
import { snackbar } from './support/console.ts';

let server: ShellServer;
let browser: Browser;
let admin: SignedIn;
let operators: { publicId: string };

beforeAll(async () => {
  server = await startShellServer();
  browser = await launchChromium();
  admin = await server.newAdministrator('Ida Identity');
  await api('POST', 'CustomPropertyList', {
    name: 'Site code',
    key: 'siteCode',
    entity: 'company',
    type: 'text',
    required: true,
  });
  operators = await api<{ publicId: string }>('POST', 'AudienceList', { name: 'Operators' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function api<T>(method: string, rel: string, body?: unknown, as: SignedIn = admin): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api/${rel}`, {
    method,
    headers: {
      'Api-Version': '2',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${as.token.secretId}`,
      'Api-Company': as.companyPublicId,
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${rel}: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** Gives a member's membership an access category, as the users screen does. */
async function assignAudience(member: SignedIn, audience: { publicId: string }) {
  const memberships = await api<{ publicId: string }[]>(
    'GET',
    `UserMembershipList?filters=${encodeURIComponent(`eq(user.publicId,"${member.publicId}")`)}`,
  );
  await api('PATCH', `UserMembership/${memberships[0]!.publicId}`, {
    audience: { publicId: audience.publicId },
  });
}

async function openPage(
  user: SignedIn,
  width: number,
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await server.signedInContext(browser, user, { width, height: 900 });
  const page = await context.newPage();
  return { page, context, errors: collectPageErrors(page) };
}

async function openMenu(page: Page, width: number) {
  if (width < 960) await page.getByRole('banner').getByRole('button', { name: 'Toggle menu' }).click();
}

describe('company properties and menu links on /identity', () => {
  it.each([1280, 600])('sets a property and adds a menu link at %i px', async (width) => {
    const { page, context, errors } = await openPage(admin, width);
    await page.goto(`${server.baseUrl}/identity`);
    await page.getByRole('heading', { level: 1, name: 'Identity' }).waitFor();
    // Branding stays the first tab; the others are named in the URL.
    expect(await page.getByRole('tab', { name: 'Branding' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'Properties' }).click();
    await page.waitForURL(/[?&]tab=properties/);

    const site = page.getByRole('textbox', { name: 'Site code' });
    const notes = page.getByRole('textbox', { name: 'VPN release notes address' });
    await site.fill(`HH-${width}`);
    await notes.fill('http://releases.example.com/notes.json');
    await page.getByText('Enter an https address, e.g. https://example.com/releases.json').waitFor();
    await notes.fill(`https://releases.example.com/${width}.json`);
    await page.getByRole('button', { name: 'Save properties' }).click();
    await snackbar(page, 'Properties saved').waitFor();
    await screenshot(page, `identity-properties-${width}`);
    await expectAccessible(page);
    const stored = await api<CompanyProperty[]>('GET', 'MyCompanyCustomPropertyList');
    expect(Object.fromEntries(stored.map((p) => [p.key, p.value]))).toEqual({
      siteCode: `HH-${width}`,
      'custom.glbVpnClientReleaseNotesUrl': `https://releases.example.com/${width}.json`,
    });

    await page.getByRole('tab', { name: 'Menu links' }).click();
    await page.waitForURL(/[?&]tab=links/);
    await page.getByRole('button', { name: 'Add link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add menu link' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`Wiki ${width}`);
    await dialog.getByRole('textbox', { name: 'Address' }).fill('http://wiki.example.com');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Enter an https address, e.g. https://wiki.example.com').waitFor();
    await dialog.getByRole('textbox', { name: 'Address' }).fill(`https://wiki.example.com/${width}`);
    await dialog.getByRole('combobox', { name: 'Icon' }).click();
    await page.getByRole('option', { name: 'Book' }).click();
    await dialog.getByRole('combobox', { name: 'Shown to' }).click();
    await page.getByRole('option', { name: 'Operators' }).click();
    await screenshot(page, `identity-link-dialog-${width}`);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await snackbar(page, 'Link added').waitFor();
    await page.getByRole('list', { name: 'Menu links' }).getByText(`Wiki ${width}`).waitFor();
    await screenshot(page, `identity-links-${width}`);
    await expectAccessible(page);
    const links = await api<MenuItem[]>('GET', 'MenuItemList?all=true');
    expect(links.find((link) => link.name === `Wiki ${width}`)).toMatchObject({
      url: `https://wiki.example.com/${width}`,
      icon: 'book',
      audience: { publicId: operators.publicId, name: 'Operators' },
    });
    expect(errors).toEqual([]);
    await context.close();
    // Back to the server's own release document: pages that read releases.example.com would
    // break the next tests on the page's Content-Security-Policy.
    await api('PATCH', `Company/${admin.companyPublicId}`, { custom: { glbVpnClientReleaseNotesUrl: null } });
  });

  it('reorders links by dragging and deletes one after confirming', async () => {
    await api('POST', 'MenuItemList', [
      { name: 'Handbook', url: 'https://handbook.example.com' },
      { name: 'Obsolete', url: 'https://old.example.com' },
    ]);
    const { page, context, errors } = await openPage(admin, 1280);
    await page.goto(`${server.baseUrl}/identity?tab=links`);
    const list = page.getByRole('list', { name: 'Menu links' });
    await list.getByText('Handbook', { exact: true }).waitFor();
    const names = async () =>
      await list.getByRole('listitem').locator('.MuiListItemText-primary').allInnerTexts();
    const before = await names();
    expect(before.at(-2)).toBe('Handbook');

    // Handbook is dragged by its handle onto the first link's place.
    const from = (await page.getByRole('button', { name: 'Move Handbook' }).boundingBox())!;
    const to = (await page.getByRole('button', { name: `Move ${before[0]!}` }).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 8, { steps: 12 });
    await page.mouse.up();
    await snackbar(page, 'Order saved').waitFor();
    await expect.poll(names).toEqual(['Handbook', ...before.filter((name) => name !== 'Handbook')]);
    const stored = await api<MenuItem[]>('GET', 'MenuItemList?all=true');
    expect(stored.map((item) => item.name)).toEqual([
      'Handbook',
      ...before.filter((name) => name !== 'Handbook'),
    ]);
    expect(stored.map((item) => item.order)).toEqual(stored.map((_, i) => i * 1000));

    await page.getByRole('button', { name: 'Delete Obsolete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete menu link?' });
    await confirm.getByText('“Obsolete” will no longer show in the menu.').waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await snackbar(page, 'Link deleted').waitFor();
    await list.getByText('Obsolete', { exact: true }).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([1280, 600])(
    'shows a link to the members of its access category only, opening in a new tab, at %i px',
    async (width) => {
      await api('POST', 'MenuItemList', [
        {
          name: `Shift plan ${width}`,
          url: `https://shifts.example.com/${width}`,
          icon: 'dashboard',
          audience: { publicId: operators.publicId },
        },
      ]);
      const operator = await server.newMember(admin, [], 'Otto Operator');
      await assignAudience(operator, operators);
      const other = await server.newMember(admin, [], 'Olga Office');

      const { page, context, errors } = await openPage(operator, width);
      // The link's address answers here, so the new tab has a page to show.
      await context.route('https://shifts.example.com/**', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<title>Shift plan</title><h1>Shift plan</h1>',
        }),
      );
      await page.goto(`${server.baseUrl}/`);
      await openMenu(page, width);
      const links = page.getByRole('navigation', { name: 'Company links' });
      const link = links.getByRole('link', { name: `Shift plan ${width} (opens in a new tab)` });
      await link.waitFor();
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await link.getAttribute('href')).toBe(`https://shifts.example.com/${width}`);
      // Links meant for every member show as well.
      await links.getByRole('link', { name: 'Handbook (opens in a new tab)' }).waitFor();
      await screenshot(page, `menu-links-operator-${width}`);
      await expectAccessible(page);
      const [opened] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await opened.waitForURL(`https://shifts.example.com/${width}`);
      expect(page.url()).toContain(server.baseUrl);
      expect(errors).toEqual([]);
      await context.close();

      const office = await openPage(other, width);
      await office.page.goto(`${server.baseUrl}/`);
      await openMenu(office.page, width);
      const otherLinks = office.page.getByRole('navigation', { name: 'Company links' });
      await otherLinks.getByRole('link', { name: 'Handbook (opens in a new tab)' }).waitFor();
      expect(await otherLinks.getByRole('link', { name: /Shift plan/ }).count()).toBe(0);
      await screenshot(office.page, `menu-links-office-${width}`);
      expect(office.errors).toEqual([]);
      await office.context.close();
    },
  );
});
