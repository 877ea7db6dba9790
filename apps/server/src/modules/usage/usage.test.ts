import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  lastDays,
  type AgentDataUsage,
  type DataUsageDay,
  type TunnelTicket,
} from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { startSimulator, type Simulator } from '../../../../agent/src/simulator.ts';
import type { AgentRunner } from '../../../../agent/src/agent-runner.ts';
import {
  echo,
  eventually,
  idOf,
  openRelayClient,
  seedAgent,
  startAgent,
  type SeededAgent,
} from '../../relay/relay.test-support.ts';

// Counts reach the database only when the test flushes them (or a session ends).
const t = useTestServer({ relay: { usageFlushMs: 3_600_000 } });

let simulator: Simulator;
const runners: AgentRunner[] = [];
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await simulator.close();
});

type As = { token: string; company: string };

async function setup() {
  const company = await t.newCompany();
  const companyId = await idOf(t.server.db, 'companies', company.publicId);
  const as: As = { token: company.admin.token, company: company.publicId };
  return { company, companyId, as };
}

async function agentIn(companyPublicId: string, name: string) {
  const agent = await seedAgent(t.server.db, companyPublicId, { servers: simulator.services });
  await t.server.db.updateTable('agents').set({ name }).where('id', '=', agent.id).execute();
  return agent;
}

/** Usage rows as the relay writes them, on a given day. */
async function addUsage(
  companyId: number,
  agent: SeededAgent | null,
  day: string,
  bytesIn: number,
  bytesOut: number,
) {
  const db = t.server.db;
  await db
    .insertInto('company_data_usage')
    .values({ company_id: companyId, day, bytes: bytesIn + bytesOut, bytes_in: bytesIn, bytes_out: bytesOut })
    .onConflict((oc) =>
      oc.columns(['company_id', 'day']).doUpdateSet((eb) => ({
        bytes: eb('company_data_usage.bytes', '+', eb.ref('excluded.bytes')),
        bytes_in: eb('company_data_usage.bytes_in', '+', eb.ref('excluded.bytes_in')),
        bytes_out: eb('company_data_usage.bytes_out', '+', eb.ref('excluded.bytes_out')),
      })),
    )
    .execute();
  if (agent) {
    await db
      .insertInto('agent_data_usage')
      .values({ company_id: companyId, agent_id: agent.id, day, bytes_in: bytesIn, bytes_out: bytesOut })
      .execute();
  }
}

