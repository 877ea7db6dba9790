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

const minute = 60_000;

/** An approved 30-minute VPN request of `requester` for a locked agent, starting now. */
async function approvedAccess(admin: SignedIn, requester: SignedIn): Promise<AccessRequest> {
  const agent = await api<Agent>(admin, 'POST', 'AgentList', {
    name: 'Press line 7',
    vpnLocked: true,
    servers: [{ name: 'HMI', host: '192.168.10.20', port: 8080 }],
  });
  const start = new Date();
  const request = await api<AccessRequest>(requester, 'POST', `AgentAccessRequestList/${agent.publicId}`, {
    allowedApprovers: [{ publicId: admin.publicId }],
    servers: [],
    vpn: true,
    reason: 'Firmware update',
    start: start.toISOString(),
    end: new Date(start.getTime() + 30 * minute).toISOString(),
  });
  return api<AccessRequest>(admin, 'POST', `AccessRequestApprove/${request.publicId}`);
}

/** Jumps the page's clock to `time`; timers that fall due (the one-minute tick) fire once. */
async function advanceTo(page: Page, time: number) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.fastForward(Math.max(0, Math.round(time - now)));
}

describe('Reminders', () => {
  it('remind 10 and 2 minutes before access ends, stay muted until the next time, and go at the end', async () => {
    const admin = await world.server.newAdministrator('Approver');
    const requester = await world.server.newMember(
      admin,
      ['accessRequests.use', 'agents.connect'],
      'Requester',
    );
    const request = await approvedAccess(admin, requester);
    const end = Date.parse(request.end);

    const context = await world.server.signedInContext(world.browser, requester);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.clock.install({ time: Date.now() });
    await page.goto(`${world.server.baseUrl}/access-requests`);
    await page.getByRole('heading', { level: 1, name: 'Access requests' }).waitFor();

    const reminders = page.getByRole('region', { name: 'Reminders' });
    const reminder = reminders.getByText(/^Your access to Press line 7 ends at /);
    const mute = page.getByRole('button', { name: /^Mute: Your access to Press line 7/ });

    // Twenty minutes before the end: nothing yet.
    await advanceTo(page, end - 11 * minute);
    expect(await reminders.count()).toBe(0);

    // Ten minutes before.
    await advanceTo(page, end - 10 * minute + 5000);
    await reminder.waitFor();
    await settledScreenshot(page, 'reminders-10-minutes');
    await expectAccessible(page);

    // Muted: hidden, also after a reload (kept in local storage), until the next remind time.
    await mute.click();
    await reminders.waitFor({ state: 'detached' });
    await advanceTo(page, end - 5 * minute);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Access requests' }).waitFor();
    await advanceTo(page, end - 4 * minute);
    expect(await reminders.count()).toBe(0);

    // Two minutes before: shown again.
    await advanceTo(page, end - 2 * minute + 5000);
    await reminder.waitFor();
    await settledScreenshot(page, 'reminders-2-minutes');
    await expectAccessible(page);

    // After the end it is gone for good.
    await advanceTo(page, end + minute);
    await reminders.waitFor({ state: 'detached' });
    await advanceTo(page, end + 3 * minute);
    expect(await reminders.count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('drop the reminder of access that is revoked', async () => {
    const admin = await world.server.newAdministrator('Approver');
    const requester = await world.server.newMember(
      admin,
      ['accessRequests.use', 'agents.connect'],
      'Requester',
    );
    const request = await approvedAccess(admin, requester);
    const end = Date.parse(request.end);

    const context = await world.server.signedInContext(world.browser, requester);
    const page = await context.newPage();
    await page.clock.install({ time: Date.now() });
    await page.goto(`${world.server.baseUrl}/access-requests`);
    await page.getByRole('heading', { level: 1, name: 'Access requests' }).waitFor();
    await advanceTo(page, end - 9 * minute);
    const reminders = page.getByRole('region', { name: 'Reminders' });
    await reminders.getByText(/^Your access to Press line 7 ends at /).waitFor();

    await api(admin, 'POST', `AccessRequestRevoke/${request.publicId}`);
    await reminders.waitFor({ state: 'detached' });
    await context.close();
  });
});
