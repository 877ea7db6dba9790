import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AccessRequest, Agent } from '@fleetgate/contracts';
import { collectPageErrors, settledScreenshot } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { callApi } from './support/api.ts';
import { newPublicId } from '../apps/server/src/http/ids.ts';
import { type SignedIn, useShellWorld } from './support/shell-server.ts';

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
    await approver.page.getByRole('tab', { name: 'To approve', selected: true }).waitFor();
    await settledScreenshot(approver.page, 'access-requests-to-approve');
    await expectAccessible(approver.page);

    // The requester approves nothing: no "To approve" tab, only their own requests, without
    // any decision buttons.
    const mine = requestCard(watcher.page, 'Replace the HMI firmware');
    await mine.getByText('Pending').waitFor();
    await watcher.page.getByRole('heading', { level: 2, name: 'My requests' }).waitFor();
    expect(await watcher.page.getByRole('tab').count()).toBe(0);
    expect(await watcher.page.getByText('To approve').count()).toBe(0);
    expect(await watcher.page.getByRole('button', { name: /^(Approve|Reject|Revoke):/ }).count()).toBe(0);
    await settledScreenshot(watcher.page, 'access-requests-mine-pending');
    await expectAccessible(watcher.page);

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
    // Revoking asks first, saying what happens; cancelling changes nothing.
    const confirm = approver.page.getByRole('dialog', {
      name: `Revoke the access of ${requester.account.name}?`,
    });
    await confirm.getByText(/loses access to Press line 7 at once.*the tunnel closes/).waitFor();
    await settledScreenshot(approver.page, 'access-requests-revoke-confirm');
    await expectAccessible(approver.page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await mine.getByText('Approved', { exact: true }).waitFor();
    await requestCard(approver.page, 'Replace the HMI firmware')
      .getByRole('button', { name: /^Revoke:/ })
      .click();
    await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
    await approver.page.getByText(`Access of ${requester.account.name} revoked`).waitFor();
    await confirm.waitFor({ state: 'detached' });
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

  it('warns that a live VPN session closes when its access is revoked', async () => {
    const admin = await world.server.newAdministrator('Shift lead');
    const requester = await world.server.newMember(
      admin,
      ['accessRequests.use', 'agents.connect'],
      'Night engineer',
    );
    const agent = await lockedAgent(admin, 'Kiln 2');
    const request = await requestAccess(requester, agent, admin, 'Reset the kiln controller');
    await api<AccessRequest>(admin, 'POST', `AccessRequestApprove/${request.publicId}`, {});
    // The requester's tunnel is open, as the relay records it.
    const user = await world.server.db
      .selectFrom('users')
      .select('id')
      .where('public_id', '=', requester.publicId)
      .executeTakeFirstOrThrow();
    const agentRow = await world.server.db
      .selectFrom('agents')
      .select(['id', 'company_id'])
      .where('public_id', '=', agent.publicId)
      .executeTakeFirstOrThrow();
    await world.server.db
      .insertInto('client_sessions')
      .values({
        public_id: newPublicId(),
        company_id: agentRow.company_id,
        agent_id: agentRow.id,
        user_id: user.id,
        vpn: true,
        ended_at: null,
        end_reason: null,
      })
      .execute();

    const approver = await open(admin);
    await approver.page.getByRole('combobox', { name: 'Status' }).click();
    await approver.page.getByRole('option', { name: 'Approved' }).click();
    await requestCard(approver.page, 'Reset the kiln controller')
      .getByRole('button', { name: /^Revoke:/ })
      .click();
    const confirm = approver.page.getByRole('dialog', {
      name: `Revoke the access of ${requester.account.name}?`,
    });
    await confirm
      .getByText(
        `${requester.account.name} is connected to Kiln 2 by VPN now. Revoking closes the tunnel at once`,
        {
          exact: false,
        },
      )
      .waitFor();
    await settledScreenshot(approver.page, 'access-requests-revoke-live-session');
    await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
    await requestCard(approver.page, 'Reset the kiln controller').waitFor({ state: 'detached' });
    expect(approver.errors).toEqual([]);
    await approver.context.close();
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
