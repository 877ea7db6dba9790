import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { relayCloseCodes, type TunnelTicket } from '@fleetgate/contracts';
import { useTestServer } from '../../test/harness.ts';
import { startSimulator, type Simulator } from '../../../agent/src/simulator.ts';
import type { AgentRunner } from '../../../agent/src/agent-runner.ts';
import { hashSecret, newSecret } from '../auth/secrets.ts';
import { newPublicId } from '../http/ids.ts';
import { idOf, openRelayClient, seedAgent, startAgent, type SeededAgent } from './relay.test-support.ts';

// Sessions are checked against the rules every 200 ms here (5 s by default), as after any change.
const t = useTestServer({ relay: { revalidateMs: 200 } });
type As = { token: string; company: string };

let simulator: Simulator;
const runners: AgentRunner[] = [];
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await simulator.close();
});

/** A company whose administrator has TOTP (so the two-factor rule does not block them) and an attached agent. */
async function setup() {
  const company = await t.newCompany();
  await giveTotp(company.admin.publicId);
  const admin: As = { token: company.admin.token, company: company.publicId };
  const agent = await seedAgent(t.server.db, company.publicId, { servers: simulator.services });
  runners.push(await startAgent(t.server.baseUrl, agent, simulator.services));
  return { company, admin, agent };
}

async function giveTotp(publicId: string) {
  await t.server.db
    .updateTable('users')
    .set({ totp_secret: 'JBSWY3DPEHPK3PXP' })
    .where('public_id', '=', publicId)
    .execute();
}

async function ticket(as: As, agent: SeededAgent) {
  const response = await t.call('POST', `AgentTunnelTicketList/${agent.publicId}`, {
    ...as,
    body: { vpn: true },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as TunnelTicket;
}

async function patchRules(as: As, body: object) {
  const response = await t.call('PATCH', 'CompanySignInRules', { ...as, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** A session made by the company's own identity provider, as the SSO callback makes one. */
async function ssoSession(userPublicId: string, companyPublicId: string) {
  const secret = newSecret();
  const expiresOn = new Date(Date.now() + 3600_000);
  await t.server.db
    .insertInto('access_tokens')
    .values({
      public_id: newPublicId(),
      user_id: await idOf(t.server.db, 'users', userPublicId),
      secret_hash: hashSecret(secret),
      expires_on: expiresOn,
      sign_in_expires_on: expiresOn,
      client: null,
      auth_method: 'sso',
      sso_company_id: await idOf(t.server.db, 'companies', companyPublicId),
    })
    .execute();
  return secret;
}

async function addIdentityProvider(companyPublicId: string) {
  await t.server.db
    .insertInto('sso_identity_providers')
    .values({
      public_id: newPublicId(),
      company_id: await idOf(t.server.db, 'companies', companyPublicId),
      name: `Provider ${t.unique()}`,
      issuer_url: 'https://id.example.com',
      client_id: 'fleetgate',
      client_secret_sealed: 'sealed',
      allowed_domains: '[]',
    })
    .execute();
}

async function expectOpen(client: Awaited<ReturnType<typeof openRelayClient>>) {
  expect(client.ws.readyState).toBe(WebSocket.OPEN);
  client.ws.close();
  await client.closed;
}

describe('relay: sign-in rules that start to block a member end their open tunnels', () => {
  it('closes the tunnel of a member without a second factor once two-factor is required, not the others', async () => {
    const { company, admin, agent } = await setup();
    const blocked = await t.newMember(company, ['agents.connect']);
    const withTotp = await t.newMember(company, ['agents.connect']);
    await giveTotp(withTotp.publicId);
    const client = await openRelayClient(
      await ticket({ token: blocked.token, company: company.publicId }, agent),
    );
    const other = await openRelayClient(
      await ticket({ token: withTotp.token, company: company.publicId }, agent),
    );

    await patchRules(admin, { twoFactorRequired: true, twoFactorGraceDays: 0 });
    // Revoked, by the administrator who changed the rules (the relay's close reason convention).
    expect(await client.closed).toEqual({
      code: relayCloseCodes.accessEnded,
      reason: 'ACCESS_REVOKED:Company Admin',
    });
    await expectOpen(other);
    // The API refuses the blocked member a new ticket too.
    const refused = await t.call('POST', `AgentTunnelTicketList/${agent.publicId}`, {
      token: blocked.token,
      company: company.publicId,
      body: { vpn: true },
    });
    expect(refused.status).toBe(403);
  });

  it("closes a password session's tunnel once single sign-on is required, not one made through the company's provider", async () => {
    const { company, admin, agent } = await setup();
    await addIdentityProvider(company.publicId);
    const member = await t.newMember(company, ['agents.connect']);
    const bySso = await t.newMember(company, ['agents.connect']);
    const ssoToken = await ssoSession(bySso.publicId, company.publicId);
    const password = await openRelayClient(
      await ticket({ token: member.token, company: company.publicId }, agent),
    );
    const sso = await openRelayClient(await ticket({ token: ssoToken, company: company.publicId }, agent));

    await patchRules(admin, { ssoRequired: true });
    expect(await password.closed).toEqual({
      code: relayCloseCodes.accessEnded,
      reason: 'ACCESS_REVOKED:Company Admin',
    });
    await expectOpen(sso);
  });
});
