import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AccessRequest, Agent } from '@fleetgate/contracts';
import { collectPageErrors, settledScreenshot } from './support/browser.ts';
import { callApi } from './support/api.ts';
import { type SignedIn, useShellWorld } from './support/shell-server.ts';
import { expectAccessible } from './support/axe.ts';

const world = useShellWorld();

const api = <T>(user: SignedIn, method: string, rel: string, body?: unknown) =>
  callApi<T>(world.server, user, method, rel, body);

/** A VPN-locked agent with one service that needs approval. */
async function lockedAgent(admin: SignedIn, name: string): Promise<Agent> {
  return api<Agent>(admin, 'POST', 'AgentList', {
    name,
    vpnLocked: true,
    servers: [{ name: 'HMI', host: '192.168.10.20', port: 8080, requireAccessApproval: true }],
  });
}

/** A 30-minute request from now, by `requester`, to be decided by `approver`. */
function requestAccess(requester: SignedIn, agent: Agent, approver: SignedIn, reason: string) {
  const start = new Date();
  const end = new Date(start.getTime() + 30 * 60_000);
  return api<AccessRequest>(requester, 'POST', `AgentAccessRequestList/${agent.publicId}`, {
    allowedApprovers: [{ publicId: approver.publicId }],
    servers: [{ publicId: agent.servers[0]!.publicId }],
    vpn: true,
    reason,
    start: start.toISOString(),
    end: end.toISOString(),
  });
}

async function open(user: SignedIn) {
  const context = await world.server.signedInContext(world.browser, user);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${world.server.baseUrl}/access-requests`);
  await page.getByRole('heading', { level: 1, name: 'Access requests' }).waitFor();
  return { context, page, errors };
}

/** The card of the request with this reason. */
const requestCard = (page: Page, reason: string) => page.getByRole('article').filter({ hasText: reason });

describe('Access requests screen', () => {
  it('lets an approver approve, reject and revoke while the requester watches live', async () => {
    const admin = await world.server.newAdministrator('Approver');
    const requester = await world.server.newMember(
      admin,
      ['accessRequests.use', 'agents.connect'],
      'Requester',
    );
    const agent = await lockedAgent(admin, 'Press line 7');
    await requestAccess(requester, agent, admin, 'Replace the HMI firmware');
    await requestAccess(requester, agent, admin, 'Check the conveyor alarms');

    const approver = await open(admin);
    const watcher = await open(requester);

    // The approver sees both pending requests, with everything needed to decide.
    const firmware = requestCard(approver.page, 'Replace the HMI firmware');
    await firmware.getByText(requester.account.name).waitFor();
    await firmware.getByText('Press line 7').waitFor();
    await firmware.getByText('VPN', { exact: true }).waitFor();
    await firmware.getByText('HMI', { exact: true }).waitFor();
    await firmware.getByText('Pending').waitFor();
    await requestCard(approver.page, 'Check the conveyor alarms').waitFor();
    await settledScreenshot(approver.page, 'access-requests-to-approve');
    await expectAccessible(approver.page);

    // The requester has nothing to decide, and sees their own requests without any decision buttons.
    await watcher.page.getByRole('tab', { name: 'My requests', selected: true }).waitFor();
    const mine = requestCard(watcher.page, 'Replace the HMI firmware');
    await mine.getByText('Pending').waitFor();
    expect(await watcher.page.getByRole('button', { name: /^(Approve|Reject|Revoke):/ }).count()).toBe(0);
    await settledScreenshot(watcher.page, 'access-requests-mine-pending');
    await expectAccessible(watcher.page);
    await watcher.page.getByRole('tab', { name: 'To approve' }).click();
    await watcher.page.getByText('No requests for you to decide.').waitFor();
    await watcher.page.getByRole('tab', { name: 'My requests' }).click();
    await mine.waitFor();

    // Approve: the requester's list changes without a reload.
    await firmware.getByRole('button', { name: /^Approve:/ }).click();
    await approver.page.getByText(`Request of ${requester.account.name} approved`).waitFor();
    await mine.getByText('Approved', { exact: true }).waitFor();
    await mine.getByText(admin.account.name).waitFor();

    // Reject the other one.
    const alarms = requestCard(approver.page, 'Check the conveyor alarms');
    await alarms.getByRole('button', { name: /^Reject:/ }).click();
    await requestCard(watcher.page, 'Check the conveyor alarms')
      .getByText('Rejected', { exact: true })
      .waitFor();
    await approver.page.getByText('No requests for you to decide.').waitFor();

    // Approved requests can be revoked by the approver.
    await approver.page.getByRole('combobox', { name: 'Status' }).click();
    await approver.page.getByRole('option', { name: 'Approved' }).click();
    await requestCard(approver.page, 'Replace the HMI firmware').getByText('Approved by').waitFor();
    await settledScreenshot(approver.page, 'access-requests-approved');
    await expectAccessible(approver.page);
    await requestCard(approver.page, 'Replace the HMI firmware')
      .getByRole('button', { name: /^Revoke:/ })
      .click();
    await approver.page.getByText(`Access of ${requester.account.name} revoked`).waitFor();
    await mine.getByText('Revoked', { exact: true }).waitFor();
    await mine.getByText('Revoked by').waitFor();

    // The requester's status filter.
    await watcher.page.getByRole('combobox', { name: 'Status' }).click();
    await watcher.page.getByRole('option', { name: 'Rejected' }).click();
    await requestCard(watcher.page, 'Check the conveyor alarms').waitFor();
    await mine.waitFor({ state: 'detached' });
    await settledScreenshot(watcher.page, 'access-requests-mine-rejected');
    await expectAccessible(watcher.page);

    await watcher.page.setViewportSize({ width: 600, height: 900 });
    await watcher.page.getByRole('combobox', { name: 'Status' }).click();
    await watcher.page.getByRole('option', { name: 'All' }).click();
    await mine.waitFor();
    await settledScreenshot(watcher.page, 'access-requests-mine-600');
    await expectAccessible(watcher.page);

    expect(approver.errors).toEqual([]);
    expect(watcher.errors).toEqual([]);
    await approver.context.close();
    await watcher.context.close();
  });

  it('is offered to requesters and to managers of access requests, not to others', async () => {
    const admin = await world.server.newAdministrator('Owner');
    const manager = await world.server.newMember(admin, ['accessRequests.manage'], 'Manager');
    const outsider = await world.server.newMember(admin, ['agents.connect'], 'Outsider');

    const managed = await open(manager);
    await managed.page.getByRole('link', { name: 'Access requests' }).waitFor();
    await managed.context.close();

    const context = await world.server.signedInContext(world.browser, outsider);
    const page = await context.newPage();
    await page.goto(`${world.server.baseUrl}/access-requests`);
    await page.getByText('Page not allowed for your role in this company.').waitFor();
    expect(await page.getByRole('link', { name: 'Access requests' }).count()).toBe(0);
    await context.close();
  });
});
