import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.ts';
import { startShellServer, type ShellServer, type SignedIn } from './support/shell-server.ts';
import { expectAccessible } from './support/axe.ts';

let server: ShellServer;
let browser: Browser;
let admin: SignedIn;

beforeAll(async () => {
  server = await startShellServer();
  browser = await launchChromium();
  admin = await server.newAdministrator('Audra Admin');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function api(method: string, rel: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}/api/${rel}`, {
    method,
    headers: {
      'Api-Version': '2',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${admin.token.secretId}`,
      'Api-Company': admin.companyPublicId,
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return (await response.json()) as { data: { publicId: string } };
}

describe('audit trail', () => {
  it.each([1280, 600])('shows changes newest first with before and after at %i px', async (width) => {
    const role = await api('POST', 'RoleList', { name: `Inspector ${width}` });
    await api('PATCH', `Role/${role.data.publicId}`, { name: `Chief inspector ${width}` });
    const context = await server.signedInContext(browser, admin, { width, height: 800 });
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto(`${server.baseUrl}/audit-trail`);
    await page.getByRole('heading', { name: 'Audit trail' }).waitFor();
    const rows = page.getByRole('main').getByText(role.data.publicId);
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    // Newest first: the change comes before the creation.
    const firstRow = page.locator('main .MuiChip-label').first();
    expect(await firstRow.textContent()).toBe('Changed');

    await page.getByRole('button', { name: 'Details' }).first().click();
    await page.getByText(`"name": "Inspector ${width}"`).waitFor();
    await page.getByText(`"name": "Chief inspector ${width}"`).waitFor();
    await screenshot(page, `audit-trail-${width}`);
    await expectAccessible(page);

    await page.getByLabel('Action').click();
    await page.getByRole('option', { name: 'Created' }).click();
    await page.locator('main .MuiChip-label', { hasText: 'Changed' }).first().waitFor({ state: 'detached' });
    // The change's row leaves as the filtered page loads; wait for the filtered page itself before counting.
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('is closed to members without the audit-logs right', async () => {
    const member = await server.newMember(admin, ['roles.manage'], 'Nosy Member');
    const context = await server.signedInContext(browser, member, { width: 1280, height: 800 });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/audit-trail`);
    await page.getByText('Not allowed').first().waitFor();
    expect(await page.getByRole('link', { name: 'Audit trail' }).count()).toBe(0);
    await context.close();
  });
});
