import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { registerThroughApi, uniqueAccount } from './support/accounts.ts';
import { launchChromium, settledScreenshot } from './support/browser.ts';
import {
  joinByInvitation,
  logIn,
  newCompanyAdmin,
  newConsolePage,
  sessionApi,
  shownForMs,
  snackbar,
  type ApiSession,
} from './support/console.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { expectAccessible } from './support/axe.ts';

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

const api = (method: string, rel: string, session: Partial<ApiSession>, body?: unknown) =>
  sessionApi(server.baseUrl, method, rel, session, body);

/** A registered user who accepted an invitation with `rolePublicId`; returns the membership's publicId. */
async function addMember(session: ApiSession, rolePublicId: string, label = 'Member') {
  const member = uniqueAccount(label);
  await registerThroughApi(server.baseUrl, member);
  const membershipPublicId = await joinByInvitation(server.baseUrl, session, member, rolePublicId);
  return { member, membershipPublicId };
}

function row(page: Page, list: string, name: string): Locator {
  return page.getByRole('list', { name: list }).getByRole('listitem', { name, exact: true });
}

describe.each([1280, 600])('roles and access categories at %i px', (width) => {
  it('shows the Administrator read-only, adds, edits and deletes roles, refusing one in use', async () => {
    const admin = await newCompanyAdmin(server.baseUrl, 'Roles');
    const inUse = (await api('POST', 'RoleList', admin.session, {
      name: 'Operator',
      capabilities: ['agents.connect'],
    })) as { publicId: string };
    await addMember(admin.session, inUse.publicId);

    const { page, errors } = await newConsolePage(browser, width);
    await logIn(page, server.baseUrl, admin.account);
    await page.goto(`${server.baseUrl}/roles`);
    await page.getByRole('heading', { name: 'Roles', level: 1 }).waitFor();
    const administrator = row(page, 'Roles', 'Administrator');
    await administrator.getByText('All rights').waitFor();
    expect(await administrator.getByRole('button', { name: 'Delete Administrator' }).count()).toBe(0);
    await settledScreenshot(page, `roles-list-${width}`);
    await expectAccessible(page);

    await administrator.getByRole('button', { name: 'View Administrator' }).click();
    const view = page.getByRole('dialog', { name: 'Administrator role' });
    await view.getByText('always holds every right').waitFor();
    expect(await view.getByLabel('Name').isDisabled()).toBe(true);
    const manageUsers = view.getByRole('checkbox', { name: 'Invite and manage users' });
    expect(await manageUsers.isChecked()).toBe(true);
    expect(await manageUsers.isDisabled()).toBe(true);
    await settledScreenshot(page, `roles-administrator-${width}`);
    await expectAccessible(page);
    await view.getByRole('button', { name: 'Close' }).click();
    await view.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add role' }).click();
    const add = page.getByRole('dialog', { name: 'Add a role' });
    const submit = add.getByRole('button', { name: 'Add role' });
    expect(await submit.isDisabled()).toBe(true);
    await add.getByLabel('Name').fill('Auditor');
    await add.getByRole('checkbox', { name: 'Read the audit trail' }).check();
    await add.getByRole('checkbox', { name: 'Use: Select all' }).check();
    await add.getByRole('checkbox', { name: 'Manage groups', exact: true }).check();
    expect(await add.getByRole('checkbox', { name: 'Manage: Select all' }).isChecked()).toBe(false);
    await settledScreenshot(page, `roles-editor-${width}`);
    await expectAccessible(page);
    await submit.click();
    await snackbar(page, 'Role Auditor was added').waitFor();
    const auditor = row(page, 'Roles', 'Auditor');
    await auditor.getByText('9 rights').waitFor();

    await auditor.getByRole('button', { name: 'Edit Auditor' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit role' });
    const save = edit.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await edit.getByRole('checkbox', { name: 'Manage groups', exact: true }).uncheck();
    await edit.getByLabel('Name').fill('Operator');
    await save.click();
    await edit.getByText('This name is already in use').waitFor();
    await settledScreenshot(page, `roles-editor-name-in-use-${width}`);
    await expectAccessible(page);
    await edit.getByLabel('Name').fill('Auditor 2');
    await save.click();
    await snackbar(page, 'Role Auditor 2 was saved').waitFor();
    await row(page, 'Roles', 'Auditor 2').getByText('8 rights').waitFor();
    const stored = (await api('GET', 'RoleList', admin.session)) as {
      name: string;
      capabilities: string[];
    }[];
    expect(stored.find((r) => r.name === 'Auditor 2')?.capabilities.sort()).toEqual([
      'accessRequests.use',
      'agents.connect',
      'agents.remoteControl',
      'alarms.acknowledge',
      'auditLogs.use',
      'dataUsage.use',
      'helpCentre.use',
      'reports.use',
    ]);

    await row(page, 'Roles', 'Operator').getByRole('button', { name: 'Delete Operator' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Operator?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await snackbar(page, 'This role is still in use').waitFor();
    await settledScreenshot(page, `roles-in-use-${width}`);
    await expectAccessible(page);
    await row(page, 'Roles', 'Operator').waitFor();

    await row(page, 'Roles', 'Auditor 2').getByRole('button', { name: 'Delete Auditor 2' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Auditor 2?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await snackbar(page, 'Role Auditor 2 was deleted').waitFor();
    await row(page, 'Roles', 'Auditor 2').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('adds, edits, sets and unsets the default access category, and refuses removing one in use for 4 s', async () => {
    const admin = await newCompanyAdmin(server.baseUrl, 'Categories');
    const roles = (await api('GET', 'RoleList', admin.session)) as { publicId: string }[];
    const { member, membershipPublicId } = await addMember(admin.session, roles[0]!.publicId, 'Assigned');

    const { page, errors } = await newConsolePage(browser, width);
    await logIn(page, server.baseUrl, admin.account);
    await page.goto(`${server.baseUrl}/access-categories`);
    await page.getByText('No access categories yet.').waitFor();
    await settledScreenshot(page, `access-categories-empty-${width}`);
    await expectAccessible(page);

    for (const [name, description] of [
      ['Field staff', 'Engineers who travel to the plants'],
      ['Office', ''],
    ] as const) {
      await page.getByRole('button', { name: 'Add access category' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add an access category' });
      const submit = dialog.getByRole('button', { name: 'Add', exact: true });
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByLabel('Name').fill(name);
      if (description) await dialog.getByLabel('Description').fill(description);
      if (name === 'Field staff') {
        await settledScreenshot(page, `access-categories-dialog-${width}`);
        await expectAccessible(page);
      }
      await submit.click();
      await snackbar(page, `Access category ${name} was added`).waitFor();
      await dialog.waitFor({ state: 'detached' });
    }
    const field = row(page, 'Access categories', 'Field staff');
    const office = row(page, 'Access categories', 'Office');
    await field.getByText('Engineers who travel to the plants').waitFor();

    await field.getByRole('button', { name: 'Set Field staff as default' }).click();
    await field.getByText('Default', { exact: true }).waitFor();
    await office.getByRole('button', { name: 'Set Office as default' }).click();
    await office.getByText('Default', { exact: true }).waitFor();
    await field.getByText('Default', { exact: true }).waitFor({ state: 'detached' });
    await settledScreenshot(page, `access-categories-default-${width}`);
    await expectAccessible(page);
    await office.getByRole('button', { name: 'Unset Office as default' }).click();
    await office.getByText('Default', { exact: true }).waitFor({ state: 'detached' });
    const stored = (await api('GET', 'AudienceList', admin.session)) as { default: boolean }[];
    expect(stored.map((a) => a.default)).toEqual([false, false]);

    await office.getByRole('button', { name: 'Edit Office' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit access category' });
    await edit.getByLabel('Name').fill('Field staff');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('This name is already in use').waitFor();
    await edit.getByLabel('Name').fill('Head office');
    await edit.getByRole('button', { name: 'Save' }).click();
    await snackbar(page, 'Access category Head office was saved').waitFor();

    const fieldStaff = (await api('GET', 'AudienceList', admin.session)) as {
      publicId: string;
      name: string;
    }[];
    await api('PATCH', `UserMembership/${membershipPublicId}`, admin.session, {
      audience: { publicId: fieldStaff.find((a) => a.name === 'Field staff')!.publicId },
    });
    await field.getByRole('button', { name: 'Delete Field staff' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Field staff?' });
    await confirm.getByText('deleted for good').waitFor();
    await settledScreenshot(page, `access-categories-delete-confirm-${width}`);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const inUse = 'This access category is still in use. Assign the members another one first.';
    await snackbar(page, inUse).waitFor();
    await confirm.waitFor({ state: 'detached' });
    await settledScreenshot(page, `access-categories-in-use-${width}`);
    await expectAccessible(page);
    // 4 s on screen (the page's timers may fire a few milliseconds apart).
    const ms = await shownForMs(page, inUse);
    expect(ms).toBeGreaterThan(3900);
    expect(ms).toBeLessThan(4600);

    // The member's category shows on the users screen.
    await page.goto(`${server.baseUrl}/users`);
    const memberRow = row(page, 'Members', member.name);
    expect(await memberRow.getByRole('combobox', { name: 'Access category' }).textContent()).toBe(
      'Field staff',
    );
    await settledScreenshot(page, `users-with-access-categories-${width}`);
    await expectAccessible(page);

    await page.goto(`${server.baseUrl}/access-categories`);
    await row(page, 'Access categories', 'Head office')
      .getByRole('button', { name: 'Delete Head office' })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete Head office?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await snackbar(page, 'Access category Head office was deleted').waitFor();
    await row(page, 'Access categories', 'Head office').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
