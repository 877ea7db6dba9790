import { describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { AccessRequest, Agent } from '@fleetgate/contracts';
import { callApi } from './support/api.ts';
import { expectAccessible } from './support/axe.ts';
import { collectPageErrors, settledScreenshot } from './support/browser.ts';
import { colours, pumpButton, screenHeight, screenWidth } from '../apps/agent/src/rfb-screen.ts';
import { deviceRow, nameOf, requestAccess } from './support/devices.ts';
import type { SignedIn } from './support/shell-server.ts';
import { attachedAgent, connectorFor, freePort, watchVpnPage, useVpnWorld } from './support/vpn.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 });

const world = useVpnWorld();

/**
 * A point of the simulator's pump button (its RFB server, service `vnc`), as fractions of the
 * framebuffer's width and height: inside its border and above its label, where it is filled
 * green while the pump runs and red while it is stopped.
 */
const screenButton = {
  x: (pumpButton.x + 8) / screenWidth,
  y: (pumpButton.y + 8) / screenHeight,
} as const;
const rgb = (colour: number) => `${colour >> 16},${(colour >> 8) & 0xff},${colour & 0xff}`;
const pumpOn = rgb(colours.pumpOn);
const pumpOff = rgb(colours.pumpOff);

/**
 * The simulated device with its `hmi` web page (type http) and its `vnc` screen (type vnc), as the
 * simulator types them, attached through the real agent; `webAccessLocked` makes web access need
 * an approved request.
 */
async function webDevice(admin: SignedIn, flags: { webAccessLocked?: boolean } = {}) {
  const { agent, runner } = await attachedAgent(world.server, admin, world.simulator);
  world.runners.push(runner);
  if (flags.webAccessLocked) {
    await world.server.db
      .updateTable('agents')
      .set({ web_access_locked: true })
      .where('id', '=', agent.id)
      .execute();
  }
  const { name } = await callApi<Agent>(world.server, admin, 'GET', `Agent/${agent.publicId}`);
  const serverId = (service: string) => agent.servers.find((s) => s.name === service)!.publicId;
  return { agent, name, hmiId: serverId('hmi'), vncId: serverId('vnc') };
}

async function engineerOf(admin: SignedIn, label: string) {
  return world.server.newMember(
    admin,
    ['agents.connect', 'accessRequests.use', 'agents.remoteControl'],
    label,
  );
}

const shot = (page: Page, name: string) => settledScreenshot(page, `web-access-${name}`);

const viewerOf = (page: Page, device: string) =>
  page.getByRole('dialog', { name: `Screen of ${device}: vnc` });

const viewerStatus = (page: Page) => page.locator('[data-viewer-status]');

async function waitForViewerStatus(page: Page, status: string) {
  await page.locator(`[data-viewer-status="${status}"]`).waitFor();
}

/** What the viewer's canvas shows: its size and how many different colours it has. */
async function screenContent(page: Page) {
  return page.locator('[data-web-viewer-screen] canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { width, height } = canvas;
    const data = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 7)
      colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    return { width, height, colours: colours.size };
  });
}

/** The colour at a point of the framebuffer, given as fractions of its width and height. */
async function pixelAt(page: Page, at: { x: number; y: number }): Promise<string> {
  return page.locator('[data-web-viewer-screen] canvas').evaluate((canvas: HTMLCanvasElement, point) => {
    const x = Math.floor(canvas.width * point.x);
    const y = Math.floor(canvas.height * point.y);
    const [r, g, b] = canvas.getContext('2d')!.getImageData(x, y, 1, 1).data;
    return `${r},${g},${b}`;
  }, at);
}

/** A click on the screen where the framebuffer point is, through the (scaled) canvas. */
async function clickScreen(page: Page, at: { x: number; y: number }) {
  const box = (await page.locator('[data-web-viewer-screen] canvas').boundingBox())!;
  await page.mouse.click(box.x + box.width * at.x, box.y + box.height * at.y);
}

/** Waits until the screen's button shows another state than `before`, and returns it. */
async function buttonChangedFrom(page: Page, before: string): Promise<string> {
  const handle = await page.waitForFunction(
    ({ point, previous }) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-web-viewer-screen] canvas');
      if (!canvas) return null;
      const [r, g, b] = canvas
        .getContext('2d')!
        .getImageData(Math.floor(canvas.width * point.x), Math.floor(canvas.height * point.y), 1, 1).data;
      const now = `${r},${g},${b}`;
      return now !== previous ? now : null;
    },
    { point: screenButton, previous: before },
  );
  return (await handle.jsonValue()) as string;
}

