import { describe, expect, it } from 'vitest';
import type { Agent, AgentEnrolment, AgentEnrolmentToken } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { hashSecret } from '../../auth/secrets.ts';
import { findAgentByCredential } from './agent-credential.ts';
import { agentFixtures, type As } from './agent.test-support.ts';

const t = useTestServer();
const f = agentFixtures(t);

async function tokenFor(as: As, agent: string) {
  const response = await t.call('POST', `AgentEnrolmentTokenList/${agent}`, as);
  expect(response.status).toBe(201);
  return response.body.data as AgentEnrolmentToken;
}

async function enrol(body: object) {
  return t.call('POST', 'AgentEnrolment', { body });
}

const agentRow = (publicId: string) =>
  f.db().selectFrom('agents').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow();

describe('AgentEnrolmentTokenList', () => {
  it('needs a token (401), agents.manage (403) and an agent of the company (404)', async () => {
    const { company, as } = await f.setup();
    const agent = await f.createAgent(as, { name: 'Gateway' });
    const path = `AgentEnrolmentTokenList/${agent.publicId}`;
    expect((await t.call('POST', path, { company: company.publicId })).status).toBe(401);
    const member = await t.newMember(company, ['agents.connect']);
    const refused = await t.call('POST', path, { token: member.token, company: company.publicId });
    expect(refused.status).toBe(403);
    const theirs = await f.setup();
    const their = await f.createAgent(theirs.as, { name: 'Theirs' });
    expect((await t.call('POST', `AgentEnrolmentTokenList/${their.publicId}`, as)).status).toBe(404);
    expect((await t.call('POST', 'AgentEnrolmentTokenList/zzzzzzzzzzzz', as)).status).toBe(404);
  });

  it('refuses input (400)', async () => {
    const { as } = await f.setup();
    const agent = await f.createAgent(as, { name: 'Gateway' });
    const response = await t.call('POST', `AgentEnrolmentTokenList/${agent.publicId}`, {
      ...as,
      body: { expiresIn: 10 },
    });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([{ message: 'Unknown property: expiresIn' }]);
  });

  it('returns a 24-hour token once with the command to paste, keeping only its hash', async () => {
    const { as } = await f.setup();
    const agent = await f.createAgent(as, { name: 'Gateway' });
    const before = Date.now();
    const issued = await tokenFor(as, agent.publicId);
    expect(issued.token).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{42}$/);
    const expiresIn = Date.parse(issued.expiresOn) - before;
    expect(expiresIn).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000 + 60_000);
    expect(issued.command).toBe(
      `fleetgate-agent enroll --server ${t.server.baseUrl} --token=${issued.token}`,
    );

    const row = await agentRow(agent.publicId);
    expect(row.enrolment_token_hash).toBe(hashSecret(issued.token));
    const audit = await f
      .db()
      .selectFrom('audit_logs')
      .select(['action', 'resource_rel', 'after'])
      .where('resource_public_id', '=', agent.publicId)
      .where('resource_rel', '=', 'AgentEnrolmentToken')
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('CREATE');
    expect(JSON.stringify(audit.after)).not.toContain(issued.token);

    // A new token replaces the previous one.
    const replacement = await tokenFor(as, agent.publicId);
    expect((await enrol({ token: issued.token })).status).toBe(401);
    expect((await enrol({ token: replacement.token })).status).toBe(201);
  });
});

/** A service as the agent reported it, with the settings a new service starts with. */
const reported = (name: string, port: number) => ({
  name,
  host: '127.0.0.1',
  port,
  requireAccessApproval: false,
  serviceGroup: null,
  acceptSelfSigned: false,
});

