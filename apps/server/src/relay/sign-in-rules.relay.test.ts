import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { relayCloseCodes, type TunnelTicket } from '@fleetgate/contracts';
import { useTestServer } from '../../test/harness.ts';
import { startSimulator, type Simulator } from '../../../agent/src/simulator.ts';
import type { AgentRunner } from '../../../agent/src/agent-runner.ts';
import { hashSecret, newSecret } from '../auth/secrets.ts';
import { newPublicId } from '../http/ids.ts';
import { browse } from '../modules/web-access/web-access.test-support.ts';
import {
  eventually,
  idOf,
  openRelayClient,
  seedAgent,
  startAgent,
  type SeededAgent,
} from './relay.test-support.ts';

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

  it("ends web access sessions the same way, keeping one opened through the company's provider or before sign-ins were recorded", async () => {
    const { company, admin, agent } = await setup();
    await addIdentityProvider(company.publicId);
    const member = await t.newMember(company, ['agents.connect']);
    const bySso = await t.newMember(company, ['agents.connect']);
    const hmi = agent.servers.find((s) => s.name === 'hmi')!;
    /** Opens a session and takes its first URL, as the browser does: the relay then runs it. */
    const openWebSession = async (token: string, { signInKnown = true } = {}) => {
      const created = await t.call('POST', `AgentWebAccessSessionList/${agent.publicId}`, {
        token,
        company: company.publicId,
        body: { server: { publicId: hmi.publicId } },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const { url, publicId } = created.body.data as { url: string; publicId: string };
      // As a session opened before the sign-in was recorded (migration 0033) reads.
      if (!signInKnown)
        await t.server.db
          .updateTable('web_access_sessions')
          .set({ sign_in_known: false })
          .where('public_id', '=', publicId)
          .execute();
      const first = new URL(url);
      const answer = await browse(first.origin, `${first.pathname}${first.search}`, {
        serverPort: Number(new URL(t.server.baseUrl).port),
      });
      expect(answer.status).toBe(303);
      return publicId;
    };
    const password = await openWebSession(member.token);
    const sso = await openWebSession(await ssoSession(bySso.publicId, company.publicId));
    const unknown = await openWebSession(member.token, { signInKnown: false });

    await patchRules(admin, { ssoRequired: true });
    // One full check of every web session, awaited, instead of waiting for the relay's interval.
    await t.server.built.relay.webAccess.revalidate(() => true);
    const ended = await eventually(() =>
      t.server.db
        .selectFrom('web_access_sessions')
        .select('end_reason')
        .where('public_id', '=', password)
        .where('ended_at', 'is not', null)
        .executeTakeFirst(),
    );
    expect(ended.end_reason).toBe('ACCESS_REVOKED:Company Admin');
    const running = t.server.built.relay.webAccess.sessions.find((s) => s.row.publicId === sso);
    expect(running?.ended).toBe(false);
    // Whether it was single sign-on is not known: only the rules that do not depend on it apply.
    const unrecorded = t.server.built.relay.webAccess.sessions.find((s) => s.row.publicId === unknown);
    expect(unrecorded?.ended).toBe(false);
  });
});
