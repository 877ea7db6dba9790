import { describe, expect, it } from 'vitest';
import {
  accessExpiryReminder,
  createReminder,
  isMuted,
  isVisible,
  muteReminder,
  pruneMutes,
  temporaryAccessReminder,
  visibleReminders,
  type Reminder,
} from './reminders.ts';

const minute = 60_000;
const end = new Date('2026-11-22T12:00:00Z');
const at = (minutesFromEnd: number) => end.getTime() + minutesFromEnd * minute;

function expiry(id = 'r1'): Reminder {
  return accessExpiryReminder({ id, message: 'Access ends', end });
}

describe('createReminder', () => {
  it('defaults the icon to schedule, sorts remind times and starts unmuted', () => {
    const reminder = createReminder({
      id: 'x',
      message: 'm',
      important: false,
      expiresOn: end,
      remindOn: [new Date(at(-2)), new Date(at(-10))],
    });
    expect(reminder.icon).toBe('schedule');
    expect(reminder.muted).toBe(false);
    expect(reminder.remindOn.map((d) => d.getTime())).toEqual([at(-10), at(-2)]);
  });
});

describe('access-expiry reminders', () => {
  it('remind 10 and 2 minutes before the end and expire at the end', () => {
    const reminder = expiry();
    expect(reminder.id).toBe('access-expiry:r1');
    expect(reminder.remindOn.map((d) => d.getTime())).toEqual([at(-10), at(-2)]);
    expect(reminder.expiresOn).toEqual(end);
    expect(reminder.important).toBe(true);
  });

  it('are visible from the earliest remind time until expiry', () => {
    const reminder = expiry();
    expect(isVisible(reminder, at(-10) - 1)).toBe(false);
    expect(isVisible(reminder, at(-10))).toBe(true);
    expect(isVisible(reminder, at(-1))).toBe(true);
    expect(isVisible(reminder, at(0))).toBe(false);
  });
});

describe('muting', () => {
  it('hides until the next remind time', () => {
    const reminder = expiry();
    const mutes = muteReminder({}, reminder, at(-9));
    expect(visibleReminders([reminder], mutes, at(-9))).toEqual([]);
    expect(visibleReminders([reminder], mutes, at(-3))).toEqual([]);
    expect(visibleReminders([reminder], mutes, at(-2)).map((r) => r.id)).toEqual(['access-expiry:r1']);
  });

  it('hides until expiry when there is no later remind time', () => {
    const reminder = expiry();
    const mutes = muteReminder({}, reminder, at(-1));
    expect(isMuted(reminder, mutes[reminder.id]?.mutedOn, at(-0.5))).toBe(true);
    expect(visibleReminders([reminder], mutes, at(-0.1))).toEqual([]);
  });

  it('a remind time exactly at the moment of muting does not unmute it', () => {
    const reminder = expiry();
    expect(isMuted(reminder, at(-2), at(-2))).toBe(true);
  });

  it('affects only the muted reminder', () => {
    const one = expiry('one');
    const two = expiry('two');
    const mutes = muteReminder({}, one, at(-5));
    expect(visibleReminders([one, two], mutes, at(-5)).map((r) => r.id)).toEqual(['access-expiry:two']);
  });

  it('forgets mutes of expired reminders', () => {
    const mutes = muteReminder({}, expiry(), at(-5));
    expect(pruneMutes(mutes, at(-1))).toEqual(mutes);
    expect(pruneMutes(mutes, at(0))).toEqual({});
  });
});

describe('visibleReminders', () => {
  it('drops expired reminders and shows important ones first, then the soonest to expire', () => {
    const later = createReminder({
      id: 'later',
      message: 'm',
      important: false,
      expiresOn: new Date(at(60)),
      remindOn: [new Date(at(-60))],
    });
    const sooner = createReminder({ ...later, id: 'sooner', expiresOn: new Date(at(30)) });
    const important = createReminder({
      ...later,
      id: 'important',
      important: true,
      expiresOn: new Date(at(90)),
    });
    const expired = createReminder({ ...later, id: 'expired', expiresOn: new Date(at(-1)) });
    expect(visibleReminders([later, sooner, important, expired], {}, at(0)).map((r) => r.id)).toEqual([
      'important',
      'sooner',
      'later',
    ]);
  });

  it('does not show a reminder without remind times', () => {
    const reminder = createReminder({
      id: 'x',
      message: 'm',
      important: false,
      expiresOn: end,
      remindOn: [],
    });
    expect(visibleReminders([reminder], {}, at(-1))).toEqual([]);
  });
});

