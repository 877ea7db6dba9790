import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { collectPageErrors, settledScreenshot } from './support/browser.ts';
import { callApi } from './support/api.ts';
import { drag, typeDrawer } from './support/type-drawer.ts';
import { type SignedIn, useShellWorld } from './support/shell-server.ts';

const world = useShellWorld();

const widths = [1280, 600] as const;

type GroupType = { publicId: string; name: string; color: string; order: number };

const api = <T>(user: SignedIn, method: string, rel: string, body?: unknown) =>
  callApi<T>(world.server, user, method, rel, body);

const addType = (admin: SignedIn, name: string, color = '#546e7a') =>
  api<GroupType>(admin, 'POST', 'GroupTypeList', { name, color });

async function typesInApiOrder(admin: SignedIn): Promise<string[]> {
  const types = await api<GroupType[]>(admin, 'GET', 'GroupTypeList?fields=color,name,order&page-size=4000');
  return types.sort((a, b) => a.order - b.order).map((type) => type.name);
}

const screenshot = settledScreenshot;
const {
  open: typesDrawer,
  list: typeList,
  names: drawerNames,
  itemMenu: openItemMenu,
  showAll: showAllGroups,
} = typeDrawer('Group types');

async function open(user: SignedIn, width: number, path: string) {
  const context = await world.server.signedInContext(world.browser, user, { width, height: 800 });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${world.server.baseUrl}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return { page, context, errors };
}

