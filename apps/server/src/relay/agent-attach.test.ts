import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { relayCloseCodes } from '@fleetgate/contracts';
import { useTestServer } from '../../test/harness.ts';
import { AgentRunner } from '../../../agent/src/agent-runner.ts';
import { eventually, seedAgent, upgradeStatus, type SeededAgent } from './relay.test-support.ts';
import { recordAttempt } from './agent-rate-limit.ts';
import { startVpnSession, sweepStaleSessions } from './relay-sessions.repository.ts';

const runners: AgentRunner[] = [];
afterAll(() => Promise.all(runners.map((r) => r.stop())));

const agentUrl = (baseUrl: string) => `${baseUrl.replace(/^http/, 'ws')}/relay/agent`;

/** Connects as the agent and waits until the relay recorded its VPN session. */
async function attach(baseUrl: string, agent: SeededAgent) {
  const ws = new WebSocket(agentUrl(baseUrl), { headers: { Authorization: `Bearer ${agent.credential}` } });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await once(ws, 'open');
  return { ws, closed };
}

async function rateLimitRow(t: ReturnType<typeof useTestServer>, agent: SeededAgent) {
  return t.server.db
    .selectFrom('agents')
    .select(['rate_limit', 'rate_limit_counter', 'rate_limit_last_hit'])
    .where('id', '=', agent.id)
    .executeTakeFirstOrThrow();
}

