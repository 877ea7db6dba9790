import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import type { AccessRequest } from '@fleetgate/contracts';
import { callApi } from './support/api.ts';
import { expectAccessible } from './support/axe.ts';
import { collectPageErrors, settledScreenshot } from './support/browser.ts';
import type { SignedIn } from './support/shell-server.ts';
import {
  approvalSetup,
  connectorFor,
  freePort,
  portRefused,
  watchVpnPage,
  useVpnWorld,
} from './support/vpn.ts';

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
  it('says who revoked the access and offers to request it again; an expiry says it expired, and its dialog logs out', async () => {
    const { approver, engineer, agent } = await approvalSetup(world, 'VPN Approver');
    const { name: agentName } = await world.server.db
      .selectFrom('agents')
      .select('name')
      .where('public_id', '=', agent.publicId)
      .executeTakeFirstOrThrow();
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
    // The approver works in another browser on the same computer, on the same device's page.
    const approverContext = await world.server.signedInContext(world.browser, approver, {
      width: 1280,
      height: 860,
    });
    await watchVpnPage(approverContext, connector.url);
    const approverPage = await approverContext.newPage();
    await approverPage.goto(`${world.server.baseUrl}/devices/${agent.publicId}`);
    await approverPage.getByRole('heading', { level: 1 }).waitFor();

    const connect = page.getByRole('button', { name: 'Connect', exact: true });
    // Without an approved request the device needs approval: no Connect is offered (the relay's
    // gate would refuse it), only the request. The approval offers Connect without a reload.
    await page.getByText('Needs approval').first().waitFor();
    await page.getByRole('button', { name: 'Request access' }).waitFor();
    expect(await connect.count()).toBe(0);

    const request = await requestVpnAccess(engineer, agent.publicId, approver);
    await callApi(world.server, approver, 'POST', `AccessRequestApprove/${request.publicId}`);
    await connect.click();
    await page
      .getByRole('dialog', { name: 'VPN connection' })
      .getByRole('button', { name: 'Got it' })
      .click();
    await page.waitForFunction(() => document.querySelector('[data-vpn-status="connected"]'));
    const echoPort = connector.status.current.services.find((s) => s.name === 'echo')!.localPort;

    // The approver revokes it: the relay closes the session saying so, and by whom.
    await callApi(world.server, approver, 'POST', `AccessRequestRevoke/${request.publicId}`);
    const revoked = page.getByRole('dialog', { name: 'VPN access revoked' });
    await revoked
      .getByText(
        `${approver.account.name} revoked your access to ${agentName}, and the VPN connection was closed.`,
      )
      .waitFor();
    // The requester also hears of the revoke; the ended access is the dialog's news, not an error.
    await page
      .locator('.MuiSnackbar-root')
      .getByText(/^Your access request for .+ was revoked by /)
      .waitFor();
    expect(connector.status.current).toMatchObject({
      status: 'idle',
      code: 13,
      accessEnded: { agentId: agent.publicId, reason: 'revoked', by: approver.account.name },
    });
    expect(await portRefused(echoPort)).toBe(true);
    await page.locator('[data-vpn-status]').waitFor({ state: 'detached' });
    expect(await page.getByText('The VPN connection was closed by the server').count()).toBe(0);
    await revoked.getByRole('button', { name: 'Log out' }).waitFor();
    await settledScreenshot(page, 'vpn-access-revoked');
    await expectAccessible(page);
    // The approver's browser on the same computer heard nothing of the engineer's session.
    expect(await approverPage.getByRole('dialog').count()).toBe(0);
    const approverStates = await approverPage.evaluate(
      () => (window as unknown as { vpnStates: string[] }).vpnStates,
    );
    expect(approverStates.filter((state) => state !== 'hidden')).toEqual([]);
    await approverContext.close();

    // Request access again opens the request form for this device.
    await revoked.getByRole('button', { name: 'Request access again' }).click();
    const form = page.getByRole('dialog', { name: /^Request access/ });
    await form.getByText(`to ${agentName}`).waitFor();
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });

    // An approved request that runs out: the dialog says it expired.
    const second = await requestVpnAccess(engineer, agent.publicId, approver);
    await callApi(world.server, approver, 'POST', `AccessRequestApprove/${second.publicId}`);
    await world.server.db
      .updateTable('access_requests')
      .set({ ends_on: new Date(Date.now() + 8000) })
      .where('public_id', '=', second.publicId)
      .execute();
    await connect.click();
    await page.waitForFunction(() => document.querySelector('[data-vpn-status="connected"]'));
    const expired = page.getByRole('dialog', { name: 'VPN access expired' });
    await expired
      .getByText(`Your approved access to ${agentName} has expired, and the VPN connection was closed.`)
      .waitFor({ timeout: 30_000 });
    expect(connector.status.current.accessEnded).toMatchObject({ reason: 'expired', by: null });

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
