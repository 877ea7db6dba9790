import { describe, expect, it } from 'vitest';
import { periodRange } from './report-periods.ts';

describe('periodRange', () => {
  const now = new Date(2026, 10, 25, 10, 30);
  it('gives the presets in the browser zone', () => {
    expect(periodRange('lastHour', now)).toEqual({ start: new Date(2026, 10, 25, 9, 30), end: now });
    expect(periodRange('today', now)).toEqual({ start: new Date(2026, 10, 25), end: now });
    expect(periodRange('yesterday', now)).toEqual({
      start: new Date(2026, 10, 24),
      end: new Date(2026, 10, 25),
    });
    expect(periodRange('last7Days', now)?.end).toEqual(now);
  });
  it('takes a custom period only when its end is after its start', () => {
    expect(periodRange('custom', now, { start: '2026-11-01T00:00', end: '2026-11-02T00:00' })).toEqual({
      start: new Date(2026, 10, 1),
      end: new Date(2026, 10, 2),
    });
    expect(periodRange('custom', now, { start: '2026-11-02T00:00', end: '2026-11-01T00:00' })).toBeNull();
    expect(periodRange('custom', now, { start: '', end: '' })).toBeNull();
  });
});
