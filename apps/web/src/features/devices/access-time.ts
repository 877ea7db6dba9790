import { formatDateTime } from '../../components/format/format-date.ts';

/**
 * When an approval starts or ends, as short as is clear: the time alone today ("14:30"), with
 * the date on another day, in the app's date and time format.
 */
export function formatAccessTime(iso: string, language: string, now: Date): string {
  const at = new Date(iso);
  if (at.toDateString() === now.toDateString())
    return new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(at);
  return formatDateTime(iso, language);
}
