import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/harness.ts';
import { enrolmentAttempts } from '../modules/agents/agent.routes.ts';
import { testsPerUserPerMinute } from '../modules/mqtt/mqtt-broker.routes.ts';

// A key of this file's own, so the suite never writes a key file into the working directory.
process.env.FLEETGATE_SECRET_KEY = randomBytes(32).toString('base64');

// On PostgreSQL, `first` and `second` are two processes of one installation (one database, one
// scope), `elsewhere` another installation on the same database (as each test file is). On
// PGlite each server has a database and counters of its own: the memory path still limits.
const databaseUrl = process.env.DATABASE_URL;
const scope = `shared-limits-${randomUUID()}`;
const first = useTestServer({ loginLimitsScope: scope });
const second = useTestServer({ loginLimitsScope: scope });
const elsewhere = useTestServer();

const enrol = (t: ReturnType<typeof useTestServer>) =>
  t.call('POST', 'AgentEnrolment', { body: { token: 'x'.repeat(43) } }).then((r) => r.status);

describe('rate limits shared by the server processes', () => {
  it('give agent enrolments one budget per client address, whichever process is asked', async () => {
    const statuses = [];
    // Alternating processes, as a load balancer spreads one client's attempts.
    for (let i = 0; i < 2 * enrolmentAttempts.points; i += 1)
      statuses.push(await enrol(i % 2 ? second : first));
    const refused = statuses.filter((s) => s === 429).length;
    expect(statuses.filter((s) => s === 401)).toHaveLength(
      databaseUrl ? enrolmentAttempts.points : 2 * enrolmentAttempts.points,
    );
    expect(refused).toBe(databaseUrl ? enrolmentAttempts.points : 0);
    // Every process now refuses this address …
    expect(await enrol(first)).toBe(429);
    expect(await enrol(second)).toBe(429);
    // … and another installation's counters were not touched.
    expect(await enrol(elsewhere)).toBe(401);
  });

  it('give MQTT connection tests one budget per user, whichever process is asked', async () => {
    const company = await first.newCompany();
    const as = { token: company.admin.token, company: company.publicId };
    // Refused by the outbound policy after the budget is spent: no socket is opened.
    const test = (t: ReturnType<typeof useTestServer>) =>
      t
        .call('POST', 'MqttBrokerConnectionTestList', { ...as, body: { url: 'mqtt://127.0.0.1:1' } })
        .then((r) => r.status);
    // On PGlite the user exists in the first server's database only.
    const servers = databaseUrl ? [first, second] : [first];
    const statuses = [];
    for (let i = 0; i < testsPerUserPerMinute; i += 1)
      statuses.push(await test(servers[i % servers.length]!));
    expect(statuses).toEqual(Array(testsPerUserPerMinute).fill(200));
    for (const t of servers) {
      const refused = await t.call('POST', 'MqttBrokerConnectionTestList', {
        ...as,
        body: { url: 'mqtt://127.0.0.1:1' },
      });
      expect(refused.status).toBe(429);
      expect(refused.body.data).toEqual([{ message: 'Too many attempts, try again later' }]);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The same user's budget in another installation is its own.
    if (databaseUrl) expect(await test(elsewhere)).toBe(200);
  });
});