describe('group types in the drawer', () => {
  for (const width of widths) {
    it(`adds, validates and edits a group type at ${width} px`, async () => {
      const admin = await world.server.newAdministrator('Group Admin');
      await addType(admin, 'Site', '#1e88e5');
      const { page, context, errors } = await open(admin, width, '/groups');
      await screenshot(page, `groups-list-empty-${width}`);
      await expectAccessible(page);

      const section = await typesDrawer(page);
      await screenshot(page, `groups-drawer-${width}`);
      await expectAccessible(page);
      await section.getByRole('button', { name: 'Add group type' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add group type' });
      const submit = dialog.getByRole('button', { name: 'Add', exact: true });
      const name = dialog.getByRole('textbox', { name: 'Name' });
      const color = dialog.getByRole('textbox', { name: 'Colour', exact: true });
      // Pristine: nothing to submit yet.
      expect(await submit.isDisabled()).toBe(true);
      await screenshot(page, `groups-type-add-dialog-${width}`);
      await expectAccessible(page);

      // Administrators can manage subgroups, so the colour is shown and required.
      await name.fill('Line');
      expect(await submit.isDisabled()).toBe(true);
      await color.fill('#12');
      await dialog.getByText('Use a colour like #1e88e5').waitFor();
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Use colour #43a047' }).click();
      expect(await color.inputValue()).toBe('#43a047');

      await name.fill('x'.repeat(256));
      await dialog.getByText('Use at most 255 characters').waitFor();
      expect(await submit.isDisabled()).toBe(true);
      await name.fill('');
      await dialog.getByText('Required', { exact: true }).waitFor();
      expect(await submit.isDisabled()).toBe(true);
      await screenshot(page, `groups-type-add-invalid-${width}`);
      await expectAccessible(page);

      // The server's NAME_ALREADY_IN_USE lands on the name field.
      await name.fill('site');
      await submit.click();
      await dialog.getByText('This name is already in use').waitFor();
      await screenshot(page, `groups-type-add-duplicate-${width}`);
      await expectAccessible(page);

      await name.fill('Line');
      await submit.click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1, name: 'Line' }).waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/groups\/type\/[0-9a-z]{12}$/);
      await expect.poll(() => drawerNames(page)).toEqual(['Site', 'Line']);
      const created = (await api<GroupType[]>(admin, 'GET', 'GroupTypeList')).find((t) => t.name === 'Line');
      expect(created).toMatchObject({ color: '#43a047', order: 1000 });

      // Rename through the item menu; the dialog starts pristine.
      const menu = await openItemMenu(page, 'Line');
      await screenshot(page, `groups-type-menu-${width}`);
      await expectAccessible(page);
      await menu.getByRole('menuitem', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit group type' });
      const save = edit.getByRole('button', { name: 'Save' });
      expect(await save.isDisabled()).toBe(true);
      await edit.getByRole('textbox', { name: 'Name' }).fill('Production line');
      await screenshot(page, `groups-type-edit-dialog-${width}`);
      await expectAccessible(page);
      await save.click();
      await edit.waitFor({ state: 'detached' });
      await expect.poll(() => drawerNames(page)).toEqual(['Site', 'Production line']);
      expect(await typesInApiOrder(admin)).toEqual(['Site', 'Production line']);

      expect(errors).toEqual([]);
      await context.close();
    });

    it(`reorders group types by dragging, and the order survives a reload at ${width} px`, async () => {
      const admin = await world.server.newAdministrator('Group Reorder');
      for (const name of ['Region', 'Site', 'Line']) await addType(admin, name);
      const { page, context, errors } = await open(admin, width, '/groups');
      const section = await typesDrawer(page);
      await expect.poll(() => drawerNames(page)).toEqual(['Region', 'Site', 'Line']);

      const list = typeList(section);
      await drag(
        page,
        list.getByRole('button', { name: 'Drag to reorder Line' }),
        list.getByRole('listitem').filter({ hasText: 'Region' }),
      );
      await expect.poll(() => drawerNames(page)).toEqual(['Line', 'Region', 'Site']);
      await expect.poll(() => typesInApiOrder(admin)).toEqual(['Line', 'Region', 'Site']);
      await screenshot(page, `groups-type-reordered-${width}`);
      await expectAccessible(page);

      await drag(
        page,
        list.getByRole('button', { name: 'Drag to reorder Line' }),
        list.getByRole('listitem').filter({ hasText: 'Site' }),
      );
      await expect.poll(() => typesInApiOrder(admin)).toEqual(['Region', 'Site', 'Line']);

      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expect.poll(() => drawerNames(page)).toEqual(['Region', 'Site', 'Line']);
      // Orders stay spaced by 1000.
      const orders = (await api<GroupType[]>(admin, 'GET', 'GroupTypeList')).map((t) => t.order).sort();
      expect(orders).toEqual([0, 1000, 2000]);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`refuses to delete a group type in use, deletes an unused one, and hides delete for the last at ${width} px`, async () => {
      const admin = await world.server.newAdministrator('Group Delete');
      const site = await addType(admin, 'Site');
      await addType(admin, 'Spare');
      await api(admin, 'POST', 'GroupList', { name: 'Rotterdam', groupType: { publicId: site.publicId } });
      const { page, context, errors } = await open(admin, width, '/groups');
      const deletes: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'DELETE') deletes.push(request.url());
      });

      // In use, found by listing its groups first: the blocked dialog straight away, without
      // first asking to confirm an irreversible delete, and no delete sent.
      let menu = await openItemMenu(page, 'Site');
      await menu.getByRole('menuitem', { name: 'Delete' }).click();
      const blocked = page.getByRole('alertdialog', { name: 'Group type in use' });
      await blocked.getByText('Groups still use the group type “Site”').waitFor();
      expect(await page.getByRole('dialog', { name: 'Delete group type “Site”?' }).count()).toBe(0);
      expect(deletes).toEqual([]);
      await expectAccessible(page);
      await screenshot(page, `groups-type-delete-blocked-${width}`);
      await expectAccessible(page);
      await blocked.getByRole('button', { name: 'Show its groups' }).click();
      await page.waitForURL(`${world.server.baseUrl}/groups/type/${site.publicId}`);
      await page.getByRole('button', { name: 'Edit Rotterdam' }).waitFor();
      await expect.poll(() => drawerNames(page)).toEqual(['Site', 'Spare']);

      // Cancelling keeps the type.
      menu = await openItemMenu(page, 'Spare');
      await menu.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => drawerNames(page)).toEqual(['Site', 'Spare']);

      menu = await openItemMenu(page, 'Spare');
      await menu.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete group type “Spare”?' });
      await confirm.getByText('This cannot be undone.').waitFor();
      await screenshot(page, `groups-type-delete-confirm-${width}`);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Group type “Spare” deleted').waitFor();
      expect(deletes).toHaveLength(1);
      await expect.poll(() => drawerNames(page)).toEqual(['Site']);

      // Only one type left: its menu offers edit but no delete.
      menu = await openItemMenu(page, 'Site');
      await menu.getByRole('menuitem', { name: 'Edit' }).waitFor();
      expect(await menu.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
      await screenshot(page, `groups-type-last-menu-${width}`);
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('group types: failures and rights', () => {
  // These paths do not change with the layout: each runs at one of the two widths, taken in turn,
  // while the flows above run at both.
  it('shows a snackbar when deleting fails for another reason at 1280 px', async () => {
    const width = 1280;
    const admin = await world.server.newAdministrator('Group Fail');
    await addType(admin, 'Site');
    await addType(admin, 'Line');
    const { page, context, errors } = await open(admin, width, '/groups');
    await page.route('**/api/GroupType/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({
              type: 'Error',
              status: 'error',
              data: [{ message: 'CANNOT_DELETE_LAST_GROUP_TYPE' }],
            }),
          })
        : route.continue(),
    );
    const menu = await openItemMenu(page, 'Line');
    await menu.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const snackbar = page.getByText('The last group type cannot be deleted.');
    await snackbar.waitFor();
    await screenshot(page, `groups-type-delete-failed-${width}`);
    await expectAccessible(page);
    // Gone after its 3 s.
    await snackbar.waitFor({ state: 'detached', timeout: 6000 });
    await expect.poll(() => drawerNames(page)).toEqual(['Site', 'Line']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hides add, edit and dragging from users without the group-types right at 600 px', async () => {
    const width = 600;
    const admin = await world.server.newAdministrator('Group Owner');
    for (const name of ['Region', 'Site']) await addType(admin, name);
    const member = await world.server.newMember(admin, ['groups.manage'], 'Groups Only');
    const { page, context, errors } = await open(member, width, '/groups');
    const section = await typesDrawer(page);
    await expect.poll(() => drawerNames(page)).toEqual(['Region', 'Site']);
    expect(await section.getByRole('button', { name: 'Add group type' }).count()).toBe(0);
    expect(await section.getByRole('button', { name: /^More actions/ }).count()).toBe(0);
    expect(await section.getByRole('button', { name: /^Drag to reorder/ }).count()).toBe(0);
    await screenshot(page, `groups-drawer-read-only-${width}`);
    await expectAccessible(page);

    // Trying to drag an item does not reorder anything.
    const list = typeList(section);
    await drag(
      page,
      list.getByRole('listitem').filter({ hasText: 'Site' }),
      list.getByRole('listitem').filter({ hasText: 'Region' }),
    );
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => drawerNames(page)).toEqual(['Region', 'Site']);
    expect(await typesInApiOrder(admin)).toEqual(['Region', 'Site']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps users without the groups right out of the group pages and their drawer at 1280 px', async () => {
    const width = 1280;
    const admin = await world.server.newAdministrator('Groups Owner');
    await addType(admin, 'Site');
    // Managing group types alone does not open the group pages.
    const member = await world.server.newMember(admin, ['groupTypes.manage'], 'Types Only');
    const { page, context, errors } = await open(member, width, '/groups');
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
    expect(await page.getByRole('region', { name: 'Group types' }).count()).toBe(0);
    await screenshot(page, `groups-not-allowed-${width}`);
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks no colour from users who cannot manage subgroups at 600 px', async () => {
    const width = 600;
    const admin = await world.server.newAdministrator('Colour Owner');
    await addType(admin, 'Site');
    const member = await world.server.newMember(
      admin,
      ['groups.manage', 'groupTypes.manage'],
      'Types No Colour',
    );
    const { page, context, errors } = await open(member, width, '/groups');
    const section = await typesDrawer(page);
    await section.getByRole('button', { name: 'Add group type' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add group type' });
    expect(await dialog.getByRole('textbox', { name: 'Colour', exact: true }).count()).toBe(0);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Cell');
    await screenshot(page, `groups-type-add-no-colour-${width}`);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => drawerNames(page)).toEqual(['Site', 'Cell']);
    // A colour was generated for it.
    const cell = (await api<GroupType[]>(admin, 'GET', 'GroupTypeList')).find((t) => t.name === 'Cell');
    expect(cell?.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a translation-key name translated and keeps it from being edited at 1280 px', async () => {
    const width = 1280;
    const admin = await world.server.newAdministrator('Key Owner');
    await addType(admin, 'groups.typeNames.area', '#8e24aa');
    await addType(admin, 'Site');
    const { page, context, errors } = await open(admin, width, '/groups');
    await expect.poll(() => drawerNames(page)).toEqual(['Area', 'Site']);
    const menu = await openItemMenu(page, 'Area');
    await menu.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit group type' });
    const name = edit.getByRole('textbox', { name: 'Name' });
    expect(await name.inputValue()).toBe('Area');
    expect(await name.isDisabled()).toBe(true);
    await edit.getByText('This name is translated').waitFor();
    await screenshot(page, `groups-type-edit-translated-${width}`);
    await expectAccessible(page);
    // The colour can still be changed.
    await edit.getByRole('button', { name: 'Use colour #e53935' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    const area = (await api<GroupType[]>(admin, 'GET', 'GroupTypeList')).find((t) => t.order === 0);
    expect(area).toMatchObject({ name: 'groups.typeNames.area', color: '#e53935' });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('groups', () => {
  for (const width of widths) {
    it(`creates, filters, edits and deletes groups at ${width} px`, async () => {
      const admin = await world.server.newAdministrator('Groups');
      const site = await addType(admin, 'Site', '#1e88e5');
      const line = await addType(admin, 'Line', '#43a047');
      const plant = await api<{ publicId: string }>(admin, 'POST', 'GroupList', {
        name: 'Rotterdam plant',
        groupType: { publicId: site.publicId },
      });
      const { page, context, errors } = await open(admin, width, `/groups/type/${line.publicId}`);
      await page.getByRole('heading', { level: 1, name: 'Line' }).waitFor();
      await page.getByText('No groups yet.').waitFor();

      await page.getByRole('button', { name: 'Add group', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add group' });
      const submit = dialog.getByRole('button', { name: 'Add', exact: true });
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Bottling line 1');
      // The filtered type is preselected; the parent is chosen among the groups.
      expect(await dialog.getByRole('combobox', { name: 'Group type' }).innerText()).toContain('Line');
      await dialog.getByRole('combobox', { name: 'Parent group' }).click();
      await page.getByRole('option', { name: 'Rotterdam plant' }).click();
      await screenshot(page, `groups-add-dialog-${width}`);
      await expectAccessible(page);
      await submit.click();
      await dialog.waitFor({ state: 'detached' });
      const row = page.getByRole('row').filter({ hasText: 'Bottling line 1' });
      await row.waitFor();
      if (width >= 600) await row.getByRole('cell', { name: 'Rotterdam plant' }).waitFor();
      await screenshot(page, `groups-list-${width}`);
      await expectAccessible(page);

      const groups = await api<{ name: string; color: string; parent: { publicId: string } | null }[]>(
        admin,
        'GET',
        'GroupList',
      );
      const created = groups.find((group) => group.name === 'Bottling line 1');
      expect(created?.parent?.publicId).toBe(plant.publicId);
      // No colour given: one was generated.
      expect(created?.color).toMatch(/^#[0-9a-f]{6}$/);

      await page.getByRole('button', { name: 'Edit Bottling line 1' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit group' });
      expect(await edit.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await edit.getByRole('textbox', { name: 'Name' }).fill('Bottling line A');
      await screenshot(page, `groups-edit-dialog-${width}`);
      await expectAccessible(page);
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.waitFor({ state: 'detached' });
      await page.getByRole('row').filter({ hasText: 'Bottling line A' }).waitFor();

      // All groups, with the type column, through the menu item above the types.
      await showAllGroups(page);
      await page.getByRole('heading', { level: 1, name: 'Groups' }).waitFor();
      await page.getByRole('button', { name: 'Edit Rotterdam plant' }).waitFor();
      await screenshot(page, `groups-all-${width}`);
      await expectAccessible(page);

      // The top-bar search filters the list by name.
      const search = page.getByRole('searchbox', { name: 'Search' });
      await search.fill('bottling');
      await page.getByRole('button', { name: 'Edit Rotterdam plant' }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Edit Bottling line A' }).waitFor();
      await search.fill('nothing like it');
      await page.getByText('No groups match “nothing like it”.').waitFor();
      await screenshot(page, `groups-search-empty-${width}`);
      await expectAccessible(page);
      await search.fill('');
      await page.getByRole('button', { name: 'Edit Rotterdam plant' }).waitFor();

      // A group with subgroups stays; the reason shows briefly.
      await page.getByRole('button', { name: 'Delete Rotterdam plant' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('This group has subgroups. Delete or move them first.').waitFor();

      await page.getByRole('button', { name: 'Delete Bottling line A' }).click();
      await screenshot(page, `groups-delete-confirm-${width}`);
      await expectAccessible(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('row').filter({ hasText: 'Bottling line A' }).waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