async function csv(as: As, query: Record<string, string> = {}) {
  const url = new URL('/api/DataUsageCsv', t.server.baseUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const response = await fetch(url, {
    headers: { 'Api-Version': '2', Authorization: `Bearer ${as.token}`, 'Api-Company': as.company },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('data usage: the rules of the calls', () => {
  it.each(['DataUsageList', 'AgentDataUsageList', 'DataUsageCsv'])(
    '%s: 401 without a token, 400 without a company, 403 without dataUsage.use',
    async (rel) => {
      const { company, as } = await setup();
      expect((await t.call('GET', rel, { company: company.publicId })).status).toBe(401);
      const noCompany = await t.call('GET', rel, { token: as.token });
      expect(noCompany.status).toBe(400);
      expect(noCompany.body.data).toEqual([{ message: 'No company selected', propertyName: 'Api-Company' }]);
      const member = await t.newMember(company, ['auditLogs.use']);
      const denied = await t.call('GET', rel, { token: member.token, company: company.publicId });
      expect(denied.status).toBe(403);
      expect(denied.body).toMatchObject({ type: 'Error', data: [{ message: 'Missing capability' }] });
      const allowed = await t.newMember(company, ['dataUsage.use']);
      if (rel === 'DataUsageCsv') {
        expect((await csv({ token: allowed.token, company: company.publicId })).status).toBe(200);
      } else {
        expect((await t.call('GET', rel, { token: allowed.token, company: company.publicId })).status).toBe(
          200,
        );
      }
    },
  );

  it.each([
    [{ from: '2026-02-30' }, 'Invalid date, expected YYYY-MM-DD', 'from'],
    [{ from: '2026-1-05' }, 'Invalid date, expected YYYY-MM-DD', 'from'],
    [{ to: 'yesterday' }, 'Invalid date, expected YYYY-MM-DD', 'to'],
    [{ to: '0000-01-01' }, 'Invalid date, expected YYYY-MM-DD', 'to'],
    // Thirty days before it would be in year 0, which the database does not take.
    [{ to: '0001-01-10' }, 'Invalid date, expected YYYY-MM-DD', 'to'],
    [{ from: ['2026-01-01', '2026-01-02'] }, 'Invalid date, expected YYYY-MM-DD', 'from'],
    [{ from: '2026-03-02', to: '2026-03-01' }, 'The start of the period is after its end', 'from'],
    [{ from: '2025-01-01', to: '2026-01-02' }, 'The period is at most 366 days', 'to'],
  ])('%j is a 400 naming the property, on every call', async (query, message, propertyName) => {
    const { as } = await setup();
    for (const rel of ['DataUsageList', 'AgentDataUsageList']) {
      const response = await t.call('GET', rel, { ...as, query });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ type: 'Error', status: 'error', data: [{ message, propertyName }] });
    }
    const url = new URL('/api/DataUsageCsv', t.server.baseUrl);
    for (const [key, value] of Object.entries(query))
      for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(key, v);
    const response = await fetch(url, {
      headers: { 'Api-Version': '2', Authorization: `Bearer ${as.token}`, 'Api-Company': as.company },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ data: [{ message, propertyName }] });
  });

  it('reads the last 30 UTC days by default, days without traffic as zeros; 366 days is the longest period', async () => {
    const { as } = await setup();
    const response = await t.call('GET', 'DataUsageList', as);
    expect(response.status).toBe(200);
    const days = response.body.data as DataUsageDay[];
    const { from, to } = lastDays(30);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: from, bytesIn: 0, bytesOut: 0, bytes: 0 });
    expect(days.at(-1)!.day).toBe(to);

    const onlyFrom = await t.call('GET', 'DataUsageList', { ...as, query: { from: '2024-02-20' } });
    expect((onlyFrom.body.data as DataUsageDay[]).map((d) => d.day).slice(8, 11)).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    const longest = await t.call('GET', 'DataUsageList', {
      ...as,
      query: { from: '2024-01-01', to: '2024-12-31' },
    });
    expect(longest.body.data).toHaveLength(366);
  });

  it('answers periods at both ends of the calendar, and refuses those that would leave it', async () => {
    const { as } = await setup();
    // The day after 9999-12-31 is written "+010000-01-01", which sorts before it as a string: a
    // loop over days compared as strings never ended and took the server down.
    const periods: Record<string, string>[] = [
      { to: '9999-12-31' },
      { from: '9999-12-02', to: '9999-12-31' },
      { from: '0001-01-01' },
    ];
    for (const query of periods) {
      for (const rel of ['DataUsageList', 'AgentDataUsageList'])
        expect((await t.call('GET', rel, { ...as, query })).status, `${rel} ${JSON.stringify(query)}`).toBe(
          200,
        );
      expect((await csv(as, query)).status, `DataUsageCsv ${JSON.stringify(query)}`).toBe(200);
    }
    const last = await t.call('GET', 'DataUsageList', { ...as, query: { to: '9999-12-31' } });
    const days = (last.body.data as DataUsageDay[]).map((d) => d.day);
    expect(days).toHaveLength(30);
    expect([days[0], days.at(-1)]).toEqual(['9999-12-02', '9999-12-31']);
    const first = await t.call('GET', 'DataUsageList', { ...as, query: { from: '0001-01-01' } });
    expect((first.body.data as DataUsageDay[]).at(-1)!.day).toBe('0001-01-30');

    const beyond: Record<string, string>[] = [
      { from: '9999-12-31' },
      { from: '9999-12-20', to: '+010000-01-01' },
    ];
    for (const query of beyond) {
      const response = await t.call('GET', 'DataUsageList', { ...as, query });
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.data).toEqual([
        { message: 'Invalid date, expected YYYY-MM-DD', propertyName: query.to ? 'to' : 'from' },
      ]);
    }
  });

  it('bad paging is a 400 naming page-size or page-after', async () => {
    const { as } = await setup();
    const size = await t.call('GET', 'AgentDataUsageList', { ...as, query: { 'page-size': '0' } });
    expect(size.body.data).toEqual([
      { message: 'Page size must be between 1 and 4000', propertyName: 'page-size' },
    ]);
    for (const after of ['x', Buffer.from('["1x","abcdefabcdef"]').toString('base64url')]) {
      const cursor = await t.call('GET', 'AgentDataUsageList', { ...as, query: { 'page-after': after } });
      expect(cursor.status).toBe(400);
      expect(cursor.body.data).toEqual([{ message: 'Invalid page cursor', propertyName: 'page-after' }]);
    }
  });
});

