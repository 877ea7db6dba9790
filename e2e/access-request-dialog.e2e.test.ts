import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AccessRequest } from '@fleetgate/contracts';
import {
  callApi,
  clearAccessCategory,
  colourOf,
  createDevice,
  deviceRow,
  nameOf,
  openAs,
  setAccessCategory,
  shot,
} from './support/devices.ts';
import { type SignedIn, useShellWorld } from './support/shell-server.ts';
import { expectAccessible } from './support/axe.ts';

const world = useShellWorld();

/**
 * A company with two approvers: the administrator (no access category) and a maintenance lead
 * whose access category "Maintenance" lets them approve the service of that service group.
 */
async function plant(label: string) {
  const admin = await world.server.newAdministrator('Plant Admin');
  const lead = await world.server.newMember(
    admin,
    ['accessRequests.manage', 'agents.connect'],
    'Maintenance Lead',
  );
  await setAccessCategory(world.server, lead, 'Maintenance');
  const requester = await world.server.newMember(
    admin,
    ['agents.connect', 'accessRequests.use'],
    'Field Engineer',
  );
  const filler = await createDevice(world.server, admin, {
    name: `Filler ${label}`,
    vpnLocked: true,
    servers: [
      { name: 'Filler HMI', host: '10.0.1.10', port: 80 },
      { name: 'PLC programming', host: '10.0.1.11', port: 102, serviceGroup: 'Maintenance' },
    ],
  });
  const conveyor = await createDevice(world.server, admin, {
    name: `Conveyor ${label}`,
    webAccessLocked: true,
    servers: [{ name: 'Conveyor HMI', host: '10.0.1.20', port: 80 }],
  });
  return {
    admin,
    lead,
    requester,
    filler,
    conveyor,
    adminName: await nameOf(world.server, admin),
    leadName: await nameOf(world.server, lead),
  };
}

function requestDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Request access' });
}

async function openRequestDialog(page: Page, deviceName: string): Promise<Locator> {
  await page.getByRole('button', { name: `Request access to ${deviceName}` }).click();
  const dialog = requestDialog(page);
  await dialog.waitFor();
  return dialog;
}

const select = (dialog: Locator, label: string) =>
  dialog.getByRole('combobox', { name: new RegExp(`^${label}`) });
const listbox = (page: Page) => page.getByRole('listbox');
const submit = (dialog: Locator) => dialog.getByRole('button', { name: 'Request access', exact: true });

/** Toggles options of a multi-select (its menu stays open) and closes the menu. */
async function toggle(page: Page, dialog: Locator, label: string, options: string[]) {
  await select(dialog, label).click();
  for (const option of options) await listbox(page).getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
  await listbox(page).waitFor({ state: 'detached' });
}

async function chooseDuration(page: Page, dialog: Locator, option: string) {
  await select(dialog, 'Duration').click();
  await listbox(page).getByRole('option', { name: option, exact: true }).click();
  await listbox(page).waitFor({ state: 'detached' });
}

/** The helper text under a field: the error message shown for it. */
function fieldMessage(dialog: Locator, label: string): Locator {
  return dialog
    .locator('.MuiFormControl-root')
    .filter({ has: dialog.page().locator('label', { hasText: new RegExp(`^${label}`) }) })
    .locator('.MuiFormHelperText-root');
}

async function myRequests(requester: SignedIn): Promise<AccessRequest[]> {
  const filters = encodeURIComponent(`eq(user.publicId,"${requester.publicId}")`);
  return callApi<AccessRequest[]>(world.server, requester, 'GET', `AccessRequestList?filters=${filters}`);
}

