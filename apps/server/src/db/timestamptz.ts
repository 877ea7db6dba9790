import pg from 'pg';

const timestamptzOid = 1184;

// pg's own parser (postgres-date): it takes everything the fast path below leaves to it.
const parseAnyTimestamptz = pg.types.getTypeParser(timestamptzOid, 'text') as (
  text: string,
) => Date | number | null;

/**
 * Parses a `timestamptz` in the text form PostgreSQL sends it (`2026-11-28 18:20:12.345678+00`,
 * offsets of whole hours or minutes), giving exactly the Date postgres-date gives, without its
 * regular expressions: every list page parses one per row (issue 18). Anything else (BC, infinity,
 * years before 100 or after 9999, offsets with seconds) goes to postgres-date itself.
 */
export function parseTimestamptz(text: string): Date | number | null {
  const length = text.length;
  if (
    length < 22 ||
    text.charCodeAt(4) !== 45 || // -
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 32 || // space
    text.charCodeAt(13) !== 58 || // :
    text.charCodeAt(16) !== 58
  )
    return parseAnyTimestamptz(text);
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  const hour = digits(text, 11, 13);
  const minute = digits(text, 14, 16);
  const second = digits(text, 17, 19);
  // Years 0–99 need postgres-date's correction of Date.UTC (which reads them as 1900–1999).
  if (year < 100 || month < 1 || month > 12 || day < 0 || hour < 0 || minute < 0 || second < 0)
    return parseAnyTimestamptz(text);
  let at = 19;
  let ms = 0;
  if (text.charCodeAt(at) === 46) {
    // . and 1 to 6 digits: postgres-date's Math.trunc(1000 * parseFloat('.…')), in integers (the
    // test checks every such fraction)
    at += 1;
    while (at < length && isDigit(text.charCodeAt(at))) at += 1;
    const places = at - 20;
    if (places < 1 || places > 6) return parseAnyTimestamptz(text);
    const fraction = digits(text, 20, at);
    ms = places <= 3 ? fraction * 10 ** (3 - places) : Math.trunc(fraction / 10 ** (places - 3));
  }
  const sign = text.charCodeAt(at);
  if (sign !== 43 && sign !== 45) return parseAnyTimestamptz(text); // + or -
  const offsetHours = digits(text, at + 1, at + 3);
  let offsetMinutes = 0;
  if (at + 3 !== length) {
    if (at + 6 !== length || text.charCodeAt(at + 3) !== 58) return parseAnyTimestamptz(text);
    offsetMinutes = digits(text, at + 4, at + 6);
  }
  if (offsetHours < 0 || offsetMinutes < 0) return parseAnyTimestamptz(text);
  const offsetMs = (offsetHours * 60 + offsetMinutes) * 60_000;
  // What Date.UTC(year, month - 1, day, hour, minute, second, ms) gives (days and times past their
  // usual range add up the same way), computed without it: exact integers, years 100–9999.
  const utc =
    (daysFromCivil(year, month) + day - 1) * 86_400_000 +
    hour * 3_600_000 +
    minute * 60_000 +
    second * 1000 +
    ms;
  return new Date(sign === 43 ? utc - offsetMs : utc + offsetMs);
}

/** Days from 1970-01-01 to the first of the month (proleptic Gregorian; H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5);
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The number written in text[start, end), or -1 unless all of it is digits (ASCII). */
function digits(text: string, start: number, end: number): number {
  if (end > text.length) return -1;
  let value = 0;
  for (let i = start; i < end; i += 1) {
    const code = text.charCodeAt(i);
    if (!isDigit(code)) return -1;
    value = value * 10 + (code - 48);
  }
  return value;
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/** pg's type parsers with timestamptz parsed by parseTimestamptz: for the server's pool only. */
export const poolTypes: pg.CustomTypesConfig = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
    if (oid === timestamptzOid && (format ?? 'text') === 'text') return parseTimestamptz;
    return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
  },
};