describe('data usage: what the company sees', () => {
  const day = '2025-06-10';
  const period = { from: '2025-06-09', to: '2025-06-11' };

  it("sums days and agents, sorts agents by total and pages them, never shows another company's", async () => {
    const { company, companyId, as } = await setup();
    const [press, kiln, mill] = [
      await agentIn(company.publicId, 'Press'),
      await agentIn(company.publicId, 'Kiln'),
      await agentIn(company.publicId, 'Mill, "north"'),
    ];
    await addUsage(companyId, press, day, 100, 2000);
    await addUsage(companyId, kiln, day, 5000, 5);
    await addUsage(companyId, kiln, '2025-06-11', 1, 1);
    await addUsage(companyId, mill, day, 10, 20);
    // Outside the period.
    await addUsage(companyId, mill, '2025-06-12', 999_999, 999_999);
    const theirs = await setup();
    const their = await agentIn(theirs.company.publicId, 'Theirs');
    await addUsage(theirs.companyId, their, day, 7_000_000, 7_000_000);

    const days = await t.call('GET', 'DataUsageList', { ...as, query: period });
    expect(days.body).toEqual({
      type: 'DataUsageList',
      status: 'success',
      data: [
        { day: '2025-06-09', bytesIn: 0, bytesOut: 0, bytes: 0 },
        { day, bytesIn: 5110, bytesOut: 2025, bytes: 7135 },
        { day: '2025-06-11', bytesIn: 1, bytesOut: 1, bytes: 2 },
      ],
    });

    const first = await t.call('GET', 'AgentDataUsageList', {
      ...as,
      query: { ...period, 'page-size': '2' },
    });
    expect(first.body.data).toEqual([
      { agent: { publicId: kiln.publicId, name: 'Kiln' }, bytesIn: 5001, bytesOut: 6, bytes: 5007 },
      { agent: { publicId: press.publicId, name: 'Press' }, bytesIn: 100, bytesOut: 2000, bytes: 2100 },
    ] satisfies AgentDataUsage[]);
    expect(first.body.moreAfter).toEqual(expect.any(String));
    const second = await t.call('GET', 'AgentDataUsageList', {
      ...as,
      query: { ...period, 'page-size': '2', 'page-after': first.body.moreAfter! },
    });
    expect(second.body.data).toEqual([
      { agent: { publicId: mill.publicId, name: 'Mill, "north"' }, bytesIn: 10, bytesOut: 20, bytes: 30 },
    ]);
    expect(second.body.moreAfter).toBeNull();

    const theirView = await t.call('GET', 'AgentDataUsageList', {
      token: theirs.as.token,
      company: theirs.company.publicId,
      query: period,
    });
    expect((theirView.body.data as AgentDataUsage[]).map((u) => u.agent.name)).toEqual(['Theirs']);
    // Another company's id in the header is not the reader's company.
    const foreign = await t.call('GET', 'DataUsageList', {
      token: as.token,
      company: theirs.company.publicId,
    });
    expect(foreign.status).toBe(404);
  });

  it("keeps a deleted agent's bytes and undirected older days in the company's total; the CSV adds up", async () => {
    const { company, companyId, as } = await setup();
    const press = await agentIn(company.publicId, '=cmd|calc');
    const gone = await agentIn(company.publicId, 'Gone');
    await addUsage(companyId, press, day, 100, 200);
    await addUsage(companyId, gone, day, 40, 60);
    await t.server.db.deleteFrom('agents').where('id', '=', gone.id).execute();
    // A day counted before directions were: only the total.
    await t.server.db
      .insertInto('company_data_usage')
      .values({ company_id: companyId, day: '2025-06-09', bytes: 777 })
      .execute();

    const days = await t.call('GET', 'DataUsageList', { ...as, query: period });
    expect(days.body.data).toEqual([
      { day: '2025-06-09', bytesIn: 0, bytesOut: 0, bytes: 777 },
      { day, bytesIn: 140, bytesOut: 260, bytes: 400 },
      { day: '2025-06-11', bytesIn: 0, bytesOut: 0, bytes: 0 },
    ]);
    const agents = await t.call('GET', 'AgentDataUsageList', { ...as, query: period });
    expect(agents.body.data).toEqual([
      { agent: { publicId: press.publicId, name: '=cmd|calc' }, bytesIn: 100, bytesOut: 200, bytes: 300 },
    ]);

    const file = await csv(as, period);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(
      'attachment; filename="data-usage-2025-06-09-to-2025-06-11.csv"',
    );
    expect(file.text).toBe(
      [
        'day,agentPublicId,agentName,bytesIn,bytesOut,bytes',
        '2025-06-09,,,0,0,777',
        `2025-06-10,${press.publicId},'=cmd|calc,100,200,300`,
        '2025-06-10,,,40,60,100',
        '',
      ].join('\r\n'),
    );
  });

  it('quotes names with commas and quotes in the CSV', async () => {
    const { company, companyId, as } = await setup();
    const mill = await agentIn(company.publicId, 'Mill, "north"');
    await addUsage(companyId, mill, day, 1, 2);
    const file = await csv(as, { from: day, to: day });
    expect(file.text.split('\r\n')[1]).toBe(`${day},${mill.publicId},"Mill, ""north""",1,2,3`);
  });
});

