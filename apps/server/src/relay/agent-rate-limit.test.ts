import { describe, expect, it } from 'vitest';
import { decideAttempt, type RateLimitState } from './agent-rate-limit.ts';
import { vpnAddress } from './vpn-address.ts';

const limits = { windowSeconds: 600, softAfterAttempts: 5, hardAfterAttempts: 30 };
const now = new Date('2026-01-01T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('agent connection rate limit', () => {
  it('counts attempts within the window and starts over after it', () => {
    const fresh: RateLimitState = { limit: null, counter: 0, lastHit: null };
    expect(decideAttempt(fresh, now, limits)).toEqual({
      allowed: true,
      next: { limit: null, counter: 1, lastHit: now },
    });
    expect(decideAttempt({ limit: null, counter: 3, lastHit: ago(599) }, now, limits).next.counter).toBe(4);
    expect(decideAttempt({ limit: 'soft', counter: 9, lastHit: ago(600) }, now, limits)).toEqual({
      allowed: true,
      next: { limit: null, counter: 1, lastHit: now },
    });
  });

  it('turns soft at the threshold and then asks for 30 s, past 10 attempts for 5 min', () => {
    expect(decideAttempt({ limit: null, counter: 4, lastHit: ago(1) }, now, limits)).toEqual({
      allowed: true,
      next: { limit: 'soft', counter: 5, lastHit: now },
    });
    // A refused attempt counts but keeps the last hit, so the Retry-After given stays true.
    expect(decideAttempt({ limit: 'soft', counter: 5, lastHit: ago(10) }, now, limits)).toEqual({
      allowed: false,
      next: { limit: 'soft', counter: 6, lastHit: ago(10) },
      retryAfterSeconds: 20,
    });
    expect(decideAttempt({ limit: 'soft', counter: 9, lastHit: ago(30) }, now, limits)).toEqual({
      allowed: true,
      next: { limit: 'soft', counter: 10, lastHit: now },
    });
    expect(decideAttempt({ limit: 'soft', counter: 10, lastHit: ago(30) }, now, limits)).toMatchObject({
      allowed: false,
      retryAfterSeconds: 270,
    });
    expect(decideAttempt({ limit: 'soft', counter: 11, lastHit: ago(300) }, now, limits).allowed).toBe(true);
  });

  it('turns hard at its threshold and refuses everything, without Retry-After, until reset', () => {
    expect(decideAttempt({ limit: 'soft', counter: 29, lastHit: ago(400) }, now, limits)).toEqual({
      allowed: false,
      next: { limit: 'hard', counter: 30, lastHit: now },
      retryAfterSeconds: null,
    });
    expect(decideAttempt({ limit: 'hard', counter: 30, lastHit: ago(3600) }, now, limits)).toEqual({
      allowed: false,
      next: { limit: 'hard', counter: 1, lastHit: ago(3600) },
      retryAfterSeconds: null,
    });
  });
});

describe('VPN address', () => {
  it('is the range base plus the agent id, inside the range', () => {
    expect(vpnAddress('10.187.0.0/16', 1)).toBe('10.187.0.1');
    expect(vpnAddress('10.187.0.0/16', 258)).toBe('10.187.1.2');
    expect(vpnAddress('10.187.3.9/16', 7)).toBe('10.187.0.7');
    // Wraps without reaching the broadcast address.
    expect(vpnAddress('192.168.5.0/24', 254)).toBe('192.168.5.254');
    expect(vpnAddress('192.168.5.0/24', 255)).toBe('192.168.5.1');
    expect(() => vpnAddress('fd00::/64', 1)).toThrow();
    expect(() => vpnAddress('10.0.0.300/16', 1)).toThrow();
  });
});
