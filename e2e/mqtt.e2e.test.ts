import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium, settledScreenshot as screenshot } from './support/browser.ts';
import { newCompanyAdmin, openScreen, signedInPage, type CompanyAdmin } from './support/console.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { expectAccessible } from './support/axe.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The broker of the test machine listens on loopback, which only OUTBOUND_ALLOW_PRIVATE reaches.
  server = await startServer({ OUTBOUND_ALLOW_PRIVATE: 'true' });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The Mosquitto broker of the test machine, and a port where nothing listens. */
const liveBroker = 'mqtt://127.0.0.1:1883';
const closedPort = 'mqtt://127.0.0.1:1';
const brokerPassword = 'Broker-Pa55word';

/** The MQTT screen as `admin` sees it, with every API answer the page gets, to check the password never comes back. */
async function openBrokers(admin: CompanyAdmin, width: number) {
  const { page, context, errors } = await signedInPage(browser, server.baseUrl, admin, width);
  const bodies: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/'))
      void response.text().then(
        (text) => bodies.push(text),
        () => {},
      );
  });
  await openScreen(page, server.baseUrl, '/mqtt', 'MQTT brokers');
  return { page, context, errors, bodies };
}

const card = (page: Page, name: string) => page.getByRole('article', { name });
const field = (dialog: Locator, name: string) => dialog.getByRole('textbox', { name, exact: true });

describe('MQTT brokers', () => {
  for (const width of [1280, 600]) {
    it(`adds, tests, edits and deletes a broker at ${width} px`, async () => {
      const admin = await newCompanyAdmin(server.baseUrl, 'MQTT Admin');
      const { page, context, errors, bodies } = await openBrokers(admin, width);

      await page.getByText('No MQTT brokers yet.').waitFor();
      await screenshot(page, `mqtt-empty-${width}`);
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Add broker' }).click();
      let dialog = page.getByRole('dialog', { name: 'Add MQTT broker' });
      await dialog.waitFor();
      await screenshot(page, `mqtt-add-dialog-${width}`);
      await expectAccessible(page);

      // Validation before anything is sent.
      await field(dialog, 'Name').fill('x');
      await field(dialog, 'Name').fill('');
      await dialog.getByText('Required', { exact: true }).waitFor();
      await field(dialog, 'Broker address').fill('http://127.0.0.1:1883');
      await dialog.getByText('Use an mqtt://, mqtts://, ws:// or wss:// address').waitFor();
      await field(dialog, 'Broker address').fill('mqtt://');
      await dialog.getByText('Enter a broker address such as mqtt://broker.example.com:1883').waitFor();
      await dialog.getByLabel('Password (optional)').fill(brokerPassword);
      await dialog.getByText('A password needs a user name').waitFor();
      expect(await dialog.getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true);
      await screenshot(page, `mqtt-validation-${width}`);
      await expectAccessible(page);

      // Test the settings before saving them.
      await field(dialog, 'Name').fill('Plant broker');
      await field(dialog, 'Broker address').fill(liveBroker);
      await field(dialog, 'User name (optional)').fill('plant');
      await dialog.getByRole('button', { name: 'Test connection' }).click();
      await dialog
        .getByRole('status')
        .getByText(/^Connected in \d+ ms$/)
        .waitFor();
      await screenshot(page, `mqtt-add-dialog-tested-${width}`);
      await expectAccessible(page);
      // Changing a setting hides the result that no longer applies.
      await field(dialog, 'Broker address').fill(closedPort);
      await expect.poll(() => dialog.getByRole('status').innerText()).toBe('');
      await dialog.getByRole('button', { name: 'Test connection' }).click();
      await dialog.getByText('Connection failed: Connection refused by 127.0.0.1:1').waitFor();
      await field(dialog, 'Broker address').fill(liveBroker);
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByText('Broker added').waitFor();
      await dialog.waitFor({ state: 'detached' });

      const plant = card(page, 'Plant broker');
      await plant.getByText(liveBroker).waitFor();
      await plant.getByText('Password stored').waitFor();
      await plant.getByText('User: plant').waitFor();

      // The saved broker's own test, with its stored password.
      await plant.getByRole('button', { name: 'Test connection: Plant broker' }).click();
      await plant.getByText(/^Connected in \d+ ms$/).waitFor();
      await screenshot(page, `mqtt-list-tested-${width}`);
      await expectAccessible(page);

      // A second broker with the same name is refused on the name field.
      await page.getByRole('button', { name: 'Add broker' }).click();
      dialog = page.getByRole('dialog', { name: 'Add MQTT broker' });
      await field(dialog, 'Name').fill('PLANT broker');
      await field(dialog, 'Broker address').fill(closedPort);
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await dialog.getByText('This name is already in use').waitFor();
      await field(dialog, 'Name').fill('Backup broker');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      const backup = card(page, 'Backup broker');
      await backup.getByText('No password').waitFor();
      await backup.getByRole('button', { name: 'Test connection: Backup broker' }).click();
      await backup.getByText('Connection failed: Connection refused by 127.0.0.1:1').waitFor();
      await screenshot(page, `mqtt-list-failed-${width}`);
      await expectAccessible(page);

      // Edit: the stored password is never shown, only that it is kept.
      await plant.getByRole('button', { name: 'Edit Plant broker' }).click();
      dialog = page.getByRole('dialog', { name: 'Edit MQTT broker' });
      const password = dialog.getByLabel('Password (optional)');
      expect(await password.inputValue()).toBe('');
      expect(await password.getAttribute('placeholder')).toBe('Unchanged');
      await dialog.getByText('A password is stored. Leave empty to keep it.').waitFor();
      expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await screenshot(page, `mqtt-edit-dialog-${width}`);
      await expectAccessible(page);
      // Testing edited settings uses the stored password.
      await dialog.getByRole('button', { name: 'Test connection' }).click();
      await dialog.getByText(/^Connected in \d+ ms$/).waitFor();
      await field(dialog, 'Name').fill('Plant floor broker');
      await field(dialog, 'Client ID (optional)').fill('fleetgate-plant');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Broker saved').waitFor();
      await dialog.waitFor({ state: 'detached' });
      const renamed = card(page, 'Plant floor broker');
      await renamed.getByText('Client ID: fleetgate-plant').waitFor();
      await renamed.getByText('Password stored').waitFor();

      // Removing the password.
      await renamed.getByRole('button', { name: 'Edit Plant floor broker' }).click();
      dialog = page.getByRole('dialog', { name: 'Edit MQTT broker' });
      await dialog.getByRole('checkbox', { name: 'Remove the stored password' }).check();
      await dialog.getByText('The stored password is removed when you save.').waitFor();
      await screenshot(page, `mqtt-edit-remove-password-${width}`);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await renamed.getByText('No password').waitFor();

      // Delete, after confirming.
      await backup.getByRole('button', { name: 'Delete Backup broker' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete MQTT broker?' });
      await confirm.getByText('“Backup broker” and its stored credentials will be deleted.').waitFor();
      await screenshot(page, `mqtt-delete-dialog-${width}`);
      await expectAccessible(page);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Broker deleted').waitFor();
      await backup.waitFor({ state: 'detached' });
      await screenshot(page, `mqtt-list-${width}`);
      await expectAccessible(page);

      expect(bodies.length).toBeGreaterThan(5);
      expect(bodies.join('\n')).not.toContain(brokerPassword);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
