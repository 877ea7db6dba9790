import { describe, expect, it } from 'vitest';
import { dateOf, dayOf, resolvePeriod } from './usage-period.ts';

const now = new Date('2026-03-10T23:30:00Z');

describe('resolvePeriod', () => {
  it('turns presets into the last n UTC days, today included', () => {
    expect(resolvePeriod({ preset: 7 }, now)).toEqual({ period: { from: '2026-03-04', to: '2026-03-10' } });
    expect(resolvePeriod({ preset: 30 }, now)).toEqual({ period: { from: '2026-02-09', to: '2026-03-10' } });
  });
  it('checks a custom period as the server does', () => {
    expect(resolvePeriod({ preset: 'custom', from: '2026-01-01', to: '2026-01-01' })).toEqual({
      period: { from: '2026-01-01', to: '2026-01-01' },
    });
    expect(resolvePeriod({ preset: 'custom', from: '', to: '2026-01-01' })).toEqual({
      problem: 'invalid',
      field: 'from',
    });
    expect(resolvePeriod({ preset: 'custom', from: '2026-01-02', to: '2026-01-01' })).toEqual({
      problem: 'fromAfterTo',
      field: 'from',
    });
    expect(resolvePeriod({ preset: 'custom', from: '2025-01-01', to: '2026-01-02' })).toEqual({
      problem: 'tooLong',
      field: 'to',
    });
  });
  it('round-trips the day a picker shows', () => {
    expect(dayOf(dateOf('2026-02-28'))).toBe('2026-02-28');
    expect(dayOf(null)).toBe('');
    expect(dateOf('2026-02-30')).toBeNull();
  });
});
