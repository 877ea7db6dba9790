import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AccessRequest } from '@fleetgate/contracts';
import { expectAccessible } from './support/axe.ts';
import {
  attachDevice,
  callApi,
  colourOf,
  createDevice,
  detachDevice,
  deviceRow,
  nameOf,
  openAs,
  paintedColourOf,
  requestAccess,
  shot,
} from './support/devices.ts';

import { useShellWorld } from './support/shell-server.ts';

const world = useShellWorld();

/**
 * The shell's right drawer, where the device page keeps the device's facts: a complementary
 * landmark beside the content, a modal dialog where it overlays it (below 960 px).
 */
const rightPanel = (page: Page) => page.locator('#right-side-panel');

/** Opens the right drawer where it overlays the content (below 960 px it starts closed). */
async function showDetailsPanel(page: Page, width: number) {
  if (width < 960) await page.getByRole('button', { name: 'Toggle side menu', exact: true }).click();
  await rightPanel(page).getByRole('region', { name: 'VPN session' }).waitFor();
}

/** Closes the overlaid drawer again so the page behind it can be used. */
async function hideDetailsPanel(page: Page, width: number) {
  if (width >= 960) return;
  await page.keyboard.press('Escape');
  await rightPanel(page).waitFor({ state: 'hidden' });
}

const green = 'rgb(46, 125, 50)';
const blue = 'rgb(30, 136, 229)';
const grey = 'rgb(160, 160, 160)';

/** An ordinary portal user: connects to devices and asks for access where approval is needed. */
const requesterRights = ['agents.connect', 'accessRequests.use'] as const;

async function company(label: number | string) {
  const admin = await world.server.newAdministrator('Plant Admin');
  const requester = await world.server.newMember(admin, [...requesterRights], 'Field Engineer');
  const press = await createDevice(world.server, admin, {
    name: `Press line ${label}`,
    servers: [{ name: 'Press HMI', host: '10.0.0.10', port: 80 }],
  });
  const robot = await createDevice(world.server, admin, {
    name: `Packaging robot ${label}`,
    vpnLocked: true,
    webAccessLocked: true,
    servers: [
      { name: 'Robot HMI', host: '10.0.0.20', port: 443 },
      { name: 'Robot SSH', host: '10.0.0.20', port: 22 },
    ],
  });
  const boiler = await createDevice(world.server, admin, {
    name: `Boiler ${label}`,
    vpnRequireAccessApproval: true,
  });
  return { admin, requester, press, robot, boiler };
}