describe('agents attaching to the relay', () => {
  const t = useTestServer({ relay: { softAfterAttempts: 3, hardAfterAttempts: 6 } });
  const newAgent = async () => seedAgent(t.server.db, (await t.newCompany()).publicId, { servers: [] });
  const attempt = (agent: SeededAgent) =>
    upgradeStatus(agentUrl(t.server.baseUrl), { Authorization: `Bearer ${agent.credential}` });

  it('refuses a missing or unknown credential with 401', async () => {
    expect((await upgradeStatus(agentUrl(t.server.baseUrl))).status).toBe(401);
    expect(
      (await upgradeStatus(agentUrl(t.server.baseUrl), { Authorization: `Bearer ${'a'.repeat(43)}` })).status,
    ).toBe(401);
    expect((await upgradeStatus(`${t.server.baseUrl.replace(/^http/, 'ws')}/relay/nothing`)).status).toBe(
      404,
    );
  });

  it('limits attempts: soft with Retry-After, then hard without, until a user resets it', async () => {
    const agent = await newAgent();
    expect((await attempt(agent)).status).toBe(101);
    expect((await attempt(agent)).status).toBe(101);
    expect((await attempt(agent)).status).toBe(101);
    expect(await rateLimitRow(t, agent)).toMatchObject({ rate_limit: 'soft', rate_limit_counter: 3 });

    const soft = await attempt(agent);
    expect(soft.status).toBe(429);
    expect(Number(soft.retryAfter)).toBeGreaterThan(25);
    expect(Number(soft.retryAfter)).toBeLessThanOrEqual(30);

    // 30 s later the soft limit lets it in.
    await t.server.db
      .updateTable('agents')
      .set({ rate_limit_last_hit: new Date(Date.now() - 31_000) })
      .where('id', '=', agent.id)
      .execute();
    expect((await attempt(agent)).status).toBe(101);
    const hard = await attempt(agent);
    expect(hard).toEqual({ status: 429, retryAfter: undefined });
    await t.server.db
      .updateTable('agents')
      .set({ rate_limit_last_hit: new Date(Date.now() - 3600_000) })
      .where('id', '=', agent.id)
      .execute();
    expect(await attempt(agent)).toEqual({ status: 429, retryAfter: undefined });
    expect(await rateLimitRow(t, agent)).toMatchObject({ rate_limit: 'hard' });

    // What AgentRateLimitReset does.
    await t.server.db
      .updateTable('agents')
      .set({ rate_limit: null, rate_limit_counter: 0, rate_limit_last_hit: null })
      .where('id', '=', agent.id)
      .execute();
    expect((await attempt(agent)).status).toBe(101);
  });

  it('keeps one connection per agent: a newer one replaces the older', async () => {
    const agent = await newAgent();
    const first = await attach(t.server.baseUrl, agent);
    const second = await attach(t.server.baseUrl, agent);
    expect(await first.closed).toEqual({
      code: relayCloseCodes.agentReplaced,
      reason: 'replaced by a newer connection of the agent',
    });
    const sessions = await eventually(async () => {
      const rows = await t.server.db
        .selectFrom('vpn_sessions')
        .select('ended_at')
        .where('agent_id', '=', agent.id)
        .orderBy('id')
        .execute();
      return rows.length === 2 && rows[0]!.ended_at !== null ? rows : undefined;
    });
    expect(sessions[1]!.ended_at).toBeNull();
    second.ws.close();
    await second.closed;
  });

  it('attaches many agents at once, one of them on two connections at once', async () => {
    // Attaches arriving together share their statements (db/batched.ts): each agent still gets
    // its own session, and the one that came twice is counted twice and keeps one session.
    const company = await t.newCompany();
    const agents = await Promise.all(
      Array.from({ length: 30 }, () => seedAgent(t.server.db, company.publicId, { servers: [] })),
    );
    const twice = agents[0]!;
    const connections = await Promise.all([...agents, twice].map((agent) => attach(t.server.baseUrl, agent)));
    const ids = agents.map((agent) => agent.id);
    const sessions = await eventually(async () => {
      const rows = await t.server.db
        .selectFrom('vpn_sessions')
        .select(['agent_id', 'ended_at'])
        .where('agent_id', 'in', ids)
        .execute();
      return rows.length === 31 && rows.filter((r) => r.ended_at === null).length === 30 ? rows : undefined;
    });
    const open = sessions.filter((r) => r.ended_at === null).map((r) => r.agent_id);
    expect(new Set(open)).toEqual(new Set(ids));
    expect(await rateLimitRow(t, twice)).toMatchObject({ rate_limit: null, rate_limit_counter: 2 });
    const replaced = await Promise.race([connections[0]!.closed, connections[30]!.closed]);
    expect(replaced.code).toBe(relayCloseCodes.agentReplaced);
    for (const { ws } of connections) ws.close();
  });

  it('counts the attempts and starts the sessions of agents that come together, one of them twice', async () => {
    const [other, agent] = [await newAgent(), await newAgent()];
    const db = t.server.db;
    const limits = { windowSeconds: 60, softAfterAttempts: 3, hardAfterAttempts: 6 };
    const seen = { limit: null, counter: 0, lastHit: null };
    // The first call runs alone; the two made meanwhile share the next batch.
    const decisions = await Promise.all(
      [other, agent, agent].map((a) => recordAttempt(db, { agentId: a.id, limits, seen })),
    );
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true]);
    expect(await rateLimitRow(t, agent)).toMatchObject({ rate_limit: null, rate_limit_counter: 2 });

    const started = await Promise.all(
      [other, agent, agent].map((a) => startVpnSession(db, { agentId: a.id })),
    );
    const rows = await db
      .selectFrom('vpn_sessions')
      .select(['id', 'ended_at'])
      .where('agent_id', '=', agent.id)
      .orderBy('id')
      .execute();
    // The later call's session is the one left open, as if the two had come one after the other.
    expect(rows.map((r) => r.id)).toEqual([started[1], started[2]]);
    expect(rows.map((r) => r.ended_at === null)).toEqual([false, true]);
  });

  it('closes a peer that sends text or malformed frames with the protocol-error code', async () => {
    const agent = await newAgent();
    const text = await attach(t.server.baseUrl, agent);
    text.ws.send('hello');
    expect((await text.closed).code).toBe(relayCloseCodes.protocolError);
    const binary = await attach(t.server.baseUrl, agent);
    binary.ws.send(Buffer.from([9, 0, 0, 0, 1]));
    expect(await binary.closed).toEqual({
      code: relayCloseCodes.protocolError,
      reason: 'unknown frame type 9',
    });
  });

  it('ends VPN sessions a dead process left open, and only those', async () => {
    const [dead, unknown] = [await newAgent(), await newAgent()];
    const deadSession = await startVpnSession(t.server.db, { agentId: dead.id });
    const hourAgo = new Date(Date.now() - 3600_000);
    await t.server.db
      .updateTable('agents')
      .set({ last_seen_at: hourAgo })
      .where('id', '=', dead.id)
      .execute();
    // A session row not made by a relay (never seen) is left alone.
    await startVpnSession(t.server.db, { agentId: unknown.id });
    await t.server.db
      .updateTable('agents')
      .set({ last_seen_at: null })
      .where('id', '=', unknown.id)
      .execute();
    await sweepStaleSessions(t.server.db, new Date(Date.now() - 60_000), []);
    const rows = await t.server.db
      .selectFrom('vpn_sessions')
      .select(['id', 'agent_id', 'ended_at'])
      .where('agent_id', 'in', [dead.id, unknown.id])
      .execute();
    expect(rows.find((r) => r.id === deadSession)!.ended_at).not.toBeNull();
    expect(rows.find((r) => r.agent_id === unknown.id)!.ended_at).toBeNull();
  });

  it('the agent honours Retry-After and attaches once the soft limit allows', async () => {
    const agent = await newAgent();
    await t.server.db
      .updateTable('agents')
      .set({ rate_limit: 'soft', rate_limit_counter: 3, rate_limit_last_hit: new Date(Date.now() - 28_500) })
      .where('id', '=', agent.id)
      .execute();
    const lines: string[] = [];
    const runner = new AgentRunner({
      relayUrl: agentUrl(t.server.baseUrl),
      credential: agent.credential,
      services: [],
      log: (line) => lines.push(line),
      minDelayMs: 50,
      maxDelayMs: 100,
    });
    runners.push(runner);
    const started = Date.now();
    const attached = once(runner, 'attached');
    runner.start();
    await attached;
    // Retry-After was 2 s; the short backoff would have retried after 50–100 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(lines).toContain('relay refused: too many connection attempts (429), retry after 2 s');
  });
});

