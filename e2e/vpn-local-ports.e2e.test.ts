import net from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/axe.ts';
import { collectPageErrors, settledScreenshot } from './support/browser.ts';
import {
  attachedAgent,
  connectorFor,
  freePort,
  socksConnect,
  useVpnWorld,
  watchVpnPage,
} from './support/vpn.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const world = useVpnWorld();

const shot = (page: Page, name: string) => settledScreenshot(page, `vpn-local-ports-${name}`);
const statusBar = (page: Page) => page.getByRole('status', { name: 'VPN', exact: true });
const services = (page: Page) => page.getByRole('list', { name: 'Services' });
const connected = (page: Page) =>
  page.waitForFunction(() => document.querySelector('[data-vpn-status="connected"]'));

/** The `127.0.0.1:<port>` the page shows for a service, read from the page itself. */
async function shownAddress(scope: ReturnType<Page['locator']>, name: string): Promise<string> {
  const text = await scope.getByTestId(`local-address-${name}`).locator('code').textContent();
  expect(text).toMatch(/^127\.0\.0\.1:\d+$/);
  return text!;
}

describe('local ports in the portal', () => {
  it('shows where each service is on this computer, on the same port at every connect', async () => {
    const admin = await world.server.newAdministrator('Ports Admin');
    const { agent, runner } = await attachedAgent(world.server, admin, world.simulator);
    world.runners.push(runner);
    const connector = await connectorFor(world.server, await freePort());
    world.connectors.push(connector);
    const context = await world.server.signedInContext(world.browser, admin, { width: 1280, height: 900 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.server.baseUrl });
    await watchVpnPage(context, connector.url);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${world.server.baseUrl}/devices/${agent.publicId}`);
    // The device page's title is the agent's name (seeded as "Agent <publicId>").
    const agentName = (await page.getByRole('heading', { level: 1 }).textContent())!;
    expect(agentName).toMatch(/^Agent \w{12}$/);
    const agentLabel = agentName.toLowerCase().replace(' ', '-');

    // Not connected: only the device-side address, labelled as such.
    const hmiDevice = world.simulator.services.find((s) => s.name === 'hmi')!;
    await services(page).getByText(`On the device: 127.0.0.1:${hmiDevice.port}`).waitFor();
    expect(await page.getByText('On this computer').count()).toBe(0);

    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByRole('button', { name: 'Got it' }).click();
    await connected(page);

    // The device page: the HMI's local address, copied and opened from its link.
    const hmi = await shownAddress(services(page), 'hmi');
    const echo = await shownAddress(services(page), 'echo');
    expect(hmi).toBe(
      `127.0.0.1:${connector.status.current.services.find((s) => s.name === 'hmi')!.localPort}`,
    );
    const open = services(page).getByRole('link', { name: 'Open hmi in a new tab' });
    expect(await open.getAttribute('href')).toBe(`http://${hmi}/`);
    expect(await open.getAttribute('target')).toBe('_blank');
    expect(await open.getAttribute('rel')).toContain('noopener');
    // Echo is no web service: no link.
    expect(await services(page).getByRole('link', { name: 'Open echo in a new tab' }).count()).toBe(0);
    const response = await fetch(`http://${hmi}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('HMI');
    const [tab] = await Promise.all([context.waitForEvent('page'), open.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`http://${hmi}/`);
    expect(await tab.title()).toMatch(/HMI$/);
    await tab.close();

    await services(page).getByRole('button', { name: 'Copy address of hmi' }).click();
    await page.locator('.MuiSnackbar-root').getByText(`${hmi} copied`).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(hmi);

    const socks = `127.0.0.1:${connector.status.current.socksPort}`;
    const devicePageSocks = page.getByTestId('local-address-socks');
    expect(await devicePageSocks.locator('code').first().textContent()).toBe(socks);
    const command = `curl --socks5-hostname ${socks} http://hmi.${agentLabel}/`;
    await devicePageSocks.getByText(command).waitFor();
    // The proxy answers the name the portal shows.
    const viaSocks = await socksConnect(connector.status.current.socksPort!, {
      host: `hmi.${agentLabel}`,
      port: 80,
    });
    expect(viaSocks.reply).toBe(0);
    viaSocks.socket.destroy();
    await expectAccessible(page);
    await shot(page, 'device-page');

    // The VPN info dialog: a "Local addresses" section with the same addresses and the proxy.
    await statusBar(page).getByRole('button', { name: 'Details' }).click();
    const info = page.getByRole('dialog', { name: 'VPN' });
    const section = info.getByRole('region', { name: 'Local addresses' });
    expect(await shownAddress(section, 'hmi')).toBe(hmi);
    expect(await shownAddress(section, 'echo')).toBe(echo);
    await section.getByText(`On the device: 127.0.0.1:${hmiDevice.port}`).waitFor();
    expect(await section.getByRole('link', { name: 'Open hmi in a new tab' }).getAttribute('href')).toBe(
      `http://${hmi}/`,
    );
    await section.getByText(command).waitFor();
    // Where to change them: the connector's settings page.
    expect(await section.getByRole('link', { name: 'Change ports' }).getAttribute('href')).toBe(
      `${connector.url}/`,
    );
    await section.getByRole('button', { name: 'Copy SOCKS5 proxy address' }).click();
    await page.locator('.MuiSnackbar-root').getByText(`${socks} copied`).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(socks);
    await section.getByRole('button', { name: 'Copy command' }).click();
    await page.locator('.MuiSnackbar-root').getByText('Command copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);
    await expectAccessible(page);
    await shot(page, 'info-dialog');
    await page.setViewportSize({ width: 600, height: 900 });
    await expectAccessible(page);
    await shot(page, 'info-dialog-600');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Disconnected, the local addresses go; connected again, they come back on the same ports.
    await info.getByRole('button', { name: 'Disconnect' }).click();
    await info.waitFor({ state: 'hidden' });
    await statusBar(page).waitFor({ state: 'detached' });
    expect(await page.getByText('On this computer').count()).toBe(0);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await connected(page);
    expect(await shownAddress(services(page), 'hmi')).toBe(hmi);
    expect(await shownAddress(services(page), 'echo')).toBe(echo);
    expect((await fetch(`http://${hmi}/`)).status).toBe(200);
    await statusBar(page).getByRole('button', { name: 'Details' }).click();
    expect(await shownAddress(info.getByRole('region', { name: 'Local addresses' }), 'hmi')).toBe(hmi);
    await page.setViewportSize({ width: 600, height: 900 });
    await info.getByRole('button', { name: 'Close' }).click();
    await shot(page, 'device-page-600');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Another program on the HMI's port: the next connect moves it and the page says so.
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await statusBar(page).waitFor({ state: 'detached' });
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(Number(hmi.split(':')[1]), '127.0.0.1', resolve));
    try {
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      await connected(page);
      const movedTo = await shownAddress(services(page), 'hmi');
      expect(movedTo).not.toBe(hmi);
      await services(page)
        .getByRole('note')
        .getByText(
          `${hmi} was in use by another program: hmi is now on ${movedTo}, also at the next connects.`,
        )
        .waitFor();
      expect((await fetch(`http://${movedTo}/`)).status).toBe(200);
      await expectAccessible(page);
      await shot(page, 'moved');
    } finally {
      squatter.close();
    }

    expect(errors).toEqual([]);
    await context.close();
  });
});
