import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/axe.ts';
import { collectPageErrors, settledScreenshot } from './support/browser.ts';
import { callApi } from './support/api.ts';
import { drag, typeDrawer } from './support/type-drawer.ts';
import { type SignedIn, useShellWorld } from './support/shell-server.ts';

const world = useShellWorld();

const widths = [1280, 600] as const;

type AssetType = { publicId: string; name: string; order: number };

const api = <T>(user: SignedIn, method: string, rel: string, body?: unknown) =>
  callApi<T>(world.server, user, method, rel, body);

const addType = (admin: SignedIn, name: string) => api<AssetType>(admin, 'POST', 'AssetTypeList', { name });

async function typesInApiOrder(admin: SignedIn): Promise<string[]> {
  const types = await api<AssetType[]>(admin, 'GET', 'AssetTypeList?fields=name,order&page-size=4000');
  return types.sort((a, b) => a.order - b.order).map((type) => type.name);
}

const screenshot = settledScreenshot;
const {
  open: typesDrawer,
  list: typeList,
  names: drawerNames,
  itemMenu: openItemMenu,
  showAll: showAllAssets,
} = typeDrawer('Asset types');

async function open(user: SignedIn, width: number, path: string) {
  const context = await world.server.signedInContext(world.browser, user, { width, height: 800 });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${world.server.baseUrl}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return { page, context, errors };
}

/** Where the drawer overlays the page, closes it so the page can be used again. */
async function closeDrawer(page: Page, width: number) {
  if (width >= 960) return;
  await page.keyboard.press('Escape');
  await page.getByRole('region', { name: 'Asset types' }).waitFor({ state: 'hidden' });
}

