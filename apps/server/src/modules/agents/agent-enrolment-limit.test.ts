import { describe, expect, it } from 'vitest';
import type { AgentEnrolmentToken } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { agentFixtures } from './agent.test-support.ts';
import { enrolmentAttempts } from './agent.routes.ts';

const attempt = (t: ReturnType<typeof useTestServer>, token = 'x'.repeat(43)) =>
  t.call('POST', 'AgentEnrolment', { body: { token } });

describe('AgentEnrolment attempt limit', () => {
  // A server of its own: the attempt budget is per process and client address.
  const t = useTestServer();

  it('answers 429 with Retry-After once an address spent its attempts, whatever the token', async () => {
    for (let i = 0; i < enrolmentAttempts.points; i += 1) expect((await attempt(t)).status).toBe(401);
    const limited = await attempt(t);
    expect(limited.status).toBe(429);
    expect(limited.body.data).toEqual([{ message: 'Too many attempts, try again later' }]);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('AgentEnrolment attempts sent at once', () => {
  const t = useTestServer();

  it('look up at most the budget of tokens; the rest are 429 before any lookup', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, () => attempt(t)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(enrolmentAttempts.points);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - enrolmentAttempts.points);
  });
});

describe('AgentEnrolment successes', () => {
  const t = useTestServer();
  const f = agentFixtures(t);

  it('do not use up the budget of the address', async () => {
    const { as } = await f.setup();
    for (let i = 0; i < enrolmentAttempts.points + 2; i += 1) {
      const agent = await f.createAgent(as, { name: `Gateway ${i}` });
      const issued = await t.call('POST', `AgentEnrolmentTokenList/${agent.publicId}`, as);
      const enrolled = await attempt(t, (issued.body.data as AgentEnrolmentToken).token);
      expect(enrolled.status).toBe(201);
    }
    expect((await attempt(t)).status).toBe(401);
  });
});
