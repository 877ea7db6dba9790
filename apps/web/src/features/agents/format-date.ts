/** A date and time in the interface language, e.g. "22 Nov 2026, 08:15". */
export function formatDateTime(iso: string, language: string): string {
  return new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}
