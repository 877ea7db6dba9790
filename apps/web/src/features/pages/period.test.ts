import { describe, expect, it } from 'vitest';
import { customPeriodSpec, parsePeriodSpec, periodIncludesNow, periodRange, queriedRange } from './period.ts';

const now = new Date(2026, 10, 25, 14, 30, 0);

describe('periods', () => {
  it('reads presets and custom periods from the URL and ignores anything else', () => {
    expect(parsePeriodSpec('last7d')).toBe('last7d');
    expect(parsePeriodSpec('custom:2026-11-01T00:00:00.000Z/2026-11-02T00:00:00.000Z')).toBe(
      'custom:2026-11-01T00:00:00.000Z/2026-11-02T00:00:00.000Z',
    );
    expect(parsePeriodSpec('custom:2026-11-02T00:00:00.000Z/2026-11-01T00:00:00.000Z')).toBeNull();
    expect(parsePeriodSpec('lastYear')).toBeNull();
    expect(parsePeriodSpec(null)).toBeNull();
  });

  it('gives today and yesterday as whole local days', () => {
    expect(periodRange('today', now)).toEqual({ start: new Date(2026, 10, 25), end: new Date(2026, 10, 26) });
    expect(periodRange('yesterday', now)).toEqual({
      start: new Date(2026, 10, 24),
      end: new Date(2026, 10, 25),
    });
  });

  it('gives the rolling periods ending now', () => {
    const day = 24 * 3600 * 1000;
    expect(periodRange('last24h', now)).toEqual({ start: new Date(now.getTime() - day), end: now });
    expect(periodRange('last7d', now).start).toEqual(new Date(now.getTime() - 7 * day));
    expect(periodRange('last30d', now).start).toEqual(new Date(now.getTime() - 30 * day));
  });

  it('round-trips a custom period', () => {
    const start = new Date('2026-11-01T08:00:00.000Z');
    const end = new Date('2026-11-03T18:00:00.000Z');
    expect(periodRange(customPeriodSpec(start, end), now)).toEqual({ start, end });
  });

  it('updates live only while the period includes now', () => {
    expect(periodIncludesNow('today', now)).toBe(true);
    expect(periodIncludesNow('last7d', now)).toBe(true);
    expect(periodIncludesNow('yesterday', now)).toBe(false);
    expect(periodIncludesNow(customPeriodSpec(new Date(2026, 10, 1), new Date(2026, 10, 2)), now)).toBe(
      false,
    );
  });

  it('asks for no time beyond now', () => {
    expect(queriedRange('today', now)).toEqual({ start: new Date(2026, 10, 25), end: now });
    expect(queriedRange('yesterday', now).end).toEqual(new Date(2026, 10, 25));
  });
});
