import { describe, expect, it, vi } from 'vitest';
import type { AccessRequest } from '@fleetgate/contracts';
import { callApi } from './support/api.ts';
import { collectPageErrors } from './support/browser.ts';
import { deviceRow, shot } from './support/devices.ts';
import { approvalSetup, connectorFor, freePort, watchVpnPage, useVpnWorld } from './support/vpn.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const world = useVpnWorld();

describe('connecting from the devices list', () => {
  it('requests, is approved and connects from the row, without opening the device', async () => {
    const { approver, engineer, agent } = await approvalSetup(world, 'Shift Lead');
    const connector = await connectorFor(world.server, await freePort());
    world.connectors.push(connector);

    const context = await world.server.signedInContext(world.browser, engineer, { width: 1280, height: 860 });
    await watchVpnPage(context, connector.url);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const { name } = await callApi<{ name: string }>(
      world.server,
      engineer,
      'GET',
      `Agent/${agent.publicId}`,
    );
    await page.goto(`${world.server.baseUrl}/devices`);
    const row = deviceRow(page, name);
    const connect = row.getByRole('button', { name: `Connect to ${name}` });
    await row.getByText('Needs approval').filter({ visible: true }).waitFor();
    expect(await connect.count()).toBe(0);

    const start = new Date();
    const request = await callApi<AccessRequest>(
      world.server,
      engineer,
      'POST',
      `AgentAccessRequestList/${agent.publicId}`,
      {
        allowedApprovers: [{ publicId: approver.publicId }],
        servers: [],
        vpn: true,
        reason: 'Check the HMI after the update',
        start: start.toISOString(),
        end: new Date(start.getTime() + 30 * 60_000).toISOString(),
      },
    );
    await callApi(world.server, approver, 'POST', `AccessRequestApprove/${request.publicId}`);
    await row
      .getByText(/^Approved until /)
      .filter({ visible: true })
      .waitFor();

    // The row's Connect takes the VPN feature's path: consent once, then the connector connects.
    await connect.click();
    await page
      .getByRole('dialog', { name: 'VPN connection' })
      .getByRole('button', { name: 'Got it' })
      .click();
    await page.waitForFunction(() => document.querySelector('[data-vpn-status="connected"]'));
    expect(connector.status.current).toMatchObject({ status: 'connected' });
    const disconnect = row.getByRole('button', { name: `Disconnect from ${name}` });
    await disconnect.waitFor();
    await row.getByText('You are connected').waitFor();
    await shot(page, 'connected-from-list');

    await disconnect.click();
    await connect.waitFor();
    expect(connector.status.current.status).toBe('idle');
    expect(errors).toEqual([]);
    await context.close();
  });
});
