import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './format-date.ts';

// 17:16 UTC; the expectations name the time zone the test runs in through the formatter itself.
const moment = '2026-11-23T17:16:07.000Z';
const localHour = new Date(moment).getHours();
const hour24 = String(localHour).padStart(2, '0');
const hour12 = String(localHour % 12 === 0 ? 12 : localHour % 12);
const day = new Date(moment).getDate();
const meridiem = localHour < 12 ? 'AM' : 'PM';
/** ICU versions differ in the space before AM/PM (narrow no-break or plain). */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('date and time format', () => {
  it('shows a date and time in the given locale, medium date and short time without seconds', () => {
    expect(formatDateTime(moment, ['en-GB'])).toBe(`${day} Nov 2026, ${hour24}:16`);
    expect(plain(formatDateTime(moment, ['en-US']))).toBe(`Nov ${day}, 2026, ${hour12}:16 ${meridiem}`);
    expect(formatDateTime(moment, ['de-DE'])).toBe(`${String(day).padStart(2, '0')}.11.2026, ${hour24}:16`);
  });

  it('shows a time alone in the same short style', () => {
    expect(formatTime(moment, ['en-GB'])).toBe(`${hour24}:16`);
    expect(plain(formatTime(moment, ['en-US']))).toBe(`${hour12}:16 ${meridiem}`);
  });

  it('shows a date alone in the same medium style', () => {
    expect(formatDate(moment, ['en-GB'])).toBe(`${day} Nov 2026`);
    expect(formatDate(moment, ['en-US'])).toBe(`Nov ${day}, 2026`);
  });

  it('keeps a calendar day the same day wherever the user is', () => {
    expect(formatDate('2026-11-23', ['en-GB'])).toBe('23 Nov 2026');
  });

  it('takes Date objects and epoch milliseconds alike', () => {
    const time = new Date(moment);
    expect(formatDateTime(time, ['en-GB'])).toBe(formatDateTime(moment, ['en-GB']));
    expect(formatDateTime(time.getTime(), ['en-GB'])).toBe(formatDateTime(moment, ['en-GB']));
  });

  it("uses the runtime's own locale when none is given outside a browser", () => {
    expect(formatDateTime(moment)).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(moment),
      ),
    );
  });
});
