import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, settledScreenshot as screenshot } from './support/browser.ts';
import { newCompanyAdmin, openScreen, sessionApi, signedInPage, snackbar } from './support/console.ts';
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

const secretValue = 'never-shown-again-0815';

const code = `async function handler(message, context) {
  for (const sample of message.samples ?? []) {
    const fahrenheit = (sample.value * 9) / 5 + 32;
    console.log('converted', fahrenheit);
    await context.writeTag('Temperature °F', fahrenheit);
  }
}
`;

/** How long a snack-bar with `text` stays, measured from its first to its last sight. */
async function shownForMs(page: Page, text: string): Promise<number> {
  const notice = snackbar(page, text);
  await notice.waitFor();
  const shown = Date.now();
  await notice.waitFor({ state: 'detached', timeout: 10_000 });
  return Date.now() - shown;
}

describe('backend components', () => {
  for (const width of [1280, 600]) {
    it(`writes a template with config, secret and schedule, and downloads its log at ${width} px`, async () => {
      const admin = await newCompanyAdmin(server.baseUrl, 'Functions Admin');
      const { page, context, errors } = await signedInPage(browser, server.baseUrl, admin, width);
      const bodies: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/'))
          void response.text().then(
            (text) => bodies.push(text),
            () => {},
          );
      });

      // Without the app: the screen says so, and adding answers "not fully provisioned" for 3 s.
      await openScreen(page, server.baseUrl, '/backend-components', 'Backend components');
      await page.getByText('The Backend components app is not installed').waitFor();
      await page.getByText('No templates yet.').waitFor();
      await screenshot(page, `backend-components-no-app-${width}`);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Add template' }).click();
      await page.getByRole('heading', { level: 1, name: 'New template' }).waitFor();
      const editor = page.getByRole('textbox', { name: 'Code' });
      await editor.waitFor();
      expect(await editor.innerText()).toContain("context.writeTag('Temperature °F'");
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Fahrenheit');
      await page.getByRole('button', { name: 'Create template' }).click();
      const ms = await shownForMs(page, 'Your company is not fully provisioned');
      expect(ms).toBeGreaterThan(2500);
      expect(ms).toBeLessThan(4500);

      // With the app installed, the template written in the editor is created and listed.
      await sessionApi(server.baseUrl, 'POST', 'AppInstall/backendComponents', admin.session);
      await editor.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.insertText(code);
      expect(await editor.innerText()).toContain("console.log('converted', fahrenheit);");
      await screenshot(page, `backend-components-editor-${width}`);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Create template' }).click();
      await snackbar(page, 'Template created').waitFor();
      await page.getByRole('heading', { level: 1, name: 'Fahrenheit' }).waitFor();
      await page.getByRole('link', { name: 'Back to templates' }).click();
      const card = page.getByRole('article', { name: 'Fahrenheit' });
      await card.getByText('Own template').waitFor();
      await screenshot(page, `backend-components-list-${width}`);
      await expectAccessible(page);
      await card.getByRole('link', { name: 'Open Fahrenheit' }).click();
      await page.getByRole('heading', { level: 1, name: 'Fahrenheit' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Code' }).innerText()).toContain("'converted'");

      // A value and a secret; once saved the secret shows by name only.
      const config = page.getByRole('region', { name: 'Configuration' });
      await config.getByRole('button', { name: 'Add value' }).click();
      await config.getByRole('textbox', { name: 'Name' }).fill('unit');
      await config.getByRole('textbox', { name: 'Value' }).fill('°F');
      await config.getByRole('button', { name: 'Add secret' }).click();
      await config.getByRole('textbox', { name: 'Secret name' }).fill('API_KEY');
      await config.getByLabel('Secret value').fill(secretValue);
      await config.getByRole('button', { name: 'Save configuration' }).click();
      await snackbar(page, 'Configuration saved').waitFor();
      await config.getByRole('button', { name: 'Replace API_KEY' }).waitFor();
      await config.getByText('set', { exact: true }).waitFor();
      expect(await config.getByLabel('Secret value').count()).toBe(0);
      expect(await config.getByRole('textbox', { name: 'Value' }).inputValue()).toBe('°F');
      const inputs = await page
        .locator('input')
        .evaluateAll((all) => all.map((i) => (i as HTMLInputElement).value));
      expect(inputs).not.toContain(secretValue);

      // A schedule subscription, switched off and on.
      const subscriptions = page.getByRole('region', { name: 'Message subscriptions' });
      await subscriptions.getByRole('button', { name: 'Add subscription' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add subscription' });
      await dialog.getByRole('combobox', { name: 'Message' }).click();
      await page.getByRole('option', { name: 'Schedule' }).click();
      await dialog.getByRole('textbox', { name: 'Schedule (cron)' }).fill('*/5 * * *');
      await dialog.getByText('Five fields separated by spaces').waitFor();
      await dialog.getByRole('textbox', { name: 'Schedule (cron)' }).fill('*/5 * * * *');
      await screenshot(page, `backend-components-subscription-dialog-${width}`);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await snackbar(page, 'Subscription added').waitFor();
      const enabled = subscriptions.getByRole('switch', { name: 'Enabled: Schedule */5 * * * *' });
      expect(await enabled.isChecked()).toBe(true);
      await enabled.click();
      await expect.poll(() => enabled.isChecked()).toBe(false);

      // The log arrives as cloud-function.log; a failed download says so for 3 s.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download logs' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('cloud-function.log');
      await page.route('**/api/BackendComponentTemplateDownloadLogs/**', (route) =>
        route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({ type: 'Error', status: 'error', data: [{ message: 'Not found' }] }),
        }),
      );
      await page.getByRole('button', { name: 'Download logs' }).click();
      const failedMs = await shownForMs(page, 'Download failed');
      expect(failedMs).toBeGreaterThan(2500);
      expect(failedMs).toBeLessThan(4500);
      await page.unroute('**/api/BackendComponentTemplateDownloadLogs/**');

      await screenshot(page, `backend-components-template-${width}`);
      await expectAccessible(page);
      expect(bodies.join('\n')).not.toContain(secretValue);
      expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
      await context.close();
    });
  }
});