describe('request access dialog', () => {
  it('checks every rule, asks before discarding and confirms the request at 1280 px', async () => {
    const { requester, filler, conveyor, adminName, leadName } = await plant('1280');
    const { page, errors, close } = await openAs(world.server, world.browser, requester, 1280, '/devices');

    // No VPN choice where the device has no VPN restriction.
    let dialog = await openRequestDialog(page, conveyor.name);
    await select(dialog, 'Services').click();
    await listbox(page).getByRole('option', { name: 'Conveyor HMI' }).waitFor();
    expect(await listbox(page).getByRole('option').allInnerTexts()).toEqual(['Conveyor HMI']);
    await page.keyboard.press('Escape');
    await listbox(page).waitFor({ state: 'detached' });
    // Nothing changed: Escape closes at once, without asking.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The VPN choice is offered for the VPN-locked filler.
    dialog = await openRequestDialog(page, filler.name);
    expect(await submit(dialog).isDisabled()).toBe(true);
    await select(dialog, 'Services').click();
    expect(await listbox(page).getByRole('option').allInnerTexts()).toEqual([
      'VPN (the whole device)',
      'Filler HMI',
      'PLC programming',
    ]);
    await page.keyboard.press('Escape');
    await listbox(page).waitFor({ state: 'detached' });
    await shot(page, 'dialog-1280');
    await expectAccessible(page);

    // Every required field says so once touched and left empty.
    await toggle(page, dialog, 'Services', ['Filler HMI', 'Filler HMI']);
    await expect.poll(() => fieldMessage(dialog, 'Services').innerText()).toBe('Required');
    await toggle(page, dialog, 'Approvers', [adminName, adminName]);
    await expect.poll(() => fieldMessage(dialog, 'Approvers').innerText()).toBe('Required');
    const reason = dialog.getByRole('textbox', { name: /^Reason/ });
    await reason.fill('x');
    await reason.fill('');
    await expect.poll(() => fieldMessage(dialog, 'Reason').innerText()).toBe('Required');
    await select(dialog, 'Duration').click();
    await page.keyboard.press('Escape');
    await listbox(page).waitFor({ state: 'detached' });
    await reason.focus();
    await expect.poll(() => fieldMessage(dialog, 'Duration').innerText()).toBe('Required');
    expect(await submit(dialog).isDisabled()).toBe(true);
    await shot(page, 'dialog-required-1280');
    await expectAccessible(page);

    // Approvers who cannot approve a selected service are disabled, and a chosen one is refused.
    await toggle(page, dialog, 'Services', ['PLC programming']);
    await select(dialog, 'Approvers').click();
    const adminOption = listbox(page).getByRole('option', { name: new RegExp(`^${adminName}`) });
    const leadOption = listbox(page).getByRole('option', { name: new RegExp(`^${leadName}`) });
    expect(await adminOption.getAttribute('aria-disabled')).toBe('true');
    await adminOption.getByText('Cannot approve all the selected services').waitFor();
    expect(await leadOption.getAttribute('aria-disabled')).toBeNull();
    await shot(page, 'dialog-approver-disabled-1280');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await listbox(page).waitFor({ state: 'detached' });
    await toggle(page, dialog, 'Services', ['PLC programming', 'VPN (the whole device)']);
    await toggle(page, dialog, 'Approvers', [adminName]);
    await toggle(page, dialog, 'Services', ['PLC programming']);
    await expect
      .poll(() => fieldMessage(dialog, 'Approvers').innerText())
      .toBe(`${adminName} cannot approve all the selected services`);
    await toggle(page, dialog, 'Services', ['PLC programming']);
    await expect.poll(() => fieldMessage(dialog, 'Approvers').count()).toBe(0);

    // The duration options of the spec.
    await select(dialog, 'Duration').click();
    expect(await listbox(page).getByRole('option').allInnerTexts()).toEqual([
      '30 minutes',
      '60 minutes',
      '90 minutes',
      '2 hours',
      '3 hours',
      '4 hours',
      '5 hours',
      '6 hours',
      '7 hours',
      '8 hours',
    ]);
    await listbox(page).getByRole('option', { name: '90 minutes' }).click();
    await reason.fill('Swap the capping head');

    // A start before the current minute is refused; the picker steps minutes by 5.
    const day = dialog.getByRole('spinbutton', { name: 'Day' });
    await day.click();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => fieldMessage(dialog, 'Start').innerText()).toBe('Invalid date and time');
    expect(await submit(dialog).isDisabled()).toBe(true);
    await shot(page, 'dialog-invalid-start-1280');
    await expectAccessible(page);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => fieldMessage(dialog, 'Start').count()).toBe(0);
    await dialog.getByRole('button', { name: /choose date/i }).click();
    const minutes = page.getByRole('listbox', { name: /minutes/i });
    await minutes.waitFor();
    const minuteOptions = await minutes.getByRole('option').allInnerTexts();
    expect(minuteOptions.slice(0, 4)).toEqual(['00', '05', '10', '15']);
    expect(minuteOptions).toHaveLength(12);
    await shot(page, 'dialog-picker-1280');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await minutes.waitFor({ state: 'detached' });

    // Escape and a click beside the dialog ask before discarding; keep editing keeps the values.
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Discard changes?' });
    await discard.waitFor();
    await shot(page, 'dialog-discard-1280');
    await expectAccessible(page);
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await discard.waitFor({ state: 'detached' });
    expect(await reason.inputValue()).toBe('Swap the capping head');
    await page.mouse.click(10, 450);
    await discard.waitFor();
    await discard.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Opened again, the form is fresh: unchanged, so it cannot be sent.
    dialog = await openRequestDialog(page, filler.name);
    expect(await submit(dialog).isDisabled()).toBe(true);
    expect(await dialog.getByRole('textbox', { name: /^Reason/ }).inputValue()).toBe('');
    await toggle(page, dialog, 'Services', ['VPN (the whole device)', 'PLC programming']);
    await toggle(page, dialog, 'Approvers', [leadName]);
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Swap the capping head');
    await chooseDuration(page, dialog, '2 hours');
    expect(await submit(dialog).isEnabled()).toBe(true);
    const sentAt = Date.now();
    await submit(dialog).click();
    await dialog.getByRole('heading', { name: 'Access requested' }).waitFor();
    await dialog.getByText(`Your request was sent to ${leadName}.`, { exact: false }).waitFor();
    await shot(page, 'dialog-submitted-1280');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    const [request] = await myRequests(requester);
    expect(request).toMatchObject({
      agent: { publicId: filler.publicId },
      vpn: true,
      servers: [{ name: 'PLC programming' }],
      allowedApprovers: [{ name: leadName }],
      reason: 'Swap the capping head',
      status: 'pending',
    });
    const start = Date.parse(request!.start);
    expect(Math.abs(start - sentAt)).toBeLessThan(60_000);
    expect(Date.parse(request!.end) - start).toBe(120 * 60_000);
    // The new request turns the offline filler blue.
    await expect.poll(() => colourOf(deviceRow(page, filler.name))).toBe('Active access request');

    expect(errors).toEqual([]);
    await close();
  });

  it('requests web access to a service at 600 px', async () => {
    const { requester, conveyor, adminName } = await plant('600');
    const { page, errors, close } = await openAs(world.server, world.browser, requester, 600, '/devices');
    const dialog = await openRequestDialog(page, conveyor.name);
    await toggle(page, dialog, 'Services', ['Conveyor HMI']);
    await toggle(page, dialog, 'Approvers', [adminName]);
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Check the belt speed');
    await chooseDuration(page, dialog, '30 minutes');
    await shot(page, 'dialog-600');
    await expectAccessible(page);
    await submit(dialog).click();
    await dialog.getByRole('heading', { name: 'Access requested' }).waitFor();
    await shot(page, 'dialog-submitted-600');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    const [request] = await myRequests(requester);
    expect(request).toMatchObject({ vpn: false, servers: [{ name: 'Conveyor HMI' }], status: 'pending' });
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the server’s verdict on the field it concerns', async () => {
    const { requester, lead, filler, leadName } = await plant('verdict');
    const { page, errors, close } = await openAs(world.server, world.browser, requester, 1280, '/devices');
    const dialog = await openRequestDialog(page, filler.name);
    await toggle(page, dialog, 'Services', ['PLC programming']);
    await toggle(page, dialog, 'Approvers', [leadName]);
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Update the PLC program');
    await chooseDuration(page, dialog, '60 minutes');
    // Meanwhile the lead loses the access category the PLC service needs.
    await clearAccessCategory(world.server, lead);
    await submit(dialog).click();
    await expect
      .poll(() => fieldMessage(dialog, 'Approvers').innerText())
      .toBe('Cannot approve all the selected services');
    await dialog.getByRole('heading', { name: 'Access requested' }).waitFor({ state: 'detached' });
    await shot(page, 'dialog-server-error-1280');
    await expectAccessible(page);
    expect(await myRequests(requester)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('says access cannot be requested when nobody can approve it', async () => {
    // A device locked for VPN and web under a partner company is approved only from there; the
    // partner's sole administrator is the engineer asking, who never approves their own request.
    const owner = await world.server.newAdministrator('Plant Admin');
    const engineer = await world.server.newMember(
      owner,
      ['agents.connect', 'accessRequests.use'],
      'Field Engineer',
    );
    const partner = await callApi<{ publicId: string }>(world.server, engineer, 'POST', 'CompanyList', {
      name: `Service partner ${Date.now()}`,
    });
    const pump = await createDevice(world.server, owner, {
      name: 'Pump station',
      vpnLocked: true,
      webAccessLocked: true,
      controlledBy: { publicId: partner.publicId },
    });
    const { page, errors, close } = await openAs(world.server, world.browser, engineer, 1280, '/devices');
    const dialog = await openRequestDialog(page, pump.name);
    await dialog.getByRole('heading', { name: 'Unable to request access' }).waitFor();
    await dialog.getByText('there are no approvers', { exact: false }).waitFor();
    expect(await dialog.getByRole('combobox').count()).toBe(0);
    await shot(page, 'dialog-unable-1280');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await close();
  });
  it('requests access to an asset through its device, and says when an asset has no device', async () => {
    const { admin, conveyor, adminName } = await plant('asset');
    // Sees the asset list (asset types) and requests access; needs approval like any engineer.
    const engineer = await world.server.newMember(
      admin,
      ['agents.connect', 'accessRequests.use', 'assetTypes.manage'],
      'Asset Engineer',
    );
    const type = await callApi<{ publicId: string }>(world.server, admin, 'POST', 'AssetTypeList', {
      name: `Filling ${Date.now()}`,
    });
    await callApi(world.server, admin, 'POST', 'AssetList', {
      name: 'Capper 3',
      assetType: { publicId: type.publicId },
      agent: { publicId: conveyor.publicId },
    });
    await callApi(world.server, admin, 'POST', 'AssetList', {
      name: 'Spare pump',
      assetType: { publicId: type.publicId },
    });
    const { page, errors, close } = await openAs(world.server, world.browser, engineer, 1280, '/assets');

    // An asset reached through no device cannot be requested.
    await page.getByRole('button', { name: 'Request access to Spare pump' }).click();
    let dialog = requestDialog(page);
    await dialog.getByText('No Agent reference', { exact: false }).waitFor();
    expect(await dialog.getByRole('combobox').count()).toBe(0);
    await shot(page, 'dialog-asset-no-agent-1280');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The asset's dialog names asset and device and offers the device's services, by web.
    await page.getByRole('button', { name: 'Request access to Capper 3' }).click();
    dialog = requestDialog(page);
    await dialog.getByText(`to the asset Capper 3 on ${conveyor.name}`).waitFor();
    await dialog.getByText('The chosen services are reached by web access, without VPN.').waitFor();
    await select(dialog, 'Services').click();
    expect(await listbox(page).getByRole('option').allInnerTexts()).toEqual(['Conveyor HMI']);
    await page.keyboard.press('Escape');
    await listbox(page).waitFor({ state: 'detached' });
    await toggle(page, dialog, 'Services', ['Conveyor HMI']);
    await toggle(page, dialog, 'Approvers', [adminName]);
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Adjust the capper torque');
    await chooseDuration(page, dialog, '60 minutes');
    await shot(page, 'dialog-asset-1280');
    await expectAccessible(page);
    await submit(dialog).click();
    await dialog.getByRole('heading', { name: 'Access requested' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    const [request] = await myRequests(engineer);
    expect(request).toMatchObject({
      agent: { publicId: conveyor.publicId },
      asset: { name: 'Capper 3' },
      vpn: false,
      servers: [{ name: 'Conveyor HMI' }],
      status: 'pending',
    });
    expect(errors).toEqual([]);
    await close();
  });
});
