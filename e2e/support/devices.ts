import type { Browser, Locator, Page } from 'playwright-core';
import type { AccessRequest, Agent } from '@fleetgate/contracts';
import { newPublicId } from '../../apps/server/src/http/ids.ts';
import { collectPageErrors, settledScreenshot } from './browser.ts';
import type { ShellServer, SignedIn } from './shell-server.ts';
import { callApi } from './api.ts';

export { callApi };

export type DeviceInput = {
  name: string;
  vpnLocked?: boolean;
  webAccessLocked?: boolean;
  vpnRequireAccessApproval?: boolean;
  controlledBy?: { publicId: string };
  servers?: { name: string; host: string; port: number; serviceGroup?: string }[];
};

/** A device set up by a manager through `POST AgentList`, as the console does. */
export function createDevice(server: ShellServer, admin: SignedIn, input: DeviceInput): Promise<Agent> {
  return callApi<Agent>(server, admin, 'POST', 'AgentList', input);
}

async function agentRow(server: ShellServer, publicId: string) {
  return server.db
    .selectFrom('agents')
    .select(['id', 'company_id'])
    .where('public_id', '=', publicId)
    .executeTakeFirstOrThrow();
}

async function publishSessionChange(
  server: ShellServer,
  companyId: number,
  publicId: string,
  online: boolean,
) {
  const audience = { companyId };
  await server.events.publish(audience, {
    type: 'AgentStatusChanged',
    data: { publicId, status: online ? 'online' : 'offline' },
  });
  await server.events.publish(audience, { type: 'VpnSessionChanged', data: { agent: { publicId } } });
}

/** The device attaches to the built-in relay, as the relay records it, and says so live. */
export async function attachDevice(server: ShellServer, agent: Agent, vpnAddress: string): Promise<void> {
  const row = await agentRow(server, agent.publicId);
  const relay = await server.db
    .selectFrom('platform_servers')
    .select('id')
    .where('type', '=', 'rsc')
    .where('company_id', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('vpn_sessions')
    .values({
      public_id: newPublicId(),
      company_id: row.company_id,
      agent_id: row.id,
      platform_server_id: relay.id,
      vpn_address: vpnAddress,
    })
    .execute();
  await publishSessionChange(server, row.company_id, agent.publicId, true);
}

/** The device's relay session ends (the agent went away), and the change is pushed live. */
export async function detachDevice(server: ShellServer, agent: Agent): Promise<void> {
  const row = await agentRow(server, agent.publicId);
  await server.db
    .updateTable('vpn_sessions')
    .set({ ended_at: new Date() })
    .where('agent_id', '=', row.id)
    .where('ended_at', 'is', null)
    .execute();
  await publishSessionChange(server, row.company_id, agent.publicId, false);
}

/** Gives `user` an access category (audience) in their company; services of that group need it. */
export async function setAccessCategory(server: ShellServer, user: SignedIn, name: string): Promise<void> {
  const company = await server.db
    .selectFrom('companies')
    .select('id')
    .where('public_id', '=', user.companyPublicId)
    .executeTakeFirstOrThrow();
  const person = await server.db
    .selectFrom('users')
    .select('id')
    .where('public_id', '=', user.publicId)
    .executeTakeFirstOrThrow();
  const audience = await server.db
    .insertInto('audiences')
    .values({ public_id: newPublicId(), company_id: company.id, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .updateTable('memberships')
    .set({ audience_id: audience.id })
    .where('company_id', '=', company.id)
    .where('user_id', '=', person.id)
    .execute();
}

/** Takes the user's access category away again, as an administrator editing the member would. */
export async function clearAccessCategory(server: ShellServer, user: SignedIn): Promise<void> {
  const person = await server.db
    .selectFrom('users')
    .select('id')
    .where('public_id', '=', user.publicId)
    .executeTakeFirstOrThrow();
  await server.db
    .updateTable('memberships')
    .set({ audience_id: null })
    .where('user_id', '=', person.id)
    .execute();
}

/** A request made through the API for the next `minutes`, starting now. */
export function requestAccess(
  server: ShellServer,
  requester: SignedIn,
  agent: Agent,
  input: { approvers: SignedIn[]; servers?: string[]; vpn?: boolean; reason: string; minutes?: number },
): Promise<AccessRequest> {
  const start = new Date();
  const end = new Date(start.getTime() + (input.minutes ?? 60) * 60_000);
  return callApi<AccessRequest>(server, requester, 'POST', `AgentAccessRequestList/${agent.publicId}`, {
    allowedApprovers: input.approvers.map((approver) => ({ publicId: approver.publicId })),
    servers: (input.servers ?? []).map((publicId) => ({ publicId })),
    vpn: input.vpn ?? false,
    reason: input.reason,
    start: start.toISOString(),
    end: end.toISOString(),
  });
}

/** The user's display name, as approver names are shown. */
export async function nameOf(server: ShellServer, user: SignedIn): Promise<string> {
  const row = await server.db
    .selectFrom('users')
    .select('name')
    .where('public_id', '=', user.publicId)
    .executeTakeFirstOrThrow();
  return row.name;
}

/** A page signed in as `user` at `width`, opened at `route`, collecting uncaught page errors. */
export async function openAs(
  server: ShellServer,
  browser: Browser,
  user: SignedIn,
  width: number,
  route: string,
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await server.signedInContext(browser, user, { width, height: 900 });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${server.baseUrl}${route}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return { page, errors, close: () => context.close() };
}

/** A settled screenshot: test-results/devices-<name>.png (E2E_SCREENSHOTS=1). */
export const shot = (page: Page, name: string) => settledScreenshot(page, `devices-${name}`);

/** The devices table row of the device named `name`. */
export function deviceRow(page: Page, name: string): Locator {
  return page.getByRole('row', { name, exact: true });
}

/** The status colour a row or heading shows: its dot's accessible name. */
export async function colourOf(scope: Locator): Promise<string | null> {
  return scope.locator('[data-colour]').getAttribute('aria-label');
}

/** The dot's painted colour, to check the colour itself and not only its label. */
export async function paintedColourOf(scope: Locator): Promise<string> {
  return scope.locator('[data-colour]').evaluate((element) => getComputedStyle(element).backgroundColor);
}