/** Waits until the screen has been drawn (something more than a blank frame). */
async function waitForScreen(page: Page) {
  await page.waitForFunction(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-web-viewer-screen] canvas');
    if (!canvas || canvas.width === 0) return false;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    const colours = new Set<number>();
    for (let i = 0; i < data.length && colours.size < 4; i += 4 * 7)
      colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    return colours.size >= 4;
  });
}

async function newTabOf(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), click()]);
  return tab;
}

describe('web access in the portal', () => {
  it('opens the HMI through its own host and views the screen after approval; revoking ends both', async () => {
    const admin = await world.server.newAdministrator('Ada Admin');
    const engineer = await engineerOf(admin, 'Engineer');
    const device = await webDevice(admin, { webAccessLocked: true });
    const adminName = await nameOf(world.server, admin);

    const context = await world.server.signedInContext(world.browser, engineer, { width: 1280, height: 860 });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${world.server.baseUrl}/devices/${device.agent.publicId}`);
    const services = page.getByRole('list', { name: 'Services' });
    await services.getByText('hmi', { exact: true }).waitFor();
    // The types show; web access is locked and nothing was requested: no Open, no View screen.
    await services.locator('[data-service-type="http"]').waitFor();
    await services.locator('[data-service-type="vnc"]').waitFor();
    const open = page.getByRole('button', { name: 'Open hmi through web access' });
    const view = page.getByRole('button', { name: 'View screen of vnc' });
    expect(await open.count()).toBe(0);
    expect(await view.count()).toBe(0);

    const request: AccessRequest = await requestAccess(
      world.server,
      engineer,
      { publicId: device.agent.publicId } as Agent,
      {
        approvers: [admin],
        servers: [device.hmiId, device.vncId],
        vpn: false,
        reason: 'Check the HMI after the update',
      },
    );
    // Pending: the page shows the request, and still offers neither Open nor View screen.
    await page
      .getByRole('region', { name: 'Your access requests' })
      .getByText('Pending', { exact: true })
      .waitFor();
    expect(await open.count()).toBe(0);
    expect(await view.count()).toBe(0);

    // Approved: both appear without a reload.
    await callApi(world.server, admin, 'POST', `AccessRequestApprove/${request.publicId}`, {});
    await open.waitFor();
    await view.waitFor();
    await shot(page, 'device-page-1280');
    await page.setViewportSize({ width: 600, height: 900 });
    await shot(page, 'device-page-600');
    await page.setViewportSize({ width: 1280, height: 860 });

    // Open: the HMI in a new tab on its own host, the token traded for the cookie.
    const tab = await newTabOf(context, () => open.click());
    await tab.waitForURL(/^http:\/\/[0-9a-f]{32}\.localhost:\d+\//);
    expect(new URL(tab.url()).searchParams.has('token')).toBe(false);
    expect(await tab.evaluate(() => window.opener === null)).toBe(true);
    await tab.getByRole('heading', { level: 1, name: /Simulated PLC/ }).waitFor();
    // An image through the relay, and the page's WebSocket through it too.
    await tab.waitForFunction(() =>
      [...document.images].some((image) => image.complete && image.naturalWidth > 0),
    );
    await tab.locator('#live-status.live').waitFor();
    expect(await tab.locator('#live-status').textContent()).toBe('live');
    await shot(tab, 'hmi-tab');

    // View screen: the viewer over the page, full control by default (the engineer holds it).
    await view.click();
    const viewer = viewerOf(page, device.name);
    await viewer.waitFor();
    await waitForViewerStatus(page, 'connected');
    await waitForScreen(page);
    const content = await screenContent(page);
    expect(content.width).toBeGreaterThan(100);
    expect(content.colours).toBeGreaterThanOrEqual(4);
    expect(await pixelAt(page, screenButton)).toBe(pumpOn);
    await clickScreen(page, screenButton);
    expect(await buttonChangedFrom(page, pumpOn)).toBe(pumpOff);
    const pressed = pumpOff;

    // View only: a new session whose clicks do not reach the device. Back in full control the
    // button still shows the state it had.
    await viewer.getByRole('button', { name: 'View only' }).click();
    await waitForViewerStatus(page, 'connected');
    await waitForScreen(page);
    expect(await viewer.getByRole('button', { name: 'Send Ctrl+Alt+Del' }).count()).toBe(0);
    await clickScreen(page, screenButton);
    await viewer.getByRole('button', { name: 'Full control' }).click();
    await waitForViewerStatus(page, 'connected');
    await waitForScreen(page);
    await page.waitForFunction(
      ({ point, expected }) => {
        const canvas = document.querySelector<HTMLCanvasElement>('[data-web-viewer-screen] canvas');
        if (!canvas) return false;
        const [r, g, b] = canvas
          .getContext('2d')!
          .getImageData(Math.floor(canvas.width * point.x), Math.floor(canvas.height * point.y), 1, 1).data;
        return `${r},${g},${b}` === expected;
      },
      { point: screenButton, expected: pressed },
    );

    // The clipboard panel and the rest of the toolbar, checked by axe and looked at.
    await viewer.getByRole('button', { name: 'Clipboard' }).click();
    await viewer.getByLabel('Text for the device').fill('Recipe 7');
    await viewer.getByRole('button', { name: 'Send', exact: true }).click();
    await expectAccessible(page);
    await shot(page, 'viewer-1280');
    await page.setViewportSize({ width: 600, height: 900 });
    await shot(page, 'viewer-600');
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 860 });

    // Revoked: the viewer says by whom; the tab gets the "access ended" page on its next load.
    await callApi(world.server, admin, 'POST', `AccessRequestRevoke/${request.publicId}`, {});
    await waitForViewerStatus(page, 'revoked');
    expect(await viewerStatus(page).textContent()).toBe(`Access ended: revoked by ${adminName}`);
    await viewer.getByRole('button', { name: 'Connect again' }).waitFor();
    // Nothing reaches a closed connection: no Ctrl+Alt+Del, and the clipboard waits.
    expect(await viewer.getByRole('button', { name: 'Send Ctrl+Alt+Del' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
    const ended = await tab.reload();
    expect(ended?.status()).toBe(410);
    await tab
      .getByText(/access ended/i)
      .first()
      .waitFor();
    await shot(tab, 'hmi-tab-ended');
    await shot(page, 'viewer-revoked');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('hides the VPN status bar while the viewer is open, shows it when minimised, and keeps the viewer across pages', async () => {
    const admin = await world.server.newAdministrator('Ben Admin');
    const engineer = await engineerOf(admin, 'Engineer');
    const device = await webDevice(admin);
    const connector = await connectorFor(world.server, await freePort());
    world.connectors.push(connector);

    const context = await world.server.signedInContext(world.browser, engineer, { width: 1280, height: 860 });
    await watchVpnPage(context, connector.url);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${world.server.baseUrl}/devices`);
    const row = deviceRow(page, device.name);
    // Two web services: the row offers them in a menu beside Connect.
    await row.getByRole('button', { name: `Web access to ${device.name}` }).waitFor();

    await row.getByRole('button', { name: `Connect to ${device.name}` }).click();
    await page
      .getByRole('dialog', { name: 'VPN connection' })
      .getByRole('button', { name: 'Got it' })
      .click();
    const bar = page.locator('[data-vpn-status="connected"]');
    await bar.waitFor();

    await row.getByRole('button', { name: `Web access to ${device.name}` }).click();
    await page.getByRole('menuitem', { name: /vnc/ }).click();
    const viewer = viewerOf(page, device.name);
    await viewer.waitFor();
    await waitForViewerStatus(page, 'connected');
    await bar.waitFor({ state: 'detached' });

    await viewer.getByRole('button', { name: 'Minimise' }).click();
    const chip = page.getByRole('region', { name: `Screen: ${device.name}` });
    await chip.waitFor();
    await bar.waitFor();
    await shot(page, 'viewer-minimised');

    // Another page of the portal: the viewer is still there, still connected.
    await page.evaluate((route) => {
      // In-app navigation, as a link does (a reload would end the viewer with the page).
      history.pushState({}, '', route);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/devices/${device.agent.publicId}`);
    await page.getByRole('list', { name: 'Services' }).waitFor();
    await chip.waitFor();
    await chip.getByRole('button', { name: 'Restore' }).click();
    await viewer.waitFor();
    await waitForViewerStatus(page, 'connected');
    await bar.waitFor({ state: 'detached' });

    // Closing ends the session on the server too.
    const { id: agentId } = device.agent;
    await viewer.getByRole('button', { name: 'Close' }).click();
    await viewer.waitFor({ state: 'detached' });
    await bar.waitFor();
    await expect
      .poll(async () => {
        const rows = await world.server.db
          .selectFrom('web_access_sessions')
          .select('ended_at')
          .where('agent_id', '=', agentId)
          .execute();
        return rows.length > 0 && rows.every((session) => session.ended_at !== null);
      })
      .toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("requests access to one of the device's assets from its page, without the assets page", async () => {
    const admin = await world.server.newAdministrator('Dora Admin');
    // No assetTypes.manage: the device page is where this engineer finds the asset.
    const engineer = await world.server.newMember(
      admin,
      ['agents.connect', 'accessRequests.use'],
      'Engineer',
    );
    const device = await webDevice(admin, { webAccessLocked: true });
    const type = await callApi<{ publicId: string }>(world.server, admin, 'POST', 'AssetTypeList', {
      name: 'Filling',
    });
    await callApi(world.server, admin, 'POST', 'AssetList', {
      name: 'Capper 3',
      assetType: { publicId: type.publicId },
      agent: { publicId: device.agent.publicId },
    });

    const context = await world.server.signedInContext(world.browser, engineer, { width: 1280, height: 860 });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${world.server.baseUrl}/devices/${device.agent.publicId}`);
    await page.getByRole('button', { name: 'Request access to the asset Capper 3' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request access' });
    await dialog.getByText(`to the asset Capper 3 on ${device.name}`).waitFor();
    await shot(page, 'device-asset-request-1280');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Without the right to request, the asset is only named.
    const viewer = await world.server.newMember(admin, ['agents.connect'], 'Viewer');
    const other = await world.server.signedInContext(world.browser, viewer, { width: 1280, height: 860 });
    const otherPage = await other.newPage();
    const otherErrors = collectPageErrors(otherPage);
    await otherPage.goto(`${world.server.baseUrl}/devices/${device.agent.publicId}`);
    await otherPage.getByText('Capper 3', { exact: true }).waitFor();
    expect(await otherPage.getByRole('button', { name: /Request access to the asset/ }).count()).toBe(0);

    expect(errors).toEqual([]);
    expect(otherErrors).toEqual([]);
    await other.close();
    await context.close();
  });

  it('types a service in the console by its port until one is chosen, and accepts a self-signed certificate only for HTTPS', async () => {
    const admin = await world.server.newAdministrator('Cleo Admin');
    const agent = await callApi<Agent>(world.server, admin, 'POST', 'AgentList', { name: 'Press line 9' });
    const context = await world.server.signedInContext(world.browser, admin, { width: 1280, height: 860 });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${world.server.baseUrl}/agents`);
    const card = page.getByRole('article', { name: 'Press line 9' });
    await card.getByRole('button', { name: 'Add service: Press line 9' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add service' });
    const type = dialog.getByRole('combobox', { name: 'Type' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Panel');
    await dialog.getByRole('textbox', { name: 'Host', exact: true }).fill('192.168.10.30');
    const port = dialog.getByRole('textbox', { name: 'Port', exact: true });
    await port.fill('5900');
    expect(await type.inputValue()).toBe('vnc');
    await port.fill('443');
    expect(await type.inputValue()).toBe('https');
    await dialog.getByText('By the port until you choose one').waitFor();
    const selfSigned = dialog.getByRole('checkbox', { name: 'Accept a self-signed certificate' });
    await selfSigned.check();
    await shot(page, 'console-service-dialog');
    await expectAccessible(page);
    // Chosen, the type no longer follows the port.
    await type.selectOption('http');
    expect(await selfSigned.count()).toBe(0);
    await type.selectOption('https');
    await port.fill('8443');
    await port.fill('9443');
    expect(await type.inputValue()).toBe('https');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Service added').waitFor();
    await card.locator('[data-service-type="https"]').waitFor();

    const stored = await callApi<Agent>(world.server, admin, 'GET', `Agent/${agent.publicId}?fields=*`);
    expect(stored.servers).toMatchObject([
      { name: 'Panel', port: 9443, type: 'https', acceptSelfSigned: true },
    ]);

    // Edited to a web page: the certificate setting goes with HTTPS.
    await card.getByRole('button', { name: 'Edit service Panel' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit service' });
    expect(await edit.getByRole('combobox', { name: 'Type' }).inputValue()).toBe('https');
    expect(await edit.getByRole('checkbox', { name: 'Accept a self-signed certificate' }).isChecked()).toBe(
      true,
    );
    await edit.getByRole('combobox', { name: 'Type' }).selectOption('http');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Service saved').waitFor();
    await card.locator('[data-service-type="http"]').waitFor();
    const edited = await callApi<Agent>(world.server, admin, 'GET', `Agent/${agent.publicId}?fields=*`);
    expect(edited.servers).toMatchObject([{ type: 'http', acceptSelfSigned: false }]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
