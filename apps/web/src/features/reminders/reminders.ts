import { temporaryAccessReminderDays } from '@fleetgate/contracts';

/**
 * Reminders (portal spec §4): pure rules, so the host component only supplies the clock,
 * the sources and the stored mutes.
 */
export type Reminder = {
  id: string;
  /**
   * Markdown (spec §3 "message (may contain markup)"), rendered sanitised; the sources build it
   * from translations and escape the names they put in (escapeMarkdown).
   */
  message: string;
  /** A Material icon name. */
  icon: string;
  important: boolean;
  expiresOn: Date;
  /** When to show it; muting hides it until the next of these. */
  remindOn: Date[];
  muted: boolean;
};

export type ReminderInput = Omit<Reminder, 'icon' | 'muted'> & { icon?: string };

/** When each reminder was muted, kept until the reminder expires (then it can never show again). */
export type Mutes = Record<string, { mutedOn: number; expiresOn: number }>;

export const defaultReminderIcon = 'schedule';
/** The timer that re-evaluates reminders. */
export const reminderTickMs = 60_000;

const minute = 60_000;
const day = 24 * 60 * minute;

export function createReminder(input: ReminderInput): Reminder {
  return {
    ...input,
    icon: input.icon ?? defaultReminderIcon,
    remindOn: [...input.remindOn].sort((a, b) => a.getTime() - b.getTime()),
    muted: false,
  };
}

/** Muted, unless a remind time has come since it was muted. */
export function isMuted(reminder: Reminder, mutedOn: number | undefined, now: number): boolean {
  if (mutedOn === undefined) return false;
  return !reminder.remindOn.some((time) => time.getTime() > mutedOn && time.getTime() <= now);
}

export function isExpired(reminder: Reminder, now: number): boolean {
  return now >= reminder.expiresOn.getTime();
}

/** Before expiry, at or after the earliest remind time, and not muted. */
export function isVisible(reminder: Reminder, now: number): boolean {
  const earliest = reminder.remindOn[0];
  return !isExpired(reminder, now) && earliest !== undefined && now >= earliest.getTime() && !reminder.muted;
}

/** Drops expired reminders, marks muted ones, and keeps what shows now: important first, then soonest to expire. */
export function visibleReminders(reminders: Reminder[], mutes: Mutes, now: number): Reminder[] {
  return reminders
    .filter((reminder) => !isExpired(reminder, now))
    .map((reminder) => ({ ...reminder, muted: isMuted(reminder, mutes[reminder.id]?.mutedOn, now) }))
    .filter((reminder) => isVisible(reminder, now))
    .sort(
      (a, b) => Number(b.important) - Number(a.important) || a.expiresOn.getTime() - b.expiresOn.getTime(),
    );
}

export function muteReminder(mutes: Mutes, reminder: Reminder, now: number): Mutes {
  return {
    ...pruneMutes(mutes, now),
    [reminder.id]: { mutedOn: now, expiresOn: reminder.expiresOn.getTime() },
  };
}

/** Forgets the mutes of expired reminders, so storage does not grow forever. */
export function pruneMutes(mutes: Mutes, now: number): Mutes {
  return Object.fromEntries(Object.entries(mutes).filter(([, mute]) => mute.expiresOn > now));
}

/** Access ends at `end`: remind 10 and 2 minutes before. */
export function accessExpiryReminder(input: { id: string; message: string; end: Date }): Reminder {
  return createReminder({
    id: `access-expiry:${input.id}`,
    message: input.message,
    important: true,
    expiresOn: input.end,
    remindOn: [new Date(input.end.getTime() - 10 * minute), new Date(input.end.getTime() - 2 * minute)],
  });
}

/** The last moment of the local day that `time` falls in. */
function endOfDay(time: Date): Date {
  return new Date(time.getFullYear(), time.getMonth(), time.getDate(), 23, 59, 59, 999);
}

/**
 * Temporary access that ends at `expiresOn`: remind 30 days before, then at the end of each
 * (local) day until it expires, so a mute lasts at most until the day is over. It becomes
 * important on the last day (the final 24 hours), as of `now`.
 */
export function temporaryAccessReminder(input: {
  id: string;
  message: string;
  expiresOn: Date;
  now?: number;
}): Reminder {
  const first = new Date(input.expiresOn.getTime() - temporaryAccessReminderDays * day);
  const remindOn = [first];
  for (let end = endOfDay(first); end < input.expiresOn; end = endOfDay(new Date(end.getTime() + 1))) {
    remindOn.push(end);
  }
  return createReminder({
    id: `temporary-access:${input.id}`,
    message: input.message,
    icon: 'hourglass_bottom',
    important: input.now !== undefined && input.now >= input.expiresOn.getTime() - day,
    expiresOn: input.expiresOn,
    remindOn,
  });
}