describe('temporary-access reminders', () => {
  const expiresOn = new Date(2026, 11, 31, 15, 0); // 31 Dec 2026, 15:00 local time

  it('remind 30 days before and at the end of each day until expiry', () => {
    const reminder = temporaryAccessReminder({ id: 't1', message: 'Temporary access ends', expiresOn });
    const first = new Date(expiresOn.getTime() - 30 * 24 * 60 * minute);
    expect(reminder.id).toBe('temporary-access:t1');
    expect(reminder.remindOn[0]).toEqual(first);
    const ends = reminder.remindOn.slice(1);
    expect(ends[0]).toEqual(
      new Date(first.getFullYear(), first.getMonth(), first.getDate(), 23, 59, 59, 999),
    );
    expect(ends.at(-1)).toEqual(new Date(2026, 11, 30, 23, 59, 59, 999));
    for (const time of ends) {
      expect([time.getHours(), time.getMinutes(), time.getSeconds()]).toEqual([23, 59, 59]);
      expect(time < expiresOn).toBe(true);
    }
    // One end-of-day time for each day from the first reminder's day to the day before expiry.
    expect(ends).toHaveLength(30);
    expect(new Set(ends.map((time) => time.toDateString())).size).toBe(ends.length);
  });

  it('after muting, shows again at the end of the day', () => {
    const reminder = temporaryAccessReminder({ id: 't1', message: 'm', expiresOn });
    const morning = new Date(2026, 11, 20, 9, 0).getTime();
    const mutes = muteReminder({}, reminder, morning);
    expect(visibleReminders([reminder], mutes, new Date(2026, 11, 20, 23, 0).getTime())).toEqual([]);
    expect(
      visibleReminders([reminder], mutes, new Date(2026, 11, 20, 23, 59, 59, 999).getTime()),
    ).toHaveLength(1);
  });

  it('is not visible before 30 days ahead of expiry, and is gone after it', () => {
    const reminder = temporaryAccessReminder({ id: 't1', message: 'm', expiresOn });
    expect(visibleReminders([reminder], {}, new Date(2026, 10, 20).getTime())).toEqual([]);
    expect(visibleReminders([reminder], {}, expiresOn.getTime())).toEqual([]);
  });

  it('shows from exactly 30 days before, then again after each day it was muted, until expiry', () => {
    const reminder = temporaryAccessReminder({ id: 't1', message: 'm', expiresOn });
    const first = expiresOn.getTime() - 30 * 24 * 60 * minute;
    expect(visibleReminders([reminder], {}, first - 1)).toEqual([]);
    expect(visibleReminders([reminder], {}, first)).toHaveLength(1);
    // Muted on the last day before the end: nothing brings it back but the end itself.
    const lastDay = new Date(2026, 11, 31, 9, 0).getTime();
    const mutes = muteReminder({}, reminder, lastDay);
    expect(visibleReminders([reminder], mutes, expiresOn.getTime() - 1)).toEqual([]);
    // Muted the day before: it is back at that day's end.
    const dayBefore = muteReminder({}, reminder, new Date(2026, 11, 30, 10, 0).getTime());
    expect(visibleReminders([reminder], dayBefore, new Date(2026, 11, 30, 23, 0).getTime())).toEqual([]);
    expect(visibleReminders([reminder], dayBefore, new Date(2026, 11, 31, 0, 0).getTime())).toHaveLength(1);
  });

  it('is important only on the last day', () => {
    const at = (now: Date) =>
      temporaryAccessReminder({ id: 't1', message: 'm', expiresOn, now: now.getTime() });
    expect(at(new Date(2026, 11, 1, 12, 0)).important).toBe(false);
    expect(at(new Date(2026, 11, 30, 14, 59)).important).toBe(false);
    expect(at(new Date(2026, 11, 30, 15, 0)).important).toBe(true);
    expect(at(new Date(2026, 11, 31, 14, 0)).important).toBe(true);
    expect(temporaryAccessReminder({ id: 't1', message: 'm', expiresOn }).important).toBe(false);
  });
});
