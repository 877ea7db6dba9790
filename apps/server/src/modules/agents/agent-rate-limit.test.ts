import { describe, expect, it } from 'vitest';
import type { Agent } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { agentFixtures } from './agent.test-support.ts';

const t = useTestServer();
const f = agentFixtures(t);

async function limitedAgent() {
  const fixture = await f.setup();
  const group = await f.createGroup(fixture.as, 'Line 1');
  const agent = await f.createAgent(fixture.as, {
    name: 'Gateway',
    memberships: [{ group: { publicId: group } }],
  });
  await f
    .db()
    .updateTable('agents')
    .set({ rate_limit: 'hard', rate_limit_counter: 12, rate_limit_last_hit: new Date() })
    .where('public_id', '=', agent.publicId)
    .execute();
  return { ...fixture, group, agent };
}

const cleared = { configOpenvpnLimit: null, configOpenvpnCounter: 0, configOpenvpnLastHit: null };

describe('AgentRateLimitReset', () => {
  it('clears the limit for a manager, returns the agent and is audited', async () => {
    const { as, agent } = await limitedAgent();
    const before = await t.call('GET', `Agent/${agent.publicId}`, {
      ...as,
      query: { fields: 'rateLimiting' },
    });
    expect(before.body.data).toEqual({
      publicId: agent.publicId,
      rateLimiting: {
        configOpenvpnLimit: 'hard',
        configOpenvpnCounter: 12,
        configOpenvpnLastHit: expect.any(String),
      },
    });
    const reset = await t.call('POST', `AgentRateLimitReset/${agent.publicId}`, as);
    expect(reset.status).toBe(200);
    expect(reset.body.type).toBe('Agent');
    expect((reset.body.data as Agent).rateLimiting).toEqual(cleared);
    expect((reset.body.data as Agent).publicId).toBe(agent.publicId);
    const audit = await f
      .db()
      .selectFrom('audit_logs')
      .select(['action', 'before', 'after'])
      .where('resource_public_id', '=', agent.publicId)
      .where('action', '=', 'UPDATE')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ rateLimiting: cleared });
    expect(audit.before).toMatchObject({ rateLimiting: { configOpenvpnLimit: 'hard' } });
  });

  it("is allowed with agents.connect by company role or by a role in the agent's group", async () => {
    const { company, group, agent } = await limitedAgent();
    const connector = await t.newMember(company, ['agents.connect']);
    const byRole = await t.call('POST', `AgentRateLimitReset/${agent.publicId}`, {
      token: connector.token,
      company: company.publicId,
    });
    expect(byRole.status).toBe(200);

    const groupMember = await t.newMember(company, []);
    await f.addGroupMember(company, group, groupMember, ['agents.connect']);
    const byGroup = await t.call('POST', `AgentRateLimitReset/${agent.publicId}`, {
      token: groupMember.token,
      company: company.publicId,
    });
    expect(byGroup.status).toBe(200);
  });

  it('needs a token (401), a right for this agent (403), and refuses input (400)', async () => {
    const { company, as, group, agent } = await limitedAgent();
    const path = `AgentRateLimitReset/${agent.publicId}`;
    expect((await t.call('POST', path, { company: company.publicId })).status).toBe(401);
    const requester = await t.newMember(company, ['accessRequests.use']);
    const refused = await t.call('POST', path, { token: requester.token, company: company.publicId });
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual([{ message: 'Missing capability' }]);
    // A group role without a device right does not allow it either.
    const viewer = await t.newMember(company, []);
    await f.addGroupMember(company, group, viewer, ['groups.manage']);
    expect((await t.call('POST', path, { token: viewer.token, company: company.publicId })).status).toBe(403);
    const withInput = await t.call('POST', path, { ...as, body: { counter: 0 } });
    expect(withInput.status).toBe(400);
    expect(withInput.body.data).toEqual([{ message: 'Unknown property: counter' }]);
    const row = await f
      .db()
      .selectFrom('agents')
      .select('rate_limit')
      .where('public_id', '=', agent.publicId)
      .executeTakeFirstOrThrow();
    expect(row.rate_limit).toBe('hard');
  });

  it("treats another company's agent as not found (404)", async () => {
    const mine = await limitedAgent();
    const theirs = await limitedAgent();
    expect((await t.call('POST', `AgentRateLimitReset/${theirs.agent.publicId}`, mine.as)).status).toBe(404);
    expect((await t.call('POST', 'AgentRateLimitReset/zzzzzzzzzzzz', mine.as)).status).toBe(404);
  });
});
