import { describe, expect, it } from 'vitest';
import { rateLimitStateOf } from './rate-limit.ts';

const lastHit = '2026-11-22T07:00:00.000Z';

describe('rateLimitStateOf', () => {
  it('is null without a limit', () => {
    expect(
      rateLimitStateOf({ configOpenvpnLimit: null, configOpenvpnCounter: 3, configOpenvpnLastHit: null }),
    ).toBeNull();
  });

  it('retries in 30 seconds on a soft limit up to 10 attempts', () => {
    expect(
      rateLimitStateOf({
        configOpenvpnLimit: 'soft',
        configOpenvpnCounter: 10,
        configOpenvpnLastHit: lastHit,
      }),
    ).toEqual({ kind: 'retrying', retryIn: 'seconds', after: 30, counter: 10, lastHit });
  });

  it('retries in 5 minutes on a soft limit above 10 attempts', () => {
    expect(
      rateLimitStateOf({ configOpenvpnLimit: 'soft', configOpenvpnCounter: 11, configOpenvpnLastHit: null }),
    ).toEqual({ kind: 'retrying', retryIn: 'minutes', after: 5, counter: 11, lastHit: null });
  });

  it('has stopped trying on a hard limit', () => {
    expect(
      rateLimitStateOf({
        configOpenvpnLimit: 'hard',
        configOpenvpnCounter: 42,
        configOpenvpnLastHit: lastHit,
      }),
    ).toEqual({ kind: 'stopped', counter: 42, lastHit });
  });
});
