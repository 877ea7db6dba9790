import { periodPresets, periodSpecSchema, type PeriodPreset, type PeriodSpec } from '@fleetgate/contracts';

export type PeriodRange = { start: Date; end: Date };

const hourMs = 3600 * 1000;

function startOfDay(date: Date): Date {
  const day = new Date(date);
  day.setHours(0, 0, 0, 0);
  return day;
}

function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/** A period spec from the URL, or null when it is not one (the page's own period is used then). */
export function parsePeriodSpec(value: string | null): PeriodSpec | null {
  if (value === null) return null;
  const parsed = periodSpecSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function isPreset(spec: PeriodSpec): spec is PeriodPreset {
  return (periodPresets as readonly string[]).includes(spec);
}

/** `custom:<start ISO>/<end ISO>`. */
export function customPeriodSpec(start: Date, end: Date): PeriodSpec {
  return `custom:${start.toISOString()}/${end.toISOString()}`;
}

/** The start and end of a period at `now`, days in the browser's time zone. */
export function periodRange(spec: PeriodSpec, now: Date): PeriodRange {
  switch (spec) {
    case 'today':
      return { start: startOfDay(now), end: addDays(startOfDay(now), 1) };
    case 'yesterday':
      return { start: addDays(startOfDay(now), -1), end: startOfDay(now) };
    case 'last24h':
      return { start: new Date(now.getTime() - 24 * hourMs), end: now };
    case 'last7d':
      return { start: new Date(now.getTime() - 7 * 24 * hourMs), end: now };
    case 'last30d':
      return { start: new Date(now.getTime() - 30 * 24 * hourMs), end: now };
    default: {
      const [start = '', end = ''] = spec.slice('custom:'.length).split('/');
      return { start: new Date(start), end: new Date(end) };
    }
  }
}

/** Whether values arriving now belong to the period, so the page updates live. */
export function periodIncludesNow(spec: PeriodSpec, now: Date): boolean {
  const { start, end } = periodRange(spec, now);
  return start.getTime() <= now.getTime() && now.getTime() <= end.getTime();
}

/** The end shown and asked for: never beyond now, so "today" asks only for what exists. */
export function queriedRange(spec: PeriodSpec, now: Date): PeriodRange {
  const range = periodRange(spec, now);
  return { start: range.start, end: range.end.getTime() > now.getTime() ? now : range.end };
}