describe('AgentEnrolment', () => {
  it('spends the token for a credential, records the services and is single-use', async () => {
    const { as } = await f.setup();
    const agent = await f.createAgent(as, {
      name: 'Gateway',
      servers: [
        { name: 'HMI', host: '10.0.0.1', port: 80, requireAccessApproval: true, serviceGroup: 'Panels' },
      ],
    });
    const { token } = await tokenFor(as, agent.publicId);
    const response = await enrol({
      token,
      services: [
        { name: 'hmi', host: '127.0.0.1', port: 8081 },
        { name: 'echo', host: '127.0.0.1', port: 7007 },
        { name: 'panel', host: '127.0.0.1', port: 7008, type: 'vnc' },
      ],
    });
    expect(response.status).toBe(201);
    const enrolment = response.body.data as AgentEnrolment;
    expect(enrolment).toEqual({
      agentId: agent.publicId,
      credential: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      relayUrl: `${t.server.baseUrl.replace('http', 'ws')}/relay/agent`,
    });
    const row = await agentRow(agent.publicId);
    expect(row.credential_hash).toBe(hashSecret(enrolment.credential));
    expect(row.enrolment_token_hash).toBeNull();

    const read = await t.call('GET', `Agent/${agent.publicId}`, {
      ...as,
      query: { fields: 'enrolled,servers' },
    });
    const { enrolled, servers } = read.body.data as Agent;
    expect(enrolled).toBe(true);
    expect(servers.map(({ publicId: _, ...server }) => server)).toEqual([
      { ...reported('echo', 7007), type: 'tcp' },
      // Known by name: keeps its approval settings and type, takes the reported address.
      { ...reported('HMI', 8081), requireAccessApproval: true, serviceGroup: 'Panels', type: 'http' },
      // A declared type is taken as it is.
      { ...reported('panel', 7008), type: 'vnc' },
    ]);

    const again = await enrol({ token });
    expect(again.status).toBe(401);
    expect(again.body.data).toEqual([{ message: 'ENROLMENT_TOKEN_INVALID' }]);

    const found = await findAgentByCredential(f.db(), enrolment.credential);
    expect(found).toMatchObject({
      id: row.id,
      publicId: agent.publicId,
      companyId: row.company_id,
      name: 'Gateway',
      rateLimit: null,
      rateLimitCounter: 0,
      rateLimitLastHit: null,
    });
    expect(await findAgentByCredential(f.db(), 'not-a-credential')).toBeUndefined();

    const audit = await f
      .db()
      .selectFrom('audit_logs')
      .select(['action', 'actor_user_id', 'after'])
      .where('resource_public_id', '=', agent.publicId)
      .where('resource_rel', '=', 'Agent')
      .where('action', '=', 'UPDATE')
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBeNull();
    expect(JSON.stringify(audit.after)).not.toContain(enrolment.credential);
  });

  it('replaces the credential on a second enrolment', async () => {
    const { as } = await f.setup();
    const agent = await f.createAgent(as, { name: 'Gateway' });
    const first = (await enrol({ token: (await tokenFor(as, agent.publicId)).token })).body
      .data as AgentEnrolment;
    const second = (await enrol({ token: (await tokenFor(as, agent.publicId)).token })).body
      .data as AgentEnrolment;
    expect(second.credential).not.toBe(first.credential);
    expect(await findAgentByCredential(f.db(), first.credential)).toBeUndefined();
    expect((await findAgentByCredential(f.db(), second.credential))?.publicId).toBe(agent.publicId);
  });

  it('refuses an unknown or expired token (401)', async () => {
    const { as } = await f.setup();
    const agent = await f.createAgent(as, { name: 'Gateway' });
    const { token } = await tokenFor(as, agent.publicId);
    await f
      .db()
      .updateTable('agents')
      .set({ enrolment_expires_on: new Date(Date.now() - 1000) })
      .where('public_id', '=', agent.publicId)
      .execute();
    for (const candidate of [token, 'x'.repeat(43)]) {
      const response = await enrol({ token: candidate });
      expect(response.status).toBe(401);
      expect(response.body.data).toEqual([{ message: 'ENROLMENT_TOKEN_INVALID' }]);
    }
    expect((await agentRow(agent.publicId)).credential_hash).toBeNull();
  });

  it.each([
    [{}, 'token', 'Required property'],
    [{ token: 'short' }, 'token', 'Too short: at least 20 characters'],
    [{ token: 'x'.repeat(43), services: [{ name: 'a', host: 'h' }] }, 'services.0.port', 'Required property'],
    [
      { token: 'x'.repeat(43), services: [{ name: 'a', host: 'h', port: 1, requireAccessApproval: true }] },
      'services.0',
      'Unknown property: requireAccessApproval',
    ],
  ])('refuses %j with 400', async (body, propertyName, message) => {
    const response = await enrol(body);
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([{ message, propertyName }]);
  });

  it('refuses a service name twice (409) without spending the token', async () => {
    const { as } = await f.setup();
    const agent = await f.createAgent(as, { name: 'Gateway' });
    const { token } = await tokenFor(as, agent.publicId);
    const service = { name: 'hmi', host: 'h', port: 1 };
    const response = await enrol({ token, services: [service, { ...service, name: 'HMI' }] });
    expect(response.status).toBe(409);
    expect(response.body.data).toEqual([{ message: 'NAME_ALREADY_IN_USE', propertyName: 'services.1.name' }]);
    expect((await enrol({ token, services: [service] })).status).toBe(201);
  });
});
