import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Agent, AgentAppState, Licence } from '@fleetgate/contracts';
import { createCoupon, grantLicence } from '../apps/server/src/modules/licences/licence.service.ts';
import { expectAccessible } from './support/axe.ts';
import { settledScreenshot } from './support/browser.ts';
import { snackbar } from './support/console.ts';
import { callApi, createDevice, openAs } from './support/devices.ts';
import { useShellWorld, type SignedIn } from './support/shell-server.ts';

const world = useShellWorld();
const yearMs = 365 * 24 * 3600 * 1000;

type World = {
  admin: SignedIn;
  devices: Record<'press' | 'kiln' | 'mixer', Agent>;
  logging: Licence;
  bundle: Licence;
};
let setUp: Promise<World> | undefined;

/**
 * One company for the file: the data logging and alarming apps installed (`AppInstall`), three devices, and what the operator grants from the CLI — a logging licence with
 * 2 seats and a logging-and-alarming bundle with 1 seat, both for a year.
 */
function licensedCompany(): Promise<World> {
  setUp ??= (async () => {
    const { server } = world;
    const admin = await server.newAdministrator('Lina Licence');
    const company = await server.db
      .selectFrom('companies')
      .select('id')
      .where('public_id', '=', admin.companyPublicId)
      .executeTakeFirstOrThrow();
    for (const app of ['dataLogging', 'alarming']) await callApi(server, admin, 'POST', `AppInstall/${app}`);
    const validUntil = new Date(Date.now() + yearMs);
    const grant = (type: 'logging' | 'loggingAlarming', seats: number) =>
      grantLicence(server.db, { companyId: company.id, type, seats, validUntil, grantedBy: 'operator' });
    const logging = await grant('logging', 2);
    const bundle = await grant('loggingAlarming', 1);
    const devices = {
      press: await createDevice(server, admin, { name: 'Press line 1' }),
      kiln: await createDevice(server, admin, { name: 'Kiln 7' }),
      mixer: await createDevice(server, admin, { name: 'Mixer B' }),
    };
    return { admin, devices, logging, bundle };
  })();
  return setUp;
}

const shoot = (page: Page, name: string) => settledScreenshot(page, `licences-${name}`);

function agentState(admin: SignedIn, agent: Agent, field: 'logging' | 'alarming') {
  return callApi<Agent & Record<typeof field, AgentAppState>>(
    world.server,
    admin,
    'GET',
    `Agent/${agent.publicId}?fields=*`,
  ).then((read) => read[field]);
}

/** The row of one app in the device's "Data logging and alarming" card. */
const appRow = (page: Page, app: 'Data logging' | 'Alarming') =>
  page.getByRole('region', { name: 'Data logging and alarming' }).getByRole('group', { name: app });