describe('devices page', () => {
  for (const width of [1280, 600]) {
    it(`lists the devices with their status colours and follows them live at ${width} px`, async () => {
      const { admin, requester, press, robot, boiler } = await company(width);
      await attachDevice(world.server, press, '10.187.0.11');
      await requestAccess(world.server, requester, robot, {
        approvers: [admin],
        servers: [robot.servers[0]!.publicId],
        reason: 'Replace the gripper',
      });

      // Home leads a device user to the devices page, which the menu also offers.
      const { page, errors, close } = await openAs(world.server, world.browser, requester, width, '/');
      await page.waitForURL(/\/devices$/);
      await page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
      await page.getByRole('list', { name: 'Status colours' }).getByText('Active VPN session').waitFor();

      const pressRow = deviceRow(page, press.name);
      const robotRow = deviceRow(page, robot.name);
      const boilerRow = deviceRow(page, boiler.name);
      await pressRow.getByText('Online', { exact: true }).waitFor();
      expect(await colourOf(pressRow)).toBe('Active VPN session');
      expect(await paintedColourOf(pressRow)).toBe(green);
      expect(await colourOf(robotRow)).toBe('Active access request');
      expect(await paintedColourOf(robotRow)).toBe(blue);
      expect(await colourOf(boilerRow)).toBe('No active session or request');
      expect(await paintedColourOf(boilerRow)).toBe(grey);
      await robotRow.getByText('Offline', { exact: true }).waitFor();
      await robotRow.getByText('VPN locked').filter({ visible: true }).waitFor();
      await robotRow.getByText('Web access locked').filter({ visible: true }).waitFor();
      await boilerRow.getByText('VPN approval required').filter({ visible: true }).waitFor();
      if (width >= 960) await pressRow.getByText('Press HMI').waitFor();
      else await robotRow.getByText('2 services').waitFor();
      // The requester's own VPN access, and what they can do about it, on every row.
      await pressRow.getByText('Direct access').filter({ visible: true }).waitFor();
      await pressRow.getByRole('button', { name: `Connect to ${press.name}` }).waitFor();
      expect(await pressRow.getByRole('button', { name: /^Request access/ }).count()).toBe(0);
      await robotRow.getByText('Needs approval').filter({ visible: true }).waitFor();
      await robotRow.getByRole('button', { name: `Request access to ${robot.name}` }).waitFor();
      expect(await robotRow.getByRole('button', { name: /^Connect/ }).count()).toBe(0);
      await boilerRow.getByText('Needs approval').filter({ visible: true }).waitFor();
      await shot(page, `list-${width}`);
      await expectAccessible(page);

      // The relay sees the boiler attach and the press leave: the page follows without a reload.
      await page.evaluate('window.__devicesPageMarker = true');
      await attachDevice(world.server, boiler, '10.187.0.12');
      await detachDevice(world.server, press);
      await boilerRow.getByText('Online', { exact: true }).waitFor();
      await pressRow.getByText('Offline', { exact: true }).waitFor();
      await expect.poll(() => colourOf(boilerRow)).toBe('Active VPN session');
      await expect.poll(() => colourOf(pressRow)).toBe('No active session or request');
      expect(await page.evaluate('window.__devicesPageMarker')).toBe(true);
      await shot(page, `list-live-${width}`);
      await expectAccessible(page);

      // The detail view: services, actions and the user's own requests; the device's facts
      // (session, restrictions) in the right drawer.
      await page.getByRole('link', { name: `Details of ${boiler.name}` }).click();
      await page.getByRole('heading', { level: 1, name: boiler.name }).waitFor();
      await showDetailsPanel(page, width);
      const session = rightPanel(page).getByRole('region', { name: 'VPN session' });
      await session.getByText('10.187.0.12').waitFor();
      await session.getByText('Built-in relay').waitFor();
      await session.getByText('Off', { exact: true }).waitFor();
      await rightPanel(page).getByText('VPN approval required').waitFor();
      await rightPanel(page).getByText('Needs approval').waitFor();
      await shot(page, `detail-panel-${width}`);
      await expectAccessible(page);
      await hideDetailsPanel(page, width);
      await page.getByText('You have not requested access to this device.').waitFor();
      await page.getByRole('button', { name: 'Request access' }).waitFor();
      await shot(page, `detail-${width}`);
      await expectAccessible(page);
      await page.getByRole('link', { name: 'All devices' }).click();
      await page.getByRole('link', { name: `Details of ${robot.name}` }).click();
      await page.getByRole('heading', { level: 1, name: robot.name }).waitFor();
      const requests = page.getByRole('list', { name: 'Your access requests' });
      await requests.getByText('Pending').waitFor();
      await requests.getByText(/Replace the gripper/).waitFor();
      await page.getByRole('region', { name: 'Services' }).getByText('Robot SSH').waitFor();
      await showDetailsPanel(page, width);
      await rightPanel(page).getByRole('region', { name: 'VPN session' }).getByText('None').waitFor();
      await shot(page, `detail-requests-${width}`);
      await expectAccessible(page);
      await hideDetailsPanel(page, width);

      expect(errors).toEqual([]);
      await close();
    });
  }

  it('shows the requester their VPN access live: needs approval, pending, approved until with Connect, after a reload too', async () => {
    const { admin, requester, boiler } = await company('access');
    const { page, errors, close } = await openAs(world.server, world.browser, requester, 1280, '/devices');
    const row = deviceRow(page, boiler.name);
    const requestButton = row.getByRole('button', { name: `Request access to ${boiler.name}` });
    const connectButton = row.getByRole('button', { name: `Connect to ${boiler.name}` });
    await row.getByText('Needs approval').filter({ visible: true }).waitFor();
    await requestButton.waitFor();
    expect(await connectButton.count()).toBe(0);

    const request = await requestAccess(world.server, requester, boiler, {
      approvers: [admin],
      vpn: true,
      reason: 'Tune the burner',
    });
    await row.getByText('Pending', { exact: true }).filter({ visible: true }).waitFor();
    await requestButton.waitFor({ state: 'detached' });
    expect(await connectButton.count()).toBe(0);

    await callApi<AccessRequest>(world.server, admin, 'POST', `AccessRequestApprove/${request.publicId}`, {});
    // The end in the app's short time format (e.g. "2:30 PM" or "14:30"), whatever the locale;
    // with its date in front when it falls on another day (a test run in the last hour before midnight).
    const until = row.getByText(/^Approved until (.+ )?\d{1,2}[:.]\d{2}/).filter({ visible: true });
    await until.waitFor();
    await connectButton.waitFor();
    expect(await requestButton.count()).toBe(0);
    await expectAccessible(page);
    await shot(page, 'access-approved-1280');

    await page.reload();
    await until.waitFor();
    await connectButton.waitFor();
    expect(await requestButton.count()).toBe(0);

    // The compact layout keeps the state and the action on the row.
    await page.setViewportSize({ width: 600, height: 900 });
    await until.waitFor();
    await connectButton.waitFor();
    await shot(page, 'access-approved-600');
    await expectAccessible(page);

    await callApi<AccessRequest>(world.server, admin, 'POST', `AccessRequestRevoke/${request.publicId}`, {});
    await row.getByText('Needs approval').filter({ visible: true }).waitFor();
    await requestButton.waitFor();
    expect(await connectButton.count()).toBe(0);

    expect(errors).toEqual([]);
    await close();
  });

  it('tells an administrator they connect directly: Connect on every row and no Request access', async () => {
    const { admin, press, robot, boiler } = await company('admin');
    const { page, errors, close } = await openAs(world.server, world.browser, admin, 1280, '/devices');
    for (const device of [press, robot, boiler]) {
      const row = deviceRow(page, device.name);
      await row.getByText('Direct access').filter({ visible: true }).waitFor();
      await row.getByRole('button', { name: `Connect to ${device.name}` }).waitFor();
      expect(await row.getByRole('button', { name: /^Request access/ }).count()).toBe(0);
    }
    expect(await page.getByText('Needs approval').count()).toBe(0);
    await shot(page, 'access-admin-1280');
    await expectAccessible(page);

    // The device page offers the VPN connect and no request either.
    await page.getByRole('link', { name: `Details of ${robot.name}` }).click();
    await page.getByRole('heading', { level: 1, name: robot.name }).waitFor();
    await page.getByRole('button', { name: 'Connect', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Request access' }).count()).toBe(0);

    expect(errors).toEqual([]);
    await close();
  });

  it('keeps the device facts in a 300 px right drawer on the device page only, remembered across reloads', async () => {
    const { requester, robot } = await company('drawer');
    const { page, errors, close } = await openAs(world.server, world.browser, requester, 1280, '/devices');
    const toggle = page.getByRole('button', { name: 'Toggle side menu', exact: true });
    // The list declares no right side menu: no drawer, no toggle.
    expect(await rightPanel(page).count()).toBe(0);
    expect(await toggle.count()).toBe(0);

    await page.getByRole('link', { name: `Details of ${robot.name}` }).click();
    await page.getByRole('heading', { level: 1, name: robot.name }).waitFor();
    const panel = rightPanel(page);
    await panel.getByRole('region', { name: 'VPN session' }).waitFor();
    await panel.getByText('VPN locked').waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.evaluate((element) => element.getBoundingClientRect().width)).toBe(300);
    await expectAccessible(page);

    // Closed, it stays closed after a reload and after a visit elsewhere; opened, it stays open.
    await toggle.click();
    await panel.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: robot.name }).waitFor();
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isVisible()).toBe(false);
    await page.getByRole('link', { name: 'All devices' }).click();
    await page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
    expect(await toggle.count()).toBe(0);
    await page.getByRole('link', { name: `Details of ${robot.name}` }).click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await panel.getByRole('region', { name: 'VPN session' }).waitFor();
    await page.reload();
    await rightPanel(page).getByRole('region', { name: 'VPN session' }).waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');

    expect(errors).toEqual([]);
    await close();
  });

  it('is not offered to users without device rights', async () => {
    const admin = await world.server.newAdministrator('Plant Admin');
    const clerk = await world.server.newMember(admin, ['users.invite'], 'Clerk');
    const { page, errors, close } = await openAs(world.server, world.browser, clerk, 1280, '/');
    await page.waitForURL(/\/users$/);
    expect(await page.getByRole('link', { name: 'Devices' }).count()).toBe(0);
    await page.goto(`${world.server.baseUrl}/devices`);
    await page.getByText('Page not allowed for your role in this company.').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the requester an approval and a revocation live, with a 4-second message naming the approver', async () => {
    const { admin, requester, robot } = await company('live');
    const approverName = await nameOf(world.server, admin);
    const request = await requestAccess(world.server, requester, robot, {
      approvers: [admin],
      vpn: true,
      reason: 'Commission the new gripper',
    });

    const requesterView = await openAs(
      world.server,
      world.browser,
      requester,
      1280,
      `/devices/${robot.publicId}`,
    );
    const page = requesterView.page;
    const requests = page.getByRole('list', { name: 'Your access requests' });
    await requests.getByText('Pending').waitFor();
    await page.evaluate('window.__requesterMarker = true');

    // The approver, signed in in a browser of their own, decides.
    const approverView = await openAs(world.server, world.browser, admin, 1280, '/devices');
    await approverView.page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
    await callApi<AccessRequest>(world.server, admin, 'POST', `AccessRequestApprove/${request.publicId}`, {});

    const approved = page.getByText(`Your access request for ${robot.name} was approved by ${approverName}`);
    await approved.waitFor();
    const shownAt = Date.now();
    await requests.getByText('Approved').waitFor();
    await requests.getByText(`by ${approverName}`, { exact: false }).waitFor();
    await shot(page, 'approved-live');
    await expectAccessible(page);
    await approved.waitFor({ state: 'hidden', timeout: 8000 });
    const shownMs = Date.now() - shownAt;
    expect(shownMs).toBeGreaterThan(3000);
    expect(shownMs).toBeLessThan(6500);
    expect(await page.evaluate('window.__requesterMarker')).toBe(true);

    // Back on the list the approved request keeps the device blue until it is revoked.
    await page.getByRole('link', { name: 'All devices' }).click();
    const row = deviceRow(page, robot.name);
    await expect.poll(() => colourOf(row)).toBe('Active access request');
    await callApi<AccessRequest>(world.server, admin, 'POST', `AccessRequestRevoke/${request.publicId}`, {});
    await page.getByText(`Your access request for ${robot.name} was revoked by ${approverName}`).waitFor();
    await expect.poll(() => colourOf(row)).toBe('No active session or request');
    await shot(page, 'revoked-live');
    await expectAccessible(page);

    expect(requesterView.errors).toEqual([]);
    expect(approverView.errors).toEqual([]);
    await requesterView.close();
    await approverView.close();
  });
});
