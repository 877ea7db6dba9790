import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { activationPayload, type Agent } from '@fleetgate/contracts';
import { expectAccessible } from './support/axe.ts';
import { snackbar } from './support/console.ts';
import { callApi, createDevice, openAs } from './support/devices.ts';
import { useShellWorld, type SignedIn } from './support/shell-server.ts';
import { settledScreenshot } from './support/browser.ts';

const world = useShellWorld();

const shoot = (page: Page, name: string) => settledScreenshot(page, `data-logging-${name}`);

/** A company with the Data logging app and a device whose simulator serves Modbus TCP as `modbus`, logging on trial. */
async function loggingDevice(name: string): Promise<{ admin: SignedIn; device: Agent }> {
  const { server } = world;
  const admin = await server.newAdministrator(`Dana ${name}`);
  await callApi(server, admin, 'POST', 'AppInstall/dataLogging');
  const device = await createDevice(server, admin, {
    name,
    servers: [{ name: 'modbus', host: '127.0.0.1', port: 5020 }],
  });
  await callApi(
    server,
    admin,
    'POST',
    'AgentAppLoggingListActivate',
    activationPayload(device.publicId, { trial: true }),
  );
  return { admin, device };
}

describe('data logging screens', () => {
  it.each([1280, 600])(
    'adds a data source, the simulator’s tags and a tag of its own in the console at %i px',
    async (width) => {
      const { admin, device } = await loggingDevice(`Press ${width}`);
      const { page, errors, close } = await openAs(world.server, world.browser, admin, width, '/agents');
      const section = page
        .getByRole('article', { name: device.name })
        .getByRole('region', { name: 'Data logging', exact: true });
      await section.getByText('Activated').waitFor();
      await section.getByText('No data sources yet.', { exact: false }).waitFor();

      await section.getByRole('button', { name: `Add data source to ${device.name}` }).click();
      const sourceDialog = page.getByRole('dialog', { name: 'Add data source' });
      await sourceDialog.getByRole('textbox', { name: 'Name' }).fill('Simulator');
      expect(await sourceDialog.getByRole('combobox', { name: 'Service' }).inputValue()).not.toBe('');
      await sourceDialog.getByRole('textbox', { name: 'Unit ID' }).fill('300');
      await sourceDialog.getByText('Enter a unit ID from 0 to 255.').waitFor();
      await sourceDialog.getByRole('textbox', { name: 'Unit ID' }).fill('1');
      await sourceDialog.getByRole('button', { name: 'Add', exact: true }).click();
      await snackbar(page, 'Data source “Simulator” added.').waitFor();
      await sourceDialog.waitFor({ state: 'detached' });

      await section.getByRole('button', { name: 'Add the simulator’s tags (6)' }).click();
      await snackbar(page, '6 tags added.').waitFor();
      const tags = section.getByRole('table', { name: 'Tags' });
      for (const name of ['Temperature', 'Pressure', 'Parts counter', 'Flow', 'Running', 'Alarm'])
        await tags.getByRole('rowheader', { name, exact: true }).waitFor();
      expect(await section.getByRole('button', { name: /Add the simulator’s tag/ }).count()).toBe(0);

      await section.getByRole('button', { name: `Add tag to ${device.name}` }).click();
      const tagDialog = page.getByRole('dialog', { name: 'Add tag' });
      await tagDialog.getByRole('textbox', { name: 'Name' }).fill('Spare');
      await tagDialog.getByRole('textbox', { name: 'Address' }).fill('40001');
      await tagDialog
        .getByText('Use hr:, ir:, coil: or di: and a register number, for example hr:0.')
        .waitFor();
      await tagDialog.getByRole('textbox', { name: 'Address' }).fill('ir:3');
      await tagDialog.getByRole('textbox', { name: 'Unit' }).fill('bar');
      await tagDialog.getByRole('button', { name: 'Add', exact: true }).click();
      await snackbar(page, 'Tag “Spare” added.').waitFor();
      await tags.getByRole('rowheader', { name: 'Spare', exact: true }).waitFor();

      // A source with tags is not deleted: the server's refusal is shown in the user's words.
      await section.getByRole('button', { name: 'Delete Simulator' }).click();
      await page
        .getByRole('dialog', { name: 'Delete “Simulator”?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await snackbar(page, 'The data source still has tags. Delete or move its tags first.').waitFor();

      await shoot(page, `console-${width}`);
      await expectAccessible(page);
      expect(errors).toEqual([]);
      await close();
    },
  );

  it('shows the device’s tags as live values on the device page', async () => {
    const { admin, device } = await loggingDevice('Kiln 3');
    const source = await callApi<{ publicId: string }>(
      world.server,
      admin,
      'POST',
      `AgentDataSourceList/${device.publicId}`,
      { name: 'Simulator', kind: 'modbus', server: { publicId: device.servers[0]!.publicId }, unitId: 1 },
    );
    await callApi(world.server, admin, 'POST', `AgentTagList/${device.publicId}`, {
      name: 'Temperature',
      dataSource: { publicId: source.publicId },
      address: 'hr:0',
      dataType: 'int16',
      scale: 0.1,
      unit: '°C',
    });
    const { page, errors, close } = await openAs(
      world.server,
      world.browser,
      admin,
      600,
      `/devices/${device.publicId}`,
    );
    const live = page.getByRole('region', { name: 'Live values' });
    await live.getByRole('rowheader', { name: 'Temperature' }).waitFor();
    await live.getByRole('button', { name: 'Last hour of Temperature' }).click();
    await live.getByText('No values in the last hour.').waitFor();
    await shoot(page, 'device-600');
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await close();
  });
});
