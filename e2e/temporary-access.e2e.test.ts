import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CompanyUser, UserMembership } from '@fleetgate/contracts';
import { collectPageErrors, settledScreenshot } from './support/browser.ts';
import { callApi } from './support/api.ts';
import { type SignedIn, useShellWorld } from './support/shell-server.ts';
import { expectAccessible } from './support/axe.ts';

const world = useShellWorld();
const day = 24 * 3600 * 1000;

const api = <T>(user: SignedIn, method: string, rel: string, body?: unknown) =>
  callApi<T>(world.server, user, method, rel, body);

const shot = (page: Page, name: string) => settledScreenshot(page, `temporary-access-${name}`);

async function membershipOf(admin: SignedIn, user: SignedIn) {
  const users = await api<CompanyUser[]>(admin, 'GET', `UserList?filters=eq(publicId,"${user.publicId}")`);
  return users[0]!.membership.publicId;
}

describe('temporary access', () => {
  it.each([1280, 600])('reminds the member of a membership ending within 30 days at %i px', async (width) => {
    const admin = await world.server.newAdministrator('Site Admin');
    const member = await world.server.newMember(admin, ['accessRequests.use'], 'Contractor');
    const expiresOn = new Date(Date.now() + 10 * day).toISOString();
    await api<UserMembership>(admin, 'PATCH', `UserMembership/${await membershipOf(admin, member)}`, {
      expiresOn,
    });
    const company = await api<{ name: string }>(admin, 'GET', `Company/${admin.companyPublicId}`);

    const context = await world.server.signedInContext(world.browser, member, { width, height: 800 });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${world.server.baseUrl}/access-requests`);
    await page.getByRole('heading', { level: 1, name: 'Access requests' }).waitFor();
    const reminders = page.getByRole('region', { name: 'Reminders' });
    const reminder = reminders.getByText(`Your access to ${company.name} ends on`, { exact: false });
    await reminder.waitFor();
    await shot(page, `temporary-access-reminder-${width}`);
    await expectAccessible(page);

    // Muted, it stays away for the rest of the day.
    await reminders.getByRole('button', { name: /^Mute/ }).click();
    await reminder.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([1280, 600])('sets, shows and clears "Access until" for a member at %i px', async (width) => {
    const admin = await world.server.newAdministrator('Site Admin');
    const member = await world.server.newMember(admin, [], `Temp ${width}`);
    const name = `Temp ${width}`;
    const expiresOn = new Date(Date.now() + 40 * day);
    await api<UserMembership>(admin, 'PATCH', `UserMembership/${await membershipOf(admin, member)}`, {
      expiresOn: expiresOn.toISOString(),
    });

    const context = await world.server.signedInContext(world.browser, admin, { width, height: 800 });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${world.server.baseUrl}/users`);
    const row = page.getByRole('listitem', { name });
    const chip = row.getByText(/^until /);
    await chip.waitFor();
    const year = expiresOn.getFullYear();
    expect(await chip.innerText()).toContain(String(year));
    await shot(page, `temporary-access-members-${width}`);

    await row.getByRole('button', { name: new RegExp(`^Set when the access of ${name} `) }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Access of ${name} `) });
    await dialog.getByRole('spinbutton', { name: 'Year' }).waitFor();
    await shot(page, `temporary-access-dialog-${width}`);
    await expectAccessible(page);

    // One year later, saved: the list shows the new end.
    await dialog.getByRole('spinbutton', { name: 'Year' }).click();
    await page.keyboard.press('ArrowUp');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => chip.innerText()).toContain(String(year + 1));

    // No end: the chip goes.
    await row.getByRole('button', { name: new RegExp(`^Set when the access of ${name} `) }).click();
    await dialog.getByRole('button', { name: 'No end' }).click();
    await dialog.waitFor({ state: 'detached' });
    await chip.waitFor({ state: 'detached' });
    const users = await api<CompanyUser[]>(
      admin,
      'GET',
      `UserList?filters=eq(publicId,"${member.publicId}")`,
    );
    expect(users[0]!.membership.expiresOn).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([1280, 600])(
    'gives a group role with an end in the group members dialog at %i px',
    async (width) => {
      const admin = await world.server.newAdministrator('Site Admin');
      const engineer = await world.server.newMember(admin, [], `Engineer ${width}`);
      const type = await api<{ publicId: string }>(admin, 'POST', 'GroupTypeList', {
        name: `Line type ${width}`,
        color: '#336699',
      });
      const group = await api<{ publicId: string }>(admin, 'POST', 'GroupList', {
        name: `Line ${width}`,
        groupType: { publicId: type.publicId },
      });
      const role = await api<{ publicId: string }>(admin, 'POST', 'RoleList', {
        name: `Operator ${width}`,
        capabilities: ['agents.connect'],
      });
      await api(admin, 'POST', 'GroupMemberList', {
        group: { publicId: group.publicId },
        user: { publicId: engineer.publicId },
        role: { publicId: role.publicId },
        expiresOn: new Date(Date.now() + 5 * day).toISOString(),
      });

      const context = await world.server.signedInContext(world.browser, admin, { width, height: 800 });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${world.server.baseUrl}/groups`);
      await page.getByRole('button', { name: `Members of Line ${width}` }).click();
      const dialog = page.getByRole('dialog', { name: `Members of Line ${width}` });
      const member = dialog.getByRole('listitem', { name: `Engineer ${width}` });
      await member.getByText(/^until /).waitFor();
      await shot(page, `temporary-access-group-members-${width}`);
      await expectAccessible(page);

      await member
        .getByRole('button', { name: new RegExp(`^Set when the access of Engineer ${width} `) })
        .click();
      const until = page.getByRole('dialog', {
        name: new RegExp(`^Access of Engineer ${width} .* to Line ${width}$`),
      });
      await until.getByRole('button', { name: 'No end' }).click();
      await until.waitFor({ state: 'detached' });
      await member.getByText(/^until /).waitFor({ state: 'detached' });
      const members = await api<{ expiresOn: string | null }[]>(
        admin,
        'GET',
        `GroupMemberList?filters=eq(group.publicId,"${group.publicId}")`,
      );
      expect(members.map((m) => m.expiresOn)).toEqual([null]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