describe('a connection that outlasts the window, and one that stops answering', () => {
  const t = useTestServer({ relay: { windowSeconds: 1, heartbeatMs: 200 } });

  it('drops an agent that does not answer pings and records it offline', async () => {
    const company = await t.newCompany();
    const agent = await seedAgent(t.server.db, company.publicId, { servers: [] });
    const ws = new WebSocket(agentUrl(t.server.baseUrl), {
      headers: { Authorization: `Bearer ${agent.credential}` },
      autoPong: false,
    });
    const closed = once(ws, 'close');
    await once(ws, 'open');
    const [code] = (await closed) as [number];
    expect(code).toBe(1006);
    await eventually(async () => {
      const open = await t.server.db
        .selectFrom('vpn_sessions')
        .select('id')
        .where('agent_id', '=', agent.id)
        .where('ended_at', 'is', null)
        .execute();
      return open.length === 0 ? true : undefined;
    });
  });

  it('clears the rate limit when it ends', async () => {
    const company = await t.newCompany();
    const agent = await seedAgent(t.server.db, company.publicId, { servers: [] });
    await t.server.db
      .updateTable('agents')
      .set({ rate_limit: 'soft', rate_limit_counter: 4, rate_limit_last_hit: new Date(Date.now() - 60_000) })
      .where('id', '=', agent.id)
      .execute();
    const { ws, closed } = await attach(t.server.baseUrl, agent);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    ws.close();
    await closed;
    const row = await eventually(async () => {
      const current = await rateLimitRow(t, agent);
      return current.rate_limit_counter === 0 ? current : undefined;
    });
    expect(row).toEqual({ rate_limit: null, rate_limit_counter: 0, rate_limit_last_hit: null });
  });
});