describe('asset types in the drawer', () => {
  for (const width of widths) {
    it(`adds, validates and edits an asset type at ${width} px`, async () => {
      const admin = await world.server.newAdministrator('Asset Admin');
      await addType(admin, 'PLC');
      const { page, context, errors } = await open(admin, width, '/assets');
      await screenshot(page, `assets-list-empty-${width}`);
      await expectAccessible(page);

      const section = await typesDrawer(page);
      await screenshot(page, `assets-drawer-${width}`);
      await expectAccessible(page);
      await section.getByRole('button', { name: 'Add asset type' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add asset type' });
      const submit = dialog.getByRole('button', { name: 'Add', exact: true });
      const name = dialog.getByRole('textbox', { name: 'Name' });
      expect(await submit.isDisabled()).toBe(true);
      // Asset types have no colour.
      expect(await dialog.getByRole('textbox', { name: 'Colour', exact: true }).count()).toBe(0);
      await screenshot(page, `assets-type-add-dialog-${width}`);
      await expectAccessible(page);

      await name.fill('x'.repeat(256));
      await dialog.getByText('Use at most 255 characters').waitFor();
      expect(await submit.isDisabled()).toBe(true);
      await name.fill(' ');
      await dialog.getByText('Required', { exact: true }).waitFor();
      expect(await submit.isDisabled()).toBe(true);
      await screenshot(page, `assets-type-add-invalid-${width}`);
      await expectAccessible(page);

      await name.fill('plc');
      await submit.click();
      await dialog.getByText('This name is already in use').waitFor();
      await screenshot(page, `assets-type-add-duplicate-${width}`);
      await expectAccessible(page);

      await name.fill('HMI');
      await submit.click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1, name: 'HMI' }).waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/assets\/[0-9a-z]{12}$/);
      await expect.poll(() => drawerNames(page)).toEqual(['PLC', 'HMI']);
      const created = (await api<AssetType[]>(admin, 'GET', 'AssetTypeList')).find((t) => t.name === 'HMI');
      expect(created?.order).toBe(1000);

      const menu = await openItemMenu(page, 'HMI');
      await screenshot(page, `assets-type-menu-${width}`);
      await expectAccessible(page);
      await menu.getByRole('menuitem', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit asset type' });
      const save = edit.getByRole('button', { name: 'Save' });
      expect(await save.isDisabled()).toBe(true);
      await edit.getByRole('textbox', { name: 'Name' }).fill('Operator panel');
      await screenshot(page, `assets-type-edit-dialog-${width}`);
      await expectAccessible(page);
      await save.click();
      await edit.waitFor({ state: 'detached' });
      await expect.poll(() => drawerNames(page)).toEqual(['PLC', 'Operator panel']);
      await closeDrawer(page, width);
      await page.getByRole('heading', { level: 1, name: 'Operator panel' }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`reorders asset types by dragging, and the order survives a reload at ${width} px`, async () => {
      const admin = await world.server.newAdministrator('Asset Reorder');
      for (const name of ['PLC', 'HMI', 'Drive']) await addType(admin, name);
      const { page, context, errors } = await open(admin, width, '/assets');
      const list = typeList(await typesDrawer(page));
      await expect.poll(() => drawerNames(page)).toEqual(['PLC', 'HMI', 'Drive']);

      await drag(
        page,
        list.getByRole('button', { name: 'Drag to reorder PLC' }),
        list.getByRole('listitem').filter({ hasText: 'Drive' }),
      );
      await expect.poll(() => drawerNames(page)).toEqual(['HMI', 'Drive', 'PLC']);
      await expect.poll(() => typesInApiOrder(admin)).toEqual(['HMI', 'Drive', 'PLC']);
      await screenshot(page, `assets-type-reordered-${width}`);
      await expectAccessible(page);

      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expect.poll(() => drawerNames(page)).toEqual(['HMI', 'Drive', 'PLC']);
      const orders = (await api<AssetType[]>(admin, 'GET', 'AssetTypeList')).map((t) => t.order).sort();
      expect(orders).toEqual([0, 1000, 2000]);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`refuses to delete an asset type in use and hides delete for the last at ${width} px`, async () => {
      const admin = await world.server.newAdministrator('Asset Delete');
      const plc = await addType(admin, 'PLC');
      const hmi = await addType(admin, 'HMI');
      await addType(admin, 'Spare');
      await api(admin, 'POST', 'AssetList', { name: 'Filler PLC', assetType: { publicId: plc.publicId } });
      await api(admin, 'POST', 'AssetList', { name: 'Panel', assetType: { publicId: hmi.publicId } });
      const { page, context, errors } = await open(admin, width, '/assets');
      const deletes: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'DELETE') deletes.push(request.url());
      });

      // In use, found by listing its assets first: the blocked dialog straight away, without first
      // asking to confirm an irreversible delete, and no delete sent.
      let menu = await openItemMenu(page, 'PLC');
      await menu.getByRole('menuitem', { name: 'Delete' }).click();
      const blocked = page.getByRole('alertdialog', { name: 'Asset type in use' });
      await blocked.getByText('Assets still use the asset type “PLC”').waitFor();
      expect(await page.getByRole('dialog', { name: 'Delete asset type “PLC”?' }).count()).toBe(0);
      await expectAccessible(page);
      await screenshot(page, `assets-type-delete-blocked-${width}`);
      await expectAccessible(page);
      expect(deletes).toEqual([]);
      await blocked.getByRole('button', { name: 'Close' }).click();
      await blocked.waitFor({ state: 'detached' });

      // Should an asset appear after that check, the server's CANNOT_DELETE_ASSET_TYPE blocks as well.
      const emptyCheck = '**/api/AssetList?*page-size=1';
      await page.route(emptyCheck, (route) =>
        route.request().url().includes(hmi.publicId)
          ? route.fulfill({
              status: 200,
              contentType: 'application/json',
              body: JSON.stringify({ type: 'AssetList', status: 'success', data: [], moreAfter: null }),
            })
          : route.continue(),
      );
      menu = await openItemMenu(page, 'HMI');
      await menu.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete asset type “HMI”?' });
      await screenshot(page, `assets-type-delete-confirm-${width}`);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog', { name: 'Asset type in use' }).getByText('“HMI”').waitFor();
      expect(deletes).toHaveLength(1);
      await page.unroute(emptyCheck);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Show its assets' }).click();
      await page.waitForURL(`${world.server.baseUrl}/assets/${hmi.publicId}`);
      await page.getByRole('button', { name: 'Edit Panel' }).waitFor();

      menu = await openItemMenu(page, 'Spare');
      await menu.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Asset type “Spare” deleted').waitFor();
      await expect.poll(() => drawerNames(page)).toEqual(['PLC', 'HMI']);
      expect(await typesInApiOrder(admin)).toEqual(['PLC', 'HMI']);

      // With one type left its delete option is gone.
      await api(admin, 'DELETE', 'AssetList', [
        ...(await api<{ publicId: string }[]>(admin, 'GET', 'AssetList')).map(({ publicId }) => ({
          publicId,
        })),
      ]);
      await api(admin, 'DELETE', `AssetType/${hmi.publicId}`);
      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expect.poll(() => drawerNames(page)).toEqual(['PLC']);
      menu = await openItemMenu(page, 'PLC');
      await menu.getByRole('menuitem', { name: 'Edit' }).waitFor();
      expect(await menu.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
      await screenshot(page, `assets-type-last-menu-${width}`);
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('asset types: failures and rights', () => {
  // These paths do not change with the layout: each runs at one of the two widths, taken in turn,
  // while the flows above run at both.
  it('puts the order back when saving it fails at 600 px', async () => {
    const width = 600;
    const admin = await world.server.newAdministrator('Asset Reorder Fail');
    for (const name of ['PLC', 'HMI']) await addType(admin, name);
    const { page, context, errors } = await open(admin, width, '/assets');
    await page.route('**/api/AssetTypeList', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({
              type: 'Error',
              status: 'error',
              data: [{ message: 'Missing capability' }],
            }),
          })
        : route.continue(),
    );
    const list = typeList(await typesDrawer(page));
    await drag(
      page,
      list.getByRole('button', { name: 'Drag to reorder HMI' }),
      list.getByRole('listitem').filter({ hasText: 'PLC' }),
    );
    await page.getByText('The new order could not be saved: Your role does not allow this').waitFor();
    await expect.poll(() => drawerNames(page)).toEqual(['PLC', 'HMI']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps users without the asset-types right out of the asset pages at 1280 px', async () => {
    const width = 1280;
    const admin = await world.server.newAdministrator('Asset Owner');
    const plc = await addType(admin, 'PLC');
    // The asset pages and their drawer are gated by the asset-types right (the catalogue has no
    // separate assets right), so without it there is no menu entry, no page and no drawer to drag in.
    const member = await world.server.newMember(admin, ['groups.manage'], 'No Assets');
    const { page, context, errors } = await open(member, width, `/assets/${plc.publicId}`);
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
    expect(await page.getByRole('region', { name: 'Asset types' }).count()).toBe(0);
    const links = page.getByRole('navigation').getByRole('link');
    expect(await links.allInnerTexts()).not.toContain('Assets');
    await screenshot(page, `assets-not-allowed-${width}`);
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('assets', () => {
  for (const width of widths) {
    it(`creates, filters, edits and deletes assets at ${width} px`, async () => {
      const admin = await world.server.newAdministrator('Assets');
      const plc = await addType(admin, 'PLC');
      const hmi = await addType(admin, 'assets.typeNames.hmi');
      const { page, context, errors } = await open(admin, width, `/assets/${plc.publicId}`);
      await page.getByRole('heading', { level: 1, name: 'PLC' }).waitFor();
      await page.getByText('No assets yet.').waitFor();
      // A translation-key name shows translated.
      await expect.poll(() => drawerNames(page)).toEqual(['PLC', 'HMI']);
      await closeDrawer(page, width);

      await page.getByRole('button', { name: 'Add asset', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add asset' });
      const submit = dialog.getByRole('button', { name: 'Add', exact: true });
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Filler PLC');
      expect(await dialog.getByRole('combobox', { name: 'Asset type' }).innerText()).toContain('PLC');
      await screenshot(page, `assets-add-dialog-${width}`);
      await expectAccessible(page);
      await submit.click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Edit Filler PLC' }).waitFor();
      await screenshot(page, `assets-list-${width}`);
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Edit Filler PLC' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit asset' });
      expect(await edit.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await edit.getByRole('combobox', { name: 'Asset type' }).click();
      await page.getByRole('option', { name: 'HMI' }).click();
      await screenshot(page, `assets-edit-dialog-${width}`);
      await expectAccessible(page);
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.waitFor({ state: 'detached' });
      // Now of the other type, so gone from this list.
      await page.getByText('No assets yet.').waitFor();
      const assets = await api<{ name: string; assetType: { publicId: string } }[]>(
        admin,
        'GET',
        'AssetList',
      );
      expect(assets).toEqual([
        expect.objectContaining({
          name: 'Filler PLC',
          assetType: expect.objectContaining({ publicId: hmi.publicId }),
        }),
      ]);

      // All assets, through the menu item above the types.
      await showAllAssets(page);
      await page.getByRole('heading', { level: 1, name: 'Assets' }).waitFor();
      await page.getByRole('cell', { name: 'HMI', exact: true }).waitFor();
      await screenshot(page, `assets-all-${width}`);
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Delete Filler PLC' }).click();
      await screenshot(page, `assets-delete-confirm-${width}`);
      await expectAccessible(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('No assets yet.').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
