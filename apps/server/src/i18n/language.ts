import { uiLanguages, type UiLanguage } from '@fleetgate/contracts';
import { serverTextsDe } from './server-texts.de.ts';
import { serverTextsEn, type ServerTexts } from './server-texts.en.ts';

export type { ServerTexts };

const texts: Record<UiLanguage, ServerTexts> = { en: serverTextsEn, de: serverTextsDe };

/** The server's texts (e-mails, inbox messages) in a language; English when none is known. */
export function serverTexts(language: UiLanguage | null | undefined): ServerTexts {
  return texts[language ?? 'en'];
}

const isUiLanguage = (value: string): value is UiLanguage =>
  (uiLanguages as readonly string[]).includes(value);

/**
 * The language a request's `Accept-Language` asks for first among those the app speaks (by
 * q-value, then order), or null. What a browser sends follows its user's languages, as the web
 * app's default does. Long or odd headers are cut, never an error.
 */
export function requestLanguage(header: string | undefined): UiLanguage | null {
  if (!header) return null;
  const ranges = header
    .slice(0, 500)
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=(.*)$/.exec(p)?.[1]?.trim()).find((v) => v !== undefined);
      const quality = q === undefined ? 1 : Number(q);
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', quality, index };
    })
    .filter((range) => Number.isFinite(range.quality) && range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranges.map((range) => range.primary).find(isUiLanguage) ?? null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar day (UTC) as people of the language write it: 2030-01-15 or 15.01.2030. */
export function formatDay(date: Date, language: UiLanguage): string {
  const iso = date.toISOString().slice(0, 10);
  if (language === 'de')
    return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
  return iso;
}

/** A moment to the minute, in UTC, said so: "2030-01-15 10:00 UTC" or "15.01.2030, 10:00 UTC". */
export function formatMoment(iso: string, language: UiLanguage): string {
  const date = new Date(iso);
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
  return language === 'de' ? `${formatDay(date, language)}, ${time}` : `${formatDay(date, language)} ${time}`;
}
