import i18next from 'i18next';

/**
 * Every date and time the web app shows, in one format: the UI language, in the regional
 * variant the browser prefers for it, a medium date and a short time, in the browser's time
 * zone. "23 Nov 2026, 17:16" in en-GB, "Nov 23, 2026, 5:16 PM" in en-US, "23.11.2026, 17:16"
 * in German.
 */
type DateInput = string | number | Date;
type Locales = string | readonly string[] | undefined;

const dateStyle = 'medium';
const timeStyle = 'short';

/**
 * The browser's preferred locales of the UI language (en-GB for an English UI in a British
 * browser), else the UI language itself (a German UI chosen in an English browser is `de`).
 */
export function uiLocales(
  language: string = i18next.language || 'en',
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): string[] {
  const matching = preferred.filter((tag) => tag.toLowerCase().split('-')[0] === language);
  return matching.length > 0 ? matching : [language];
}

function userLocales(): Locales {
  return uiLocales();
}

// Formatters are costly to create and lists format many dates; one per locale list and style.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions, locales: Locales) {
  const key = `${JSON.stringify(locales ?? null)}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locales as Intl.LocalesArgument, options);
    formatters.set(key, found);
  }
  return found;
}

/** `locales` is for tests; the app leaves it out so the user's locale applies. */
export function formatDateTime(value: DateInput, locales: Locales = userLocales()): string {
  return formatter({ dateStyle, timeStyle }, locales).format(new Date(value));
}

/** A time of day alone, for moments that are today (an approval ending at 17:16). */
export function formatTime(value: DateInput, locales: Locales = userLocales()): string {
  return formatter({ timeStyle }, locales).format(new Date(value));
}

/**
 * A day alone. A calendar day without a time (`YYYY-MM-DD`, such as a release day) names a day,
 * not a moment, so it is shown as that day wherever the user is.
 */
export function formatDate(value: DateInput, locales: Locales = userLocales()): string {
  const dayOnly = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  return formatter(dayOnly ? { dateStyle, timeZone: 'UTC' } : { dateStyle }, locales).format(new Date(value));
}
