import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';
import { couponAttempts } from './licence.routes.ts';
import { licenceFixtures } from './licence.test-support.ts';

// Its own server: the attempt budget is per process.
const t = useTestServer();
const f = licenceFixtures(t);

describe('coupon guessing', () => {
  it('is limited per company before codes are looked up (429), and a valid code then waits too', async () => {
    const { as } = await f.setup();
    const agent = await f.agent(as);
    const guesses = await Promise.all(
      Array.from({ length: couponAttempts.points + 5 }, (_, i) =>
        t.call('POST', 'AgentAppLoggingListActivate', {
          ...as,
          body: { publicId: agent, couponCode: `FG-GUES-S${String(i).padStart(3, '2')}-AAAA` },
        }),
      ),
    );
    const statuses = guesses.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(couponAttempts.points);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const limited = guesses.find((r) => r.status === 429)!;
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    const valid = await t.call('POST', 'AgentAppLoggingListActivate', {
      ...as,
      body: { publicId: agent, couponCode: await f.coupon('logging') },
    });
    expect(valid.status).toBe(429);
    // Trials and licences are not coupon guesses.
    expect(
      (await t.call('POST', 'AgentAppLoggingListActivate', { ...as, body: { publicId: agent, trial: true } }))
        .status,
    ).toBe(201);
  });
});
