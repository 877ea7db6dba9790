import { formatDateTime, formatTime } from '../../components/format/format-date.ts';

/**
 * When an approval starts or ends, as short as is clear: the time alone today ("14:30"), with
 * the date on another day, in the app's one date and time format.
 */
export function formatAccessTime(iso: string, now: Date): string {
  const at = new Date(iso);
  return at.toDateString() === now.toDateString() ? formatTime(at) : formatDateTime(at);
}
