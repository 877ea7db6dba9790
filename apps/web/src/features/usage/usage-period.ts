import { daysBetween, isIsoDay, lastDays, usageMaxDays } from '@fleetgate/contracts';

export const presets = [7, 30, 90] as const;
export type PeriodChoice =
  { preset: (typeof presets)[number] } | { preset: 'custom'; from: string; to: string };

export type PeriodProblem = 'invalid' | 'fromAfterTo' | 'tooLong';

/** The period a choice stands for, or what is wrong with a custom one. */
export function resolvePeriod(
  choice: PeriodChoice,
  now = new Date(),
): { period: { from: string; to: string } } | { problem: PeriodProblem; field: 'from' | 'to' } {
  if (choice.preset !== 'custom') return { period: lastDays(choice.preset, now) };
  const { from, to } = choice;
  if (!isIsoDay(from)) return { problem: 'invalid', field: 'from' };
  if (!isIsoDay(to)) return { problem: 'invalid', field: 'to' };
  if (from > to) return { problem: 'fromAfterTo', field: 'from' };
  if (daysBetween(from, to) > usageMaxDays) return { problem: 'tooLong', field: 'to' };
  return { period: { from, to } };
}

/** A calendar day picked in the browser as YYYY-MM-DD (the day the user sees, whatever the zone). */
export function dayOf(date: Date | null): string {
  if (date === null || Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The Date a date picker shows for a YYYY-MM-DD day (local midnight). */
export function dateOf(day: string): Date | null {
  if (!isIsoDay(day)) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}
