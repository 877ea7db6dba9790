import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/axe.ts';
import { callApi } from './support/api.ts';
import { collectPageErrors, settledScreenshot } from './support/browser.ts';
import { typeDrawer } from './support/type-drawer.ts';
import { type SignedIn, useShellWorld } from './support/shell-server.ts';

const world = useShellWorld();

type Translation = { publicId: string; key: string; languages: Record<string, string> };

const api = <T>(user: SignedIn, method: string, rel: string, body?: unknown) =>
  callApi<T>(world.server, user, method, rel, body);

const shot = (page: Page, name: string) => settledScreenshot(page, `translations-${name}`);

async function open(user: SignedIn, width: number, path: string) {
  const context = await world.server.signedInContext(world.browser, user, { width, height: 800 });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${world.server.baseUrl}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return { page, context, errors };
}

describe('company translations', () => {
  for (const width of [1280, 600]) {
    it(`an administrator's translation of an app text shows at once in another member's open browser at ${width} px`, async () => {
      const admin = await world.server.newAdministrator('Words Admin');
      const member = await world.server.newMember(admin, ['users.invite'], 'Reader');
      const reader = await open(member, width, '/users');
      await reader.page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();

      const { page, context, errors } = await open(admin, width, '/translations');
      await page.getByRole('heading', { level: 1, name: 'Translations' }).waitFor();
      await page.getByText('No translations yet. Add one, or import a file.').waitFor();
      await shot(page, `translations-empty-${width}`);
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Add translation' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add translation' });
      const add = dialog.getByRole('button', { name: 'Add', exact: true });
      expect(await add.isDisabled()).toBe(true);
      await shot(page, `translations-add-dialog-${width}`);
      await expectAccessible(page);

      // Client-side rules, the same the server applies.
      const key = dialog.getByRole('textbox', { name: 'Key' });
      await key.fill('users title!');
      await dialog
        .getByText('Start with a letter; then letters, digits, _ or -, with dots between parts')
        .waitFor();
      await key.fill('users.title');
      await dialog.getByRole('textbox', { name: 'German (de)' }).fill('Leute');
      expect(await add.isDisabled()).toBe(true);
      await dialog.getByRole('textbox', { name: 'English (en)' }).fill('x');
      await dialog.getByRole('textbox', { name: 'English (en)' }).fill('');
      await dialog.getByText('English is required').waitFor();
      await dialog.getByRole('textbox', { name: 'English (en)' }).fill('People');
      // A language by its code.
      await dialog.getByRole('textbox', { name: 'Language code' }).fill('fr');
      await dialog.getByRole('button', { name: 'Add language' }).click();
      await dialog.getByRole('textbox', { name: 'French (fr)' }).fill('Personnes');
      await shot(page, `translations-add-dialog-filled-${width}`);
      await expectAccessible(page);

      // Escape asks before losing the changes.
      await page.keyboard.press('Escape');
      const discard = page.getByRole('dialog', { name: 'Discard changes?' });
      await discard.waitFor();
      await expectAccessible(page);
      await discard.getByRole('button', { name: 'Keep editing' }).click();
      await discard.waitFor({ state: 'detached' });
      expect(await dialog.getByRole('textbox', { name: 'English (en)' }).inputValue()).toBe('People');

      await add.click();
      await dialog.waitFor({ state: 'detached' });
      const table = page.getByRole('table', { name: 'Translations' });
      await table.getByRole('cell', { name: 'users.title', exact: true }).waitFor();
      await table.getByRole('cell', { name: 'People', exact: true }).waitFor();
      await shot(page, `translations-list-${width}`);
      await expectAccessible(page);

      // The other member's page changes without a reload; so does the administrator's menu.
      await reader.page.getByRole('heading', { level: 1, name: 'People' }).waitFor();

      // A key already in use is refused by the server on the key field.
      await page.getByRole('button', { name: 'Add translation' }).click();
      const again = page.getByRole('dialog', { name: 'Add translation' });
      await again.getByRole('textbox', { name: 'Key' }).fill('users.title');
      await again.getByRole('textbox', { name: 'English (en)' }).fill('Staff');
      await again.getByRole('button', { name: 'Add', exact: true }).click();
      await again.getByText('This key is already used').waitFor();
      await again.getByRole('button', { name: 'Cancel' }).click();
      await again.waitFor({ state: 'detached' });

      // Editing changes it again; deleting brings the app's own text back.
      await table.getByRole('button', { name: 'Edit users.title' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit translation' });
      await edit.getByRole('textbox', { name: 'English (en)' }).fill('Colleagues');
      await shot(page, `translations-edit-dialog-${width}`);
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.waitFor({ state: 'detached' });
      await reader.page.getByRole('heading', { level: 1, name: 'Colleagues' }).waitFor();

      await table.getByRole('checkbox', { name: 'Select users.title' }).check();
      await page.getByRole('button', { name: 'Delete (1)' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete translations?' });
      await expectAccessible(page);
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByText('No translations yet. Add one, or import a file.').waitFor();
      await reader.page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
      expect(await api<Translation[]>(admin, 'GET', 'TranslationList')).toEqual([]);

      expect(errors).toEqual([]);
      expect(reader.errors).toEqual([]);
      await context.close();
      await reader.context.close();
    });
  }

  it('imports CSV with per-row errors, upserts, and exports JSON and CSV', async () => {
    const admin = await world.server.newAdministrator('Import Admin');
    await api(admin, 'POST', 'TranslationList', [{ key: 'users.title', languages: { en: 'People' } }]);
    const { page, context, errors } = await open(admin, 1280, '/translations');
    await page
      .getByRole('table', { name: 'Translations' })
      .getByRole('cell', { name: 'People', exact: true })
      .waitFor();

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import translations' });
    await expectAccessible(page);
    const input = dialog.locator('input[type=file]');
    const csv = (text: string) => ({ name: 'words.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
    await input.setInputFiles(
      csv('key,en,de\nusers.title,Staff,Personal\nbad key,Bad,\nonly.german,,Nur\nusers.title,Twice,\n'),
    );
    const problems = dialog.getByRole('table', { name: 'Import errors' });
    await problems.waitFor();
    const rows = await problems.getByRole('row').allInnerTexts();
    expect(rows.slice(1).map((row) => row.split('\t').map((cell) => cell.trim()))).toEqual([
      ['3', 'key', 'Start with a letter; then letters, digits, _ or -, with dots between parts'],
      ['4', 'languages', 'English is required'],
      ['5', 'key', 'This key is already used'],
    ]);
    expect(await dialog.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
    await shot(page, 'translations-import-errors-1280');
    await expectAccessible(page);

    await input.setInputFiles(
      csv('key,en,de\nusers.title,Staff,Personal\nGROUP_TYPE_PLC,Controllers,Steuerungen\n'),
    );
    await dialog.getByText('1 new, 1 updated').waitFor();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Translations' }).waitFor();
    const stored = await api<Translation[]>(admin, 'GET', 'TranslationList?fields=key,languages(*)');
    expect(
      stored.map(({ key, languages }) => ({ key, languages })).sort((a, b) => a.key.localeCompare(b.key)),
    ).toEqual([
      { key: 'GROUP_TYPE_PLC', languages: { en: 'Controllers', de: 'Steuerungen' } },
      { key: 'users.title', languages: { en: 'Staff', de: 'Personal' } },
    ]);
    // The menu already shows the company's word for the users page.
    await page
      .getByRole('table', { name: 'Translations' })
      .getByRole('cell', { name: 'Steuerungen', exact: true })
      .waitFor();

    // Search by key or text through the top bar.
    await page.getByRole('banner').getByRole('searchbox', { name: 'Search' }).fill('steuer');
    await page
      .getByRole('table', { name: 'Translations' })
      .getByRole('cell', { name: 'users.title', exact: true })
      .waitFor({ state: 'detached' });
    await page.getByRole('banner').getByRole('searchbox', { name: 'Search' }).fill('');

    for (const [format, label] of [
      ['json', 'Download as JSON'],
      ['csv', 'Download as CSV'],
    ] as const) {
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: label }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`translations.${format}`);
      const text = await readFile(await download.path(), 'utf8');
      if (format === 'json')
        expect(JSON.parse(text)).toEqual([
          { key: 'GROUP_TYPE_PLC', languages: { en: 'Controllers', de: 'Steuerungen' } },
          { key: 'users.title', languages: { en: 'Staff', de: 'Personal' } },
        ]);
      else
        expect(text).toBe('key,en,de\nGROUP_TYPE_PLC,Controllers,Steuerungen\nusers.title,Staff,Personal\n');
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a group type named by a translation key shows its translation and cannot be renamed', async () => {
    const admin = await world.server.newAdministrator('Type Admin');
    await api(admin, 'POST', 'TranslationList', [
      { key: 'GROUP_TYPE_PLC', languages: { en: 'Controllers' } },
    ]);
    await api(admin, 'POST', 'GroupTypeList', { name: 'GROUP_TYPE_PLC', color: '#1e88e5' });
    const { page, context, errors } = await open(admin, 1280, '/groups');
    const drawer = typeDrawer('Group types');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => drawer.names(page)).toContain('Controllers');
    const menu = await drawer.itemMenu(page, 'Controllers');
    await menu.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit group type' });
    const name = edit.getByRole('textbox', { name: 'Name' });
    expect(await name.inputValue()).toBe('Controllers');
    expect(await name.isDisabled()).toBe(true);
    await edit
      .getByText('The English text of the translation key GROUP_TYPE_PLC.', { exact: false })
      .waitFor();
    await shot(page, 'translations-group-type-key-1280');
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
