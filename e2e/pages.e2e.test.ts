import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, settledScreenshot as screenshot } from './support/browser.ts';
import { newCompanyAdmin, openScreen, sessionApi, signedInPage, snackbar } from './support/console.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { expectAccessible } from './support/axe.ts';
import { expectFitsWindow } from './support/layout.ts';

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

describe('Dashboards', () => {
  for (const width of [1280, 600]) {
    it(`creates, builds, publishes, views and duplicates a page at ${width} px`, async () => {
      const admin = await newCompanyAdmin(server.baseUrl, 'Pages Admin');
      const { page, context, errors } = await signedInPage(browser, server.baseUrl, admin, width);

      await openScreen(page, server.baseUrl, '/pages', 'Dashboards');
      await page.getByText('No dashboards yet.').waitFor();
      await expectAccessible(page);

      // A new page opens in the builder on a fresh, empty draft.
      await page.getByRole('button', { name: 'New page' }).click();
      const create = page.getByRole('dialog', { name: 'New page' });
      await create.getByRole('textbox', { name: 'Title' }).fill('Boiler house');
      await create.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit “Boiler house”' }).waitFor();
      await page.getByText('This page has no components yet. Add one to start.').waitFor();
      await screenshot(page, `pages-builder-empty-${width}`);

      // The grid's code loads with the first component; held here, so its progress indicator,
      // which shows only while the code loads, is seen and checked.
      let releaseGrid = () => {};
      const gridHeld = new Promise<void>((resolve) => (releaseGrid = resolve));
      await page.route(/\/assets\/BuilderGrid-[^/]+\.js$/, async (route) => {
        await gridHeld;
        await route.continue();
      });

      // A text component, whose HTML stays text.
      await page.getByRole('button', { name: 'Add component' }).click();
      const add = page.getByRole('dialog', { name: 'Add component' });
      await add.getByRole('combobox', { name: 'Kind' }).click();
      await page.getByRole('option', { name: 'Text' }).click();
      await add.getByRole('textbox', { name: 'Title' }).fill('Notes');
      await add
        .getByRole('textbox', { name: 'Text (Markdown)' })
        .fill('## Shift notes\n\n**Check** the pumps <b>now</b>');
      await add.getByRole('button', { name: 'Add', exact: true }).click();
      await add.waitFor({ state: 'detached' });
      await page.getByRole('progressbar', { name: 'Loading…' }).waitFor();
      await expectAccessible(page);
      releaseGrid();
      await page.getByRole('heading', { level: 2, name: 'Shift notes' }).waitFor();
      await page.getByText('Saved', { exact: true }).waitFor();
      // Wide screens move and resize components on the 12-column grid; narrow ones stack them
      // full width, and nothing sticks out of the window.
      const notes = page
        .locator('.MuiCard-root')
        .filter({ has: page.getByRole('heading', { name: 'Notes' }) });
      const main = await page.getByRole('main').boundingBox();
      const card = await notes.boundingBox();
      if (width === 600) {
        await page
          .getByText('On a narrow screen components stack in reading order', { exact: false })
          .waitFor();
        expect(card!.width).toBeGreaterThan(main!.width * 0.8);
      } else {
        await notes.locator('.page-drag-handle').waitFor();
        expect(card!.width).toBeLessThan(main!.width * 0.5);
      }
      await expectFitsWindow(page);
      await screenshot(page, `pages-builder-text-${width}`);
      await expectAccessible(page);

      // Unpublished pages cannot be duplicated.
      await openScreen(page, server.baseUrl, '/pages', 'Dashboards');
      await page.getByRole('button', { name: 'Actions for Boiler house' }).click();
      await page.getByRole('menuitem', { name: 'Duplicate' }).click();
      await snackbar(page, 'Cannot duplicate a non-published page').waitFor();

      // Publish, then the viewer shows the published version.
      await page.getByRole('button', { name: 'Actions for Boiler house' }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit “Boiler house”' }).waitFor();
      await page.getByRole('button', { name: 'Publish' }).click();
      await snackbar(page, 'Page published').waitFor();
      await page.getByRole('link', { name: 'Back to the page' }).click();
      // Exact: the builder's "Edit “Boiler house”" must not pass for the viewer while it loads.
      await page.getByRole('heading', { level: 1, name: 'Boiler house', exact: true }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Shift notes' }).waitFor();
      await expect.poll(() => page.getByText('<b>now</b>').count()).toBe(1);
      await page.getByRole('combobox', { name: 'Period' }).click();
      await page.getByRole('option', { name: 'Last 7 days' }).click();
      await page.waitForURL(/period=last7d/);
      await screenshot(page, `pages-viewer-${width}`);
      await expectAccessible(page);

      // Duplicate and make the copy the default.
      await openScreen(page, server.baseUrl, '/pages', 'Dashboards');
      await page.getByRole('button', { name: 'Actions for Boiler house' }).first().click();
      await page.getByRole('menuitem', { name: 'Duplicate' }).click();
      await snackbar(page, 'Page duplicated').waitFor();
      const pages = (await sessionApi(
        server.baseUrl,
        'GET',
        'PageList?fields=*',
        admin.session,
      )) as unknown[];
      expect(pages).toHaveLength(2);
      await page.getByRole('button', { name: 'Actions for Boiler house' }).first().click();
      await page.getByRole('menuitem', { name: 'Set as default' }).click();
      await snackbar(page, 'Default page set').waitFor();
      await page.getByText('Default', { exact: true }).first().waitFor();
      await screenshot(page, `pages-list-${width}`);

      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