describe('licences', () => {
  it.each([1280, 600])('lists the licences and bundles with their seats at %i px', async (width) => {
    const { admin } = await licensedCompany();
    const { page, errors, close } = await openAs(world.server, world.browser, admin, width, '/licenses');
    await page.getByRole('heading', { level: 1, name: 'Licences' }).waitFor();
    const licences = page.getByRole('table', { name: 'Licences' });
    const bundles = page.getByRole('table', { name: 'Licence bundles' });
    await licences.getByRole('row', { name: 'Data logging' }).waitFor();
    await bundles.getByRole('row', { name: 'Data logging and alarming bundle' }).waitFor();
    expect(await licences.getByText(/of 2 seats used/).count()).toBe(1);
    expect(await bundles.getByText(/of 1 seat used/).count()).toBe(1);
    await shoot(page, `licences-${width}`);
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await close();
  });

  it('tells a company without licences who grants them', async () => {
    const other = await world.server.newAdministrator('Nora Nolicence');
    const { page, close } = await openAs(world.server, world.browser, other, 1280, '/licenses');
    await page.getByText('Licences are granted by the operator of this installation.').waitFor();
    await page.getByText('Bundles are granted by the operator of this installation.').waitFor();
    await close();
  });

  it('activates data logging on a device with a seat of the licence', async () => {
    const { admin, devices, logging } = await licensedCompany();
    const { page, errors, close } = await openAs(
      world.server,
      world.browser,
      admin,
      1280,
      `/devices/${devices.press.publicId}`,
    );
    await appRow(page, 'Data logging').getByText('Not active').waitFor();
    await page.getByRole('button', { name: 'Activate Data logging on Press line 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Activate Data logging on Press line 1' });
    // A new agent may still start its trial, so the dialog opens on it.
    expect(await dialog.getByRole('radio', { name: 'Start a 30-day trial' }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: 'Use a licence' }).check();
    // The licence is the only one with a free seat, so it is already chosen.
    await dialog
      .getByRole('combobox', { name: 'Licence' })
      .getByText(/Data logging · 2 seats free/)
      .waitFor();
    await shoot(page, 'activate-dialog-1280');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await snackbar(page, 'Data logging is active on Press line 1').waitFor();
    await appRow(page, 'Data logging').getByText('Active', { exact: true }).waitFor();
    await appRow(page, 'Data logging')
      .getByText(/Licence · Data logging · until/)
      .waitFor();

    const state = await agentState(admin, devices.press, 'logging');
    expect(state).toMatchObject({ active: true, source: 'licence', licence: { publicId: logging.publicId } });
    const [licence] = await callApi<Licence[]>(world.server, admin, 'GET', 'LicenceList?fields=*');
    expect(licence).toMatchObject({ seatsUsed: 1, seatsFree: 1 });
    expect(errors).toEqual([]);
    await close();
  });

  it('starts the 30-day alarming trial at 600 px and marks the device in the list', async () => {
    const { admin, devices } = await licensedCompany();
    const { page, errors, close } = await openAs(
      world.server,
      world.browser,
      admin,
      600,
      `/devices/${devices.kiln.publicId}`,
    );
    await page.getByRole('button', { name: 'Activate Alarming on Kiln 7' }).click();
    const dialog = page.getByRole('dialog', { name: 'Activate Alarming on Kiln 7' });
    await dialog.getByRole('radio', { name: 'Start a 30-day trial' }).waitFor();
    await shoot(page, 'activate-dialog-600');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await snackbar(page, 'Alarming is active on Kiln 7').waitFor();
    await appRow(page, 'Alarming')
      .getByText(/Trial · until/)
      .waitFor();
    await shoot(page, 'device-apps-600');
    await expectAccessible(page);

    const state = await agentState(admin, devices.kiln, 'alarming');
    expect(state).toMatchObject({ active: true, source: 'trial', trialAvailable: false });
    const days = (Date.parse(state.endsOn!) - Date.parse(state.startsOn!)) / (24 * 3600 * 1000);
    expect(Math.round(days)).toBe(30);

    await page.goto(`${world.server.baseUrl}/devices`);
    await page
      .getByRole('row', { name: 'Kiln 7', exact: true })
      .getByRole('img', { name: 'Alarming active' })
      .waitFor();
    await shoot(page, 'devices-600');
    await page.goto(`${world.server.baseUrl}/agents`);
    await page
      .getByRole('article', { name: 'Kiln 7' })
      .getByText(/Trial · until/)
      .waitFor();
    await shoot(page, 'agents-600');
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await close();
  });

  it("shows the server's refusal in the dialog and deactivates after confirming", async () => {
    const { admin, devices } = await licensedCompany();
    const { page, errors, close } = await openAs(
      world.server,
      world.browser,
      admin,
      1280,
      `/devices/${devices.mixer.publicId}`,
    );
    await page.getByRole('button', { name: 'Activate Data logging on Mixer B' }).click();
    const dialog = page.getByRole('dialog', { name: 'Activate Data logging on Mixer B' });
    await dialog.getByRole('radio', { name: 'Redeem a coupon code' }).check();
    await dialog.getByRole('textbox', { name: 'Coupon code' }).fill('FG-2222-3333-4444');
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await dialog.getByRole('alert').getByText('Unknown or already used coupon code.').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await agentState(admin, devices.mixer, 'logging')).toMatchObject({ active: false });

    // A coupon of the right type activates, and deactivating asks first.
    const code = await createCoupon(world.server.db, 'logging', 90);
    await page.getByRole('button', { name: 'Activate Data logging on Mixer B' }).click();
    await dialog.getByRole('radio', { name: 'Redeem a coupon code' }).check();
    await dialog.getByRole('textbox', { name: 'Coupon code' }).fill(code);
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await snackbar(page, 'Data logging is active on Mixer B').waitFor();
    await appRow(page, 'Data logging')
      .getByText(/Coupon · until/)
      .waitFor();

    await page.getByRole('button', { name: 'Deactivate Data logging on Mixer B' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate Data logging?' });
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await snackbar(page, 'Data logging was deactivated on Mixer B').waitFor();
    await appRow(page, 'Data logging').getByText('Not active').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('activates the bundle on a device, extends it with a coupon and removes it again', async () => {
    const { admin, devices, bundle } = await licensedCompany();
    const { page, errors, close } = await openAs(world.server, world.browser, admin, 1280, '/licenses');
    const bundles = page.getByRole('table', { name: 'Licence bundles' });
    const row = bundles.getByRole('row', { name: 'Data logging and alarming bundle' });
    await row.getByRole('button', { name: 'Activate on device' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Activate Data logging and alarming bundle on a device',
    });
    await dialog.getByRole('combobox', { name: 'Device' }).click();
    await page.getByRole('option', { name: 'Mixer B' }).click();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await snackbar(page, 'Data logging and alarming bundle is active on Mixer B').waitFor();
    await row.getByText('1 of 1 seat used').waitFor();
    await row.getByRole('button', { name: 'Remove Data logging and alarming bundle from Mixer B' }).waitFor();
    expect(await agentState(admin, devices.mixer, 'alarming')).toMatchObject({
      active: true,
      source: 'bundle',
    });

    const code = await createCoupon(world.server.db, 'loggingAlarming', 90);
    await row.getByRole('button', { name: 'Extend' }).click();
    const extend = page.getByRole('dialog', { name: 'Extend Data logging and alarming bundle' });
    await extend.getByRole('textbox', { name: 'Coupon code' }).fill(code);
    await shoot(page, 'bundle-extend-1280');
    await expectAccessible(page);
    await extend.getByRole('button', { name: 'Extend' }).click();
    await snackbar(page, 'Data logging and alarming bundle now runs until').waitFor();
    const [extended] = await callApi<Licence[]>(world.server, admin, 'GET', 'LicenceBundleList?fields=*');
    expect(Date.parse(extended!.validUntil) - Date.parse(bundle.validUntil)).toBe(90 * 24 * 3600 * 1000);

    // The same coupon is used up: the server's message shows in the dialog.
    await row.getByRole('button', { name: 'Extend' }).click();
    await extend.getByRole('textbox', { name: 'Coupon code' }).fill(code);
    await extend.getByRole('button', { name: 'Extend' }).click();
    await extend.getByRole('alert').getByText('Unknown or already used coupon code.').waitFor();
    await extend.getByRole('button', { name: 'Cancel' }).click();
    await shoot(page, 'licences-bundle-1280');

    await row.getByRole('button', { name: 'Remove Data logging and alarming bundle from Mixer B' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove the bundle from this device?' });
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await snackbar(page, 'Data logging and alarming bundle was removed from Mixer B').waitFor();
    await row.getByText('0 of 1 seat used').waitFor();
    expect(await agentState(admin, devices.mixer, 'alarming')).toMatchObject({ active: false });
    expect(errors).toEqual([]);
    await close();
  });
});
