import { Cron } from 'croner';

/**
 * Whether a schedule is a five-field cron (minute hour day-of-month month day-of-week, in UTC)
 * that ever fires. Nicknames such as `@hourly` and second or year fields are refused, so every
 * stored schedule reads the same to whoever evaluates it.
 */
export function isValidCron(expression: string): boolean {
  if (expression.trim().split(/\s+/).length !== 5) return false;
  try {
    // Without a function to run, croner only parses: no timer is started.
    const cron = new Cron(expression, { mode: '5-part', timezone: 'UTC', paused: true });
    return cron.nextRun() !== null;
  } catch {
    return false;
  }
}
