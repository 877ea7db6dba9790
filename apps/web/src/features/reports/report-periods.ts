/** The periods the queue dialog offers; `custom` takes two dates from the user. */
export const reportPeriods = ['lastHour', 'today', 'yesterday', 'last7Days', 'custom'] as const;
export type ReportPeriod = (typeof reportPeriods)[number];

/** Midnight of the day holding `date` in the browser's zone, `days` days later. */
function localMidnight(date: Date, days = 0) {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/**
 * Start and end of a preset period in the browser's time zone (the zone the report is made in),
 * or of a custom one from two `datetime-local` values; null when the custom one is not valid.
 */
export function periodRange(
  period: ReportPeriod,
  now: Date,
  custom: { start: string; end: string } = { start: '', end: '' },
): { start: Date; end: Date } | null {
  switch (period) {
    case 'lastHour':
      return { start: new Date(now.getTime() - 3600_000), end: now };
    case 'today':
      return { start: localMidnight(now), end: now };
    case 'yesterday':
      return { start: localMidnight(now, -1), end: localMidnight(now) };
    case 'last7Days':
      return { start: new Date(now.getTime() - 7 * 86_400_000), end: now };
    case 'custom': {
      const start = new Date(custom.start);
      const end = new Date(custom.end);
      if (!Number.isFinite(start.getTime()) || !Number.isFinite(end.getTime()) || end <= start) return null;
      return { start, end };
    }
  }
}

/** The browser's IANA time zone. */
export function browserTimeZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
