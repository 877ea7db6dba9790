import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import type { AccessRequest } from '@fleetgate/contracts';
import { callApi } from './support/api.ts';
import { collectPageErrors, settledScreenshot } from './support/browser.ts';
import type { SignedIn } from './support/shell-server.ts';
import {
  attachedAgent,
  connectorFor,
  freePort,
  portRefused,
  watchVpnPage,
  useVpnWorld,
} from './support/vpn.ts';
import { expectAccessible } from './support/axe.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const world = useVpnWorld();

/** A 30-minute VPN request from now, by `requester`, for `approver` to decide. */
function requestVpnAccess(requester: SignedIn, agentId: string, approver: SignedIn) {
  const start = new Date();
  return callApi<AccessRequest>(world.server, requester, 'POST', `AgentAccessRequestList/${agentId}`, {
    allowedApprovers: [{ publicId: approver.publicId }],
    servers: [],
    vpn: true,
    reason: 'Check the filler after the recipe change',
    start: start.toISOString(),
    end: new Date(start.getTime() + 30 * 60_000).toISOString(),
  });
}

describe('VPN access that ends while connected', () => {
  it('closes the connection when the approved request is revoked, and the dialog logs out', async () => {
    const approver = await world.server.newAdministrator('VPN Approver');
    const engineer = await world.server.newMember(
      approver,
      ['agents.connect', 'accessRequests.use'],
      'Engineer',
    );
    const { agent, runner } = await attachedAgent(world.server, approver, world.simulator, {
      vpnRequireAccessApproval: true,
    });
    world.runners.push(runner);
    const connector = await connectorFor(world.server, await freePort());
    world.connectors.push(connector);

    const context = await world.server.signedInContext(world.browser, engineer, { width: 1280, height: 860 });
    await watchVpnPage(context, connector.url);
    // The connector's answer to a connect is the state when it took it ("connecting"); held back
    // here, it arrives after the status socket's news, which it must not overwrite.
    await context.route(`${connector.url}/connect`, async (route) => {
      const response = await route.fetch();
      await sleep(1000);
      await route.fulfill({ response });
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${world.server.baseUrl}/devices/${agent.publicId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();

    const connect = page.getByRole('button', { name: 'Connect', exact: true });
    // Without an approved request the relay's gate stays shut: access depends on the request.
    await connect.click();
    await page
      .getByRole('dialog', { name: 'VPN connection' })
      .getByRole('button', { name: 'Got it' })
      .click();
    const refused = page.getByText('An approved access request is required to connect to this device');
    await refused.waitFor();
    expect(connector.status.current.status).toBe('idle');
    // Gone after its 5 s, so what shows later is news of the access ending.
    await refused.waitFor({ state: 'hidden' });

    const request = await requestVpnAccess(engineer, agent.publicId, approver);
    await callApi(world.server, approver, 'POST', `AccessRequestApprove/${request.publicId}`);
    await connect.click();
    await page.waitForFunction(() => document.querySelector('[data-vpn-status="connected"]'));
    const echoPort = connector.status.current.services.find((s) => s.name === 'echo')!.localPort;

    // The approver revokes it: the relay closes the session with access ended (4001).
    await callApi(world.server, approver, 'POST', `AccessRequestRevoke/${request.publicId}`);
    const expired = page.getByRole('dialog', { name: 'VPN access expired' });
    await expired.getByText('Your access to this device has ended').waitFor();
    // The requester also hears of the revoke; the ended access is the dialog's news, not an error.
    await page
      .locator('.MuiSnackbar-root')
      .getByText(/^Your access request for .+ was revoked by /)
      .waitFor();
    expect(connector.status.current).toMatchObject({ status: 'idle', code: 13 });
    expect(connector.status.current.message).toMatch(/access ended/);
    expect(await portRefused(echoPort)).toBe(true);
    await page.locator('[data-vpn-status]').waitFor({ state: 'detached' });
    expect(await page.getByText('The VPN connection was closed by the server').count()).toBe(0);
    await settledScreenshot(page, 'vpn-access-expired');
    await expectAccessible(page);

    // Log out ends the portal session for real: back at the login page, the token revoked.
    await expired.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('fleetgate.session'))).toBeNull();
    const afterLogOut = await fetch(`${world.server.baseUrl}/api/Agent/${agent.publicId}`, {
      headers: {
        'Api-Version': '2',
        Authorization: `Bearer ${engineer.token.secretId}`,
        'Api-Company': engineer.companyPublicId,
      },
    });
    expect(afterLogOut.status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });
});
