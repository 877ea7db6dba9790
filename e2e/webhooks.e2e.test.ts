import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Route } from 'playwright-core';
import { launchChromium, settledScreenshot as screenshot } from './support/browser.ts';
import { newCompanyAdmin, openScreen, signedInPage } from './support/console.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { expectAccessible } from './support/axe.ts';
import { startReceiver } from '../apps/server/test/webhook-receiver.ts';

let server: RunningServer;
let browser: Browser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  // The receiver listens on loopback over plain http, which only this setting admits.
  server = await startServer({ WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true' });
  browser = await launchChromium();
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
  await browser?.close();
  await server?.stop();
});

describe('Webhooks', () => {
  for (const width of [1280, 600]) {
    it(`adds a webhook, shows its secret once, tests it and lists the delivery at ${width} px`, async () => {
      const admin = await newCompanyAdmin(server.baseUrl, 'Webhook Admin');
      const { page, context, errors } = await signedInPage(browser, server.baseUrl, admin, width);
      await openScreen(page, server.baseUrl, '/webhooks', 'Webhooks');
      await page.getByText('No webhooks yet.').waitFor();

      await page.getByRole('button', { name: 'Add webhook' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add webhook' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Plant ERP');
      await dialog.getByRole('textbox', { name: 'Address' }).fill('http://example.com/hook');
      await dialog.getByRole('checkbox', { name: 'Alarm raised' }).check();
      await dialog.getByRole('checkbox', { name: 'Agent online/offline' }).check();
      await screenshot(page, `webhooks-add-dialog-${width}`);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Add' }).click();
      await dialog.getByText('Only https addresses are allowed').waitFor();
      await dialog.getByRole('textbox', { name: 'Address' }).fill(receiver.url);
      await dialog.getByRole('button', { name: 'Add' }).click();

      const secretDialog = page.getByRole('dialog', { name: 'Signing secret of “Plant ERP”' });
      await secretDialog.waitFor();
      const secret = (await secretDialog.locator('pre').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      await screenshot(page, `webhooks-secret-${width}`);
      await expectAccessible(page);
      await secretDialog.getByRole('button', { name: 'Done' }).click();

      const card = page.getByRole('article', { name: 'Plant ERP' });
      await card.getByText('Alarm raised').waitFor();
      // Shown once: the page, reloaded, has no way to show it again.
      await page.reload();
      await card.waitFor();
      expect(await page.content()).not.toContain(secret);

      const before = receiver.received.length;
      await card.getByRole('button', { name: 'Test' }).click();
      await page.getByText('Test delivered (200)').waitFor();
      expect(receiver.received.length).toBe(before + 1);
      expect(receiver.received.at(-1)!.headers['fleetgate-event']).toBe('ping');

      await card.getByRole('button', { name: 'Deliveries' }).click();
      const deliveries = page.getByRole('dialog', { name: 'Deliveries of “Plant ERP”' });
      await deliveries.getByText('Delivered').waitFor();
      await deliveries.getByText('Response: HTTP 200').waitFor();
      await screenshot(page, `webhooks-deliveries-${width}`);
      await expectAccessible(page);
      await deliveries.getByRole('button', { name: 'Close' }).click();
      await screenshot(page, `webhooks-list-${width}`);
      await expectAccessible(page);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('shows enabling, edits and deletes before the server answers, and undoes a refused change', async () => {
    const admin = await newCompanyAdmin(server.baseUrl, 'Webhook Optimist');
    const { page, context } = await signedInPage(browser, server.baseUrl, admin, 1280);
    await openScreen(page, server.baseUrl, '/webhooks', 'Webhooks');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Line 4');
    await dialog.getByRole('textbox', { name: 'Address' }).fill(receiver.url);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await page
      .getByRole('dialog', { name: 'Signing secret of “Line 4”' })
      .getByRole('button', { name: 'Done' })
      .click();
    const card = page.getByRole('article', { name: 'Line 4' });
    const toggle = card.getByRole('switch');
    await expect.poll(() => toggle.isChecked()).toBe(true);

    // Hold the next change: the switch shows it at once, before any answer.
    const held: Route[] = [];
    await page.route('**/api/Webhook/*', (route) => {
      if (route.request().method() === 'GET') return route.fallback();
      held.push(route);
    });
    await toggle.click();
    await card.getByText('Disabled').waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await expect.poll(() => held.length).toBe(1);
    await screenshot(page, 'webhooks-optimistic-1280');
    // The server refuses: the old state comes back.
    await held.shift()!.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ type: 'Error', status: 'error', data: [{ message: 'NAME_ALREADY_IN_USE' }] }),
    });
    await card.getByText('Enabled').waitFor();

    // A delete shows at once too; let it through and it stays gone.
    await card.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete webhook?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await card.waitFor({ state: 'detached' });
    await expect.poll(() => held.length).toBe(1);
    await held.shift()!.fallback();
    await page.getByText('No webhooks yet.').waitFor();
    await context.close();
  });
});
