import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/harness.ts';
import { couponAttempts } from '../modules/licences/licence.routes.ts';
import { licenceFixtures } from '../modules/licences/licence.test-support.ts';
import { passkeyCeremoniesPerAddressPerMinute } from '../modules/passkeys/passkey.routes.ts';
import { recoveryLimits } from '../modules/password-recovery/password-recovery.routes.ts';
import { ssoLookupsPerAddressPerMinute } from '../modules/sso/sso.routes.ts';

// The sign-in and account limits, spent across two processes of one installation (one database,
// one scope) as a load balancer spreads a client's attempts; `elsewhere` is another installation
// on the same database. On PGlite each server has a database and counters of its own, so
// alternating between them spends two budgets: the memory path still limits each.
const databaseUrl = process.env.DATABASE_URL;
const scope = `shared-auth-limits-${randomUUID()}`;
const first = useTestServer({ loginLimitsScope: scope });
const second = useTestServer({ loginLimitsScope: scope });
const elsewhere = useTestServer();
const f = licenceFixtures(first);
type Server = typeof first;

/**
 * Spends `2 × points` attempts alternating between the processes: on PostgreSQL one budget, so
 * the second half is refused; then every process refuses, and another installation does not.
 */
async function expectOneBudget(points: number, attempt: (t: Server) => Promise<number>, allowed: number) {
  const statuses = [];
  for (let i = 0; i < 2 * points; i += 1) statuses.push(await attempt(i % 2 ? second : first));
  expect(statuses.filter((s) => s === allowed)).toHaveLength(databaseUrl ? points : 2 * points);
  expect(statuses.filter((s) => s === 429)).toHaveLength(databaseUrl ? points : 0);
  expect(await attempt(first)).toBe(429);
  expect(await attempt(second)).toBe(429);
  expect(await attempt(elsewhere)).toBe(allowed);
}

/** The same for a budget of a user or company, which on PGlite exists in the first server's database only. */
async function expectOneBudgetOfData(
  points: number,
  attempt: (t: Server) => Promise<number>,
  allowed: number,
) {
  const servers = databaseUrl ? [first, second] : [first];
  const statuses = [];
  for (let i = 0; i < points; i += 1) statuses.push(await attempt(servers[i % servers.length]!));
  expect(statuses).toEqual(Array(points).fill(allowed));
  for (const t of servers) expect(await attempt(t)).toBe(429);
}

describe('sign-in and account rate limits shared by the server processes', () => {
  it('give password recovery one budget per e-mail address', async () => {
    const emailAddress = `nobody-${randomUUID()}@example.com`;
    await expectOneBudget(
      recoveryLimits.perEmailAddress,
      (t) => t.call('POST', 'PasswordRecoveryList', { body: { emailAddress } }).then((r) => r.status),
      201,
    );
  });

  it("give the login page's identity provider lists one budget per client address", async () => {
    await expectOneBudget(
      ssoLookupsPerAddressPerMinute,
      (t) =>
        t
          .call('GET', 'SsoIdentityProviderList', { query: { emailDomain: 'example.com' } })
          .then((r) => r.status),
      200,
    );
  });

  it('give passkey sign-in ceremonies one budget per client address', async () => {
    await expectOneBudget(
      passkeyCeremoniesPerAddressPerMinute,
      (t) => t.call('POST', 'PasskeyAuthenticationOptions', { body: {} }).then((r) => r.status),
      200,
    );
  });

  it('give e-mail address changes one budget per user', async () => {
    const user = await first.newUser();
    await expectOneBudgetOfData(
      5,
      (t) =>
        t
          .call('POST', 'MyEmailAddressChange', {
            token: user.token,
            body: { emailAddress: `new-${randomUUID()}@example.com`, password: user.password },
          })
          .then((r) => r.status),
      202,
    );
  });

  it('give coupon guesses one budget per company', async () => {
    const { as } = await f.setup();
    const agent = await f.agent(as);
    let guess = 0;
    await expectOneBudgetOfData(
      couponAttempts.points,
      (t) =>
        t
          .call('POST', 'AgentAppLoggingListActivate', {
            ...as,
            body: { publicId: agent, couponCode: `FG-GUES-S${String(guess++).padStart(3, '2')}-AAAA` },
          })
          .then((r) => r.status),
      400,
    );
  });
});
