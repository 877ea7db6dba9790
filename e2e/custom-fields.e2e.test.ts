import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium, settledScreenshot as screenshot } from './support/browser.ts';
import { newCompanyAdmin, openScreen, signedInPage } from './support/console.ts';
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

const dialogOf = (page: Page) => page.getByRole('dialog');
const section = (page: Page, entity: string) => page.getByRole('region', { name: entity });

async function rowNames(list: Locator): Promise<string[]> {
  const items = list.getByRole('listitem');
  const names: string[] = [];
  for (const item of await items.all()) names.push((await item.locator('p').first().innerText()).trim());
  return names;
}

async function choose(dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await dialog.page().getByRole('option', { name: option, exact: true }).click();
}

async function waitForNotice(page: Page, text: string) {
  await page
    .getByRole('alert')
    .filter({ hasText: text })
    .or(page.getByText(text, { exact: true }))
    .first()
    .waitFor();
}

describe('custom fields', () => {
  for (const width of [1280, 600]) {
    it(`adds, validates, edits, reorders and deletes custom fields at ${width} px`, async () => {
      const admin = await newCompanyAdmin(server.baseUrl, 'Fields Admin');
      const { page, context, errors } = await signedInPage(browser, server.baseUrl, admin, width);
      await openScreen(page, server.baseUrl, '/custom-fields', 'Custom fields');

      for (const entity of ['Agents', 'Assets', 'Groups', 'Users']) await section(page, entity).waitFor();
      await page.getByText('No custom fields for assets yet.').waitFor();
      await screenshot(page, `custom-fields-empty-${width}`);
      await expectAccessible(page);

      // The menu entry sits in the device settings section.
      if (width < 960) await page.getByRole('button', { name: 'Toggle menu' }).click();
      await page.getByRole('navigation').getByRole('link', { name: 'Custom fields' }).waitFor();
      if (width < 960) await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Add custom field' }).click();
      let dialog = dialogOf(page);
      await dialog.getByRole('heading', { name: 'Add custom field' }).waitFor();
      const save = dialog.getByRole('button', { name: 'Add', exact: true });
      expect(await save.isDisabled()).toBe(true);
      await screenshot(page, `custom-fields-add-dialog-${width}`);
      await expectAccessible(page);

      // Client-side validation: required, at most 255 characters, the key pattern.
      const name = dialog.getByRole('textbox', { name: 'Name' });
      const key = dialog.getByRole('textbox', { name: 'Key' });
      await name.fill('x');
      await name.fill('');
      await dialog.getByText('Required', { exact: true }).waitFor();
      await name.fill('y'.repeat(256));
      await dialog.getByText('Use at most 255 characters').waitFor();
      await key.fill('Serial Number');
      await dialog.getByText('Start with a lower-case letter, then use letters, digits or _').waitFor();
      expect(await save.isDisabled()).toBe(true);
      await screenshot(page, `custom-fields-validation-${width}`);
      await expectAccessible(page);

      await name.fill('Serial number');
      await key.fill('serialNumber');
      await save.click();
      await waitForNotice(page, 'Custom field added');
      await dialog.waitFor({ state: 'detached' });
      const assets = section(page, 'Assets').getByRole('list');
      expect(await rowNames(assets)).toEqual(['Serial number']);

      // Server rules come back on their field: a taken name, then a taken key.
      await section(page, 'Assets').getByRole('button', { name: 'Add a field to Assets' }).click();
      dialog = dialogOf(page);
      await dialog.getByRole('textbox', { name: 'Name' }).fill('serial NUMBER');
      await dialog.getByRole('textbox', { name: 'Key' }).fill('serialNo');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await dialog.getByText('This name is already in use').waitFor();
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Serial no');
      await dialog.getByRole('textbox', { name: 'Key' }).fill('serialNumber');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await dialog.getByText('This key is already in use').waitFor();
      await screenshot(page, `custom-fields-server-errors-${width}`);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      // A choice list with its options.
      await page.getByRole('button', { name: 'Add custom field' }).click();
      dialog = dialogOf(page);
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Zone');
      await dialog.getByRole('textbox', { name: 'Key' }).fill('zone');
      await choose(dialog, 'Type', 'Choice list');
      const options = dialog.getByRole('textbox', { name: 'Options' });
      await options.fill('North\nnorth');
      await dialog.getByText('List each option only once').waitFor();
      await options.fill('North\nSouth\nEast');
      await dialog.getByRole('switch', { name: 'A value is required' }).check();
      await screenshot(page, `custom-fields-select-dialog-${width}`);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await assets.getByText('3 options: North, South, East').waitFor();
      expect(await rowNames(assets)).toEqual(['Serial number', 'Zone']);

      // A field of another entity.
      await section(page, 'Users').getByRole('button', { name: 'Add a field to Users' }).click();
      dialog = dialogOf(page);
      expect(await dialog.getByRole('combobox', { name: 'Applies to' }).innerText()).toBe('Users');
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Employee number');
      await dialog.getByRole('textbox', { name: 'Key' }).fill('employeeNumber');
      await choose(dialog, 'Type', 'Number');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await section(page, 'Users').getByText('Employee number').waitFor();

      // Edit: the key stays, the name and the required flag change.
      await assets.getByRole('button', { name: 'Edit Serial number' }).click();
      dialog = dialogOf(page);
      await dialog.getByRole('heading', { name: 'Edit custom field' }).waitFor();
      expect(await dialog.getByRole('textbox', { name: 'Key' }).isDisabled()).toBe(true);
      expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Serial no.');
      await dialog.getByRole('switch', { name: 'A value is required' }).check();
      await screenshot(page, `custom-fields-edit-dialog-${width}`);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await waitForNotice(page, 'Custom field saved');
      await dialog.waitFor({ state: 'detached' });
      expect(await rowNames(assets)).toEqual(['Serial no.', 'Zone']);
      await screenshot(page, `custom-fields-list-${width}`);
      await expectAccessible(page);

      // Reorder through the row menu; the order survives a reload.
      await assets.getByRole('button', { name: 'Actions for Zone' }).click();
      await page.getByRole('menuitem', { name: 'Move up' }).click();
      await expect.poll(() => rowNames(assets)).toEqual(['Zone', 'Serial no.']);
      await page.reload();
      await section(page, 'Assets').getByText('Zone', { exact: true }).waitFor();
      expect(await rowNames(assets)).toEqual(['Zone', 'Serial no.']);

      // Delete, after confirming.
      await assets.getByRole('button', { name: 'Actions for Serial no.' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete custom field?' });
      await confirm.getByText('Assets will no longer have the field “Serial no.”.').waitFor();
      await screenshot(page, `custom-fields-delete-dialog-${width}`);
      await expectAccessible(page);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await waitForNotice(page, 'Custom field deleted');
      await expect.poll(() => rowNames(assets)).toEqual(['Zone']);

      // The top-bar search filters the list.
      const search = page.getByRole('searchbox');
      if (await search.isVisible()) {
        await search.fill('employee');
        await expect.poll(() => section(page, 'Assets').count()).toBe(0);
        await section(page, 'Users').getByText('Employee number').waitFor();
        await search.fill('');
      }

      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
