import { describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './support/axe.ts';
import { collectPageErrors, settledScreenshot } from './support/browser.ts';
import type { SignedIn } from './support/shell-server.ts';
import { attachedAgent, connectorFor, freePort, watchVpnPage, useVpnWorld } from './support/vpn.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const world = useVpnWorld();

const barStates = (page: Page) =>
  page.evaluate(() => (window as unknown as { vpnStates: string[] }).vpnStates);

/** Every console error of the page, and every request the page sent to the connector's port. */
function watchConsole(page: Page, connectorUrl: string) {
  const consoleErrors: string[] = [];
  const connectorRequests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('request', (request) => {
    if (request.url().startsWith(connectorUrl)) connectorRequests.push(request.url());
  });
  return { consoleErrors, connectorRequests };
}

async function openPage(user: SignedIn, connectorUrl: string, path: string) {
  const context: BrowserContext = await world.server.signedInContext(world.browser, user, {
    width: 1280,
    height: 860,
  });
  await watchVpnPage(context, connectorUrl);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  const seen = watchConsole(page, connectorUrl);
  await page.goto(`${world.server.baseUrl}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return { context, page, errors, ...seen };
}

describe('the connector, looked for quietly', () => {
  it('is not looked for by users without device rights, and looked for without console errors on the devices page', async () => {
    const admin = await world.server.newAdministrator('VPN Quiet');
    const auditor = await world.server.newMember(admin, ['auditLogs.use'], 'Auditor');
    const nothing = `http://127.0.0.1:${await freePort()}`;

    // A user who never uses the VPN: nothing is sent to the connector, nothing on the console.
    const clerk = await openPage(auditor, nothing, '/');
    await clerk.page.waitForTimeout(2000);
    expect(clerk.connectorRequests).toEqual([]);
    expect(clerk.consoleErrors).toEqual([]);
    await clerk.context.close();

    // On the devices page it is looked for (its probe page, in a hidden frame), and a missing
    // connector prints nothing — a refused fetch would print net::ERR_CONNECTION_REFUSED.
    const devices = await openPage(admin, nothing, '/devices');
    await expect.poll(() => devices.connectorRequests.length).toBeGreaterThan(0);
    expect(devices.connectorRequests.every((url) => url.startsWith(`${nothing}/probe?origin=`))).toBe(true);
    // The probe gives up half a second after its frame loaded; give it ample time to have ended.
    await devices.page.waitForTimeout(2000);
    expect(await devices.page.locator('iframe').count()).toBe(0);
    expect(devices.consoleErrors).toEqual([]);
    expect(devices.errors).toEqual([]);
    await devices.context.close();
  });
});

describe('one computer, several users', () => {
  it('the session belongs to who opened it: the other user sees "in use by", cannot take it, gets none of its news', async () => {
    const admin = await world.server.newAdministrator('VPN Shared Admin');
    const engineer = await world.server.newMember(admin, ['agents.connect'], 'Engineer');
    const { agent, runner } = await attachedAgent(world.server, admin, world.simulator);
    world.runners.push(runner);
    const connector = await connectorFor(world.server, await freePort());
    world.connectors.push(connector);

    const own = await openPage(engineer, connector.url, `/devices/${agent.publicId}`);
    const other = await openPage(admin, connector.url, `/devices/${agent.publicId}`);
    for (const { page } of [own, other])
      await page.evaluate(() => localStorage.setItem('fleetgate.vpn.consent', 'true'));

    await own.page.getByRole('button', { name: 'Connect', exact: true }).click();
    await own.page.waitForFunction(() => document.querySelector('[data-vpn-status="connected"]'));
    expect(connector.status.current.owner).toEqual({
      publicId: engineer.publicId,
      name: engineer.account.name,
    });

    // The administrator's console shows nothing of it: no status bar, the device still available.
    await other.page.getByRole('button', { name: /^VPN: / }).click();
    const info = other.page.getByRole('dialog', { name: 'VPN' });
    await info.getByTestId('vpn-client-in-use').getByText(`In use by ${engineer.account.name}`).waitFor();
    expect(await info.getByTestId('vpn-active').count()).toBe(0);
    await expectAccessible(other.page);
    await settledScreenshot(other.page, 'vpn-in-use-by-other-user');
    await info.getByRole('button', { name: 'Close' }).click();

    // Connect is refused with who holds the client; the engineer's session is untouched.
    await other.page.getByRole('button', { name: 'Connect', exact: true }).click();
    await other.page
      .locator('.MuiSnackbar-root')
      .getByText(`The VPN client on this computer is in use by ${engineer.account.name}`)
      .waitFor();
    expect(connector.status.current).toMatchObject({
      status: 'connected',
      owner: { publicId: engineer.publicId },
    });

    const states = await barStates(other.page);
    expect(states.filter((state) => state !== 'hidden')).toEqual([]);
    // Logging the administrator out does not end the engineer's session.
    await other.page.getByRole('button', { name: 'Account' }).click();
    await other.page.getByRole('menuitem', { name: 'Log out' }).click();
    await other.page.waitForURL(/\/login$/);
    expect(connector.status.current.status).toBe('connected');

    await own.page.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await own.page.locator('[data-vpn-status]').waitFor({ state: 'detached' });
    expect(connector.status.current.status).toBe('idle');
    expect(own.errors).toEqual([]);
    expect(other.errors).toEqual([]);
    await own.context.close();
    await other.context.close();
  });
});