describe('data usage: the relay counts the bytes a tunnel moves', () => {
  it('finds the exact bytes sent to and received from the device, per day and agent', async () => {
    const { company, as } = await setup();
    const agent = await agentIn(company.publicId, 'Tunnel gateway');
    runners.push(await startAgent(t.server.baseUrl, agent, simulator.services));
    const issued = await t.call('POST', `AgentTunnelTicketList/${agent.publicId}`, {
      ...as,
      body: { vpn: true },
    });
    expect(issued.status).toBe(201);
    const client = await openRelayClient(issued.body.data as TunnelTicket);

    const payload = Buffer.alloc(123_457, 7);
    expect((await echo(client.open('echo'), payload)).length).toBe(payload.length);
    const request = 'GET / HTTP/1.0\r\nHost: hmi\r\n\r\n';
    const hmi = client.open('hmi');
    const received = await new Promise<number>((resolve) => {
      let bytes = 0;
      hmi.on('data', (chunk: Buffer) => (bytes += chunk.length));
      hmi.on('end', () => resolve(bytes));
      hmi.end(request);
    });
    const sent = payload.length + Buffer.byteLength(request);
    const back = payload.length + received;

    await t.server.built.relay.flushUsage();
    const today = new Date().toISOString().slice(0, 10);
    const days = await t.call('GET', 'DataUsageList', {
      ...as,
      query: { from: addDays(today, -1), to: today },
    });
    expect((days.body.data as DataUsageDay[]).at(-1)).toEqual({
      day: today,
      bytesIn: sent,
      bytesOut: back,
      bytes: sent + back,
    });
    const agents = await t.call('GET', 'AgentDataUsageList', as);
    expect(agents.body.data).toEqual([
      {
        agent: { publicId: agent.publicId, name: 'Tunnel gateway' },
        bytesIn: sent,
        bytesOut: back,
        bytes: sent + back,
      },
    ]);

    // The agent's session names its relay (the server process it attached to) and its data
    // relays (item 9).
    const read = await t.call('GET', `Agent/${agent.publicId}`, {
      ...as,
      query: { fields: 'activeVpnSession' },
    });
    const dataRelay = { publicId: expect.stringMatching(/^[0-9a-z]{12}$/), name: 'Built-in data relay' };
    expect(read.body.data).toMatchObject({
      activeVpnSession: {
        rscServer: { name: t.server.built.relay.registration?.name },
        mdrServer: dataRelay,
        loggingMdrServer: dataRelay,
      },
    });
    client.ws.close();
    await eventually(async () =>
      t.server.db
        .selectFrom('client_sessions')
        .select('id')
        .where('agent_id', '=', agent.id)
        .where('ended_at', 'is not', null)
        .executeTakeFirst(),
    );
    // Closing wrote nothing more: every byte was counted once.
    const after = await t.call('GET', 'AgentDataUsageList', as);
    expect((after.body.data as AgentDataUsage[])[0]!.bytes).toBe(sent + back);
  });
});
