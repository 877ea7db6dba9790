import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseTimestamptz, poolTypes } from './timestamptz.ts';

// What pg parses a timestamptz with by default (postgres-date): the fast path must give the same.
const postgresDate = pg.types.getTypeParser(1184, 'text') as (text: string) => unknown;

const same = (text: string) => {
  const ours = parseTimestamptz(text);
  const theirs = postgresDate(text);
  const key = (value: unknown) => (value instanceof Date ? ['Date', value.getTime()] : ['value', value]);
  expect(key(ours), text).toEqual(key(theirs));
};

const pad = (value: number, width: number) => String(value).padStart(width, '0');

describe('parseTimestamptz', () => {
  it('gives the Date postgres-date gives for the forms PostgreSQL sends, and for the rest', () => {
    for (const text of [
      '2026-11-28 18:20:12+00',
      '2026-11-28 18:20:12.345678+00',
      '2026-11-28 18:20:12.3+00',
      '2026-11-28 18:20:12.029+00',
      '2026-11-28 18:20:12.057+00',
      '2026-11-28 18:20:12.999999+00',
      '2026-11-28 18:20:12.000001+00',
      '2024-02-29 23:59:59.999999+00',
      '2026-11-28 18:20:12+05:30',
      '2026-11-28 18:20:12.5-03:30',
      '2026-11-28 18:20:12-08',
      '2026-11-28 18:20:12+14',
      '2026-11-28 18:20:12-00',
      '1970-01-01 00:00:00+00',
      '1969-12-31 23:59:59.999999+00',
      '1000-01-01 00:00:00+00',
      '0100-01-01 00:00:00+00',
      '0099-12-31 23:59:59+00',
      '0001-01-01 00:00:00+00',
      '0100-02-28 23:59:59+00',
      '0100-03-01 00:00:00+00',
      '0400-02-29 12:00:00+00',
      '1600-02-29 12:00:00+00',
      '1900-02-28 12:00:00+00',
      '1900-03-01 12:00:00+00',
      '2000-02-29 12:00:00+00',
      '2100-03-01 00:00:00-01',
      '2026-02-31 25:61:61+00',
      '2026-13-01 00:00:00+00',
      '2026-00-01 00:00:00+00',
      '2026-01-00 00:00:00+00',
      '2026-11-28 18:20:12.1234567+00',
      '0001-01-01 00:00:00+00 BC',
      '4714-11-24 00:00:00+00 BC',
      '9999-12-31 23:59:59.999999+00',
      '10000-01-01 00:00:00+00',
      '294276-12-31 23:59:59.999999+00',
      '1972-01-01 00:00:00-00:44:30',
      '1900-01-01 00:00:00+00:19:32',
      'infinity',
      '-infinity',
      '2026-11-28',
      '2026-11-28 18:20:12',
      '2026-11-28 18:20:12.+00',
      '2026-11-28 18:20:12+5',
      '2026-11-28 18:20:12+05:3',
      '2026-11-28 18:20:12+05:30x',
      '2026-11-28T18:20:12+00',
      '2026-11-28 18:20:12Z',
      '2026-1a-28 18:20:12+00',
      '',
    ])
      same(text);
  });

  it('gives the same Date for any text of the shape, offsets with seconds and BC included', () => {
    const form = fc.record({
      year: fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1900, max: 2100 })),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 0, max: 99 })),
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.integer({ min: 0, max: 59 }),
      second: fc.integer({ min: 0, max: 59 }),
      fraction: fc.option(fc.stringMatching(/^[0-9]{1,6}$/)),
      sign: fc.constantFrom('+', '-'),
      offsetHours: fc.integer({ min: 0, max: 15 }),
      offsetMinutes: fc.option(fc.integer({ min: 0, max: 59 })),
      offsetSeconds: fc.option(fc.integer({ min: 0, max: 59 }), { freq: 10 }),
      bc: fc.option(fc.constant(' BC'), { freq: 20 }),
    });
    fc.assert(
      fc.property(form, (f) => {
        const offset =
          f.sign +
          pad(f.offsetHours, 2) +
          (f.offsetMinutes === null ? '' : `:${pad(f.offsetMinutes, 2)}`) +
          (f.offsetMinutes === null || f.offsetSeconds === null ? '' : `:${pad(f.offsetSeconds, 2)}`);
        same(
          `${pad(f.year, 4)}-${pad(f.month, 2)}-${pad(f.day, 2)} ${pad(f.hour, 2)}:${pad(f.minute, 2)}:` +
            `${pad(f.second, 2)}${f.fraction === null ? '' : `.${f.fraction}`}${offset}${f.bc ?? ''}`,
        );
      }),
      { numRuns: 20_000 },
    );
  });

  it('reads every fraction of 1 to 6 digits as postgres-date does (its parseFloat, in integers)', () => {
    for (let places = 1; places <= 6; places += 1) {
      for (let fraction = 0; fraction < 10 ** places; fraction += 1) {
        const text = `2026-11-28 18:20:12.${pad(fraction, places)}+00`;
        const ours = parseTimestamptz(text) as Date;
        const theirs = postgresDate(text) as Date;
        // One expect per value would take minutes; the failing text is named when they differ.
        if (ours.getTime() !== theirs.getTime()) expect(ours.getTime(), text).toBe(theirs.getTime());
      }
    }
  });

  it('reads what PostgreSQL writes in several time zones the same way', async () => {
    const db = await PGlite.create();
    try {
      // Zones with half-hour and quarter-hour offsets, and ones whose old offsets had seconds.
      for (const zone of [
        'UTC',
        'Asia/Kolkata',
        'Asia/Kathmandu',
        'America/St_Johns',
        'Africa/Monrovia',
        'Europe/Amsterdam',
        'America/Los_Angeles',
      ]) {
        await db.exec(`set time zone '${zone}'`);
        const { rows } = await db.query<{ text: string }>(
          `select t::text as text from (
             select now() as t
             union all select '2026-03-29 01:30:00.123456+00'::timestamptz
             union all select '1900-01-01 00:00:00+00'::timestamptz
             union all select '1971-06-01 12:00:00.5+00'::timestamptz
             union all select '0050-01-01 00:00:00+00'::timestamptz
             union all select '0044-03-15 12:00:00+00 BC'::timestamptz
             union all select 'infinity'::timestamptz
             union all select '-infinity'::timestamptz
             union all select g from generate_series('1890-01-01'::timestamptz, '2040-01-01', '97 days 3 hours 7 minutes 11.654321 seconds') g
           ) s`,
        );
        expect(rows.length).toBeGreaterThan(500);
        for (const { text } of rows) same(text);
      }
    } finally {
      await db.close();
    }
  });

  it('is what the server pool parses timestamptz with, and only timestamptz', () => {
    expect(poolTypes.getTypeParser(1184, 'text')).toBe(parseTimestamptz);
    expect(poolTypes.getTypeParser(1114, 'text')).toBe(pg.types.getTypeParser(1114, 'text'));
    expect(poolTypes.getTypeParser(1184, 'binary')).toBe(pg.types.getTypeParser(1184, 'binary'));
    expect(poolTypes.getTypeParser(23, 'text')).toBe(pg.types.getTypeParser(23, 'text'));
  });
});
