import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';
import { enrolmentAttempts } from './agent.routes.ts';

// A server of its own: the attempt budget is per process and client address.
const t = useTestServer();

describe('AgentEnrolment attempt limit', () => {
  it('answers 429 with Retry-After once an address spent its attempts, whatever the token', async () => {
    const attempt = () => t.call('POST', 'AgentEnrolment', { body: { token: 'x'.repeat(43) } });
    for (let i = 0; i < enrolmentAttempts.points; i += 1) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.data).toEqual([{ message: 'Too many attempts, try again later' }]);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
