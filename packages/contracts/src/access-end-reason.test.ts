import { describe, expect, it } from 'vitest';
import { formatAccessEndReason, parseAccessEndReason } from './devices.ts';

describe('access end reasons (relay close 4001)', () => {
  it('names who revoked, says expired, and keeps any other denial as ended', () => {
    expect(formatAccessEndReason({ reason: 'revoked', by: 'Ada Admin' })).toBe('ACCESS_REVOKED:Ada Admin');
    expect(parseAccessEndReason('ACCESS_REVOKED:Ada: Admin')).toEqual({
      reason: 'revoked',
      by: 'Ada: Admin',
    });
    expect(parseAccessEndReason(formatAccessEndReason({ reason: 'revoked', by: null }))).toEqual({
      reason: 'revoked',
      by: null,
    });
    expect(parseAccessEndReason(formatAccessEndReason({ reason: 'expired' }))).toEqual({
      reason: 'expired',
      by: null,
    });
    expect(parseAccessEndReason('CONNECT_NOT_ALLOWED')).toEqual({ reason: 'ended', by: null });
    expect(parseAccessEndReason('')).toEqual({ reason: 'ended', by: null });
  });

  it('fits a WebSocket close reason (123 bytes) without splitting a character', () => {
    const reason = formatAccessEndReason({ reason: 'revoked', by: 'Zoë 👩‍🔧 '.repeat(40) });
    expect(new TextEncoder().encode(reason).length).toBeLessThanOrEqual(123);
    expect(reason).not.toContain('\uFFFD');
    expect(parseAccessEndReason(reason).by).toMatch(/^Zoë/);
  });
});
