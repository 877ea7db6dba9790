/**
 * Data usage (`/usage`): bytes the relay carried for a company, per UTC day and per agent.
 * Direction, the same everywhere: "in" = bytes sent to the company's devices, "out" = bytes
 * from its devices.
 */

/** The period when none is given: the last 30 UTC days, today included. */
export const usageDefaultDays = 30;
/** The longest period one call reads. */
export const usageMaxDays = 366;

export const usageErrorMessages = {
  invalidDate: 'Invalid date, expected YYYY-MM-DD',
  fromAfterTo: 'The start of the period is after its end',
  periodTooLong: `The period is at most ${usageMaxDays} days`,
} as const;

/** `DataUsageList`: one entry per day of the period, days without traffic included (zeros). */
export type DataUsageDay = {
  /** YYYY-MM-DD (UTC). */
  day: string;
  bytesIn: number;
  bytesOut: number;
  /**
   * All bytes of the day. More than in + out only on days counted before the direction was
   * recorded: the difference has no direction.
   */
  bytes: number;
};

/** `AgentDataUsageList`: an agent's bytes over the period, most traffic first. */
export type AgentDataUsage = {
  agent: { publicId: string; name: string };
  bytesIn: number;
  bytesOut: number;
  bytes: number;
};

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a value is a real calendar day written YYYY-MM-DD (no 2026-02-30). */
export function isIsoDay(value: string): boolean {
  const match = isoDay.exec(value);
  // Year 0 is not a day PostgreSQL takes.
  if (!match || match[1] === '0000') return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The UTC day `days` after (or before, when negative) an ISO day. Beyond the years 1–9999 the
 * answer is no ISO day (`+010000-01-01`, `-000001-12-31`): callers check it with `isIsoDay`, and
 * never compare such answers as strings (`'+010000-01-01' < '9999-12-31'`).
 */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The number of an ISO day counted from 1970-01-01 (negative before it). */
export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
}

/** Every ISO day from `from` to `to`, both included, counted as numbers so no year ends the loop early or never. */
export function daysOf(period: { from: string; to: string }): string[] {
  const first = dayNumber(period.from);
  const count = dayNumber(period.to) - first + 1;
  return Array.from({ length: Math.max(count, 0) }, (_, i) =>
    new Date((first + i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/** The period of the last `days` UTC days ending today. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  return { from: addDays(to, -(days - 1)), to };
}
