import { useMemo } from 'react';
import { useCurrentUser } from '../../auth/current-user.tsx';
import { lazyPart } from '../../app/lazy-part.tsx';
import { mutedReminders } from './muted-reminders.ts';
import { muteReminder, reminderTickMs, visibleReminders, type Reminder } from './reminders.ts';
import { useAccessExpiryReminders } from './use-access-expiry-reminders.ts';
import { useTemporaryAccessReminders } from './use-temporary-access-reminders.ts';
import { useNow } from './use-now.ts';

const ReminderStack = lazyPart(() => import('./ReminderStack.tsx'), 'ReminderStack', null);

/** The shell's reminders: works out which are due every minute and shows them (see ReminderStack). */
export function RemindersHost() {
  const user = useCurrentUser();
  const now = useNow(reminderTickMs);
  const mutes = mutedReminders.useValue();
  const requestsVisible =
    user.capabilities.includes('accessRequests.use') || user.capabilities.includes('accessRequests.manage');
  const accessExpiry = useAccessExpiryReminders(user.publicId, requestsVisible);
  const temporaryAccess = useTemporaryAccessReminders(now);
  const shown = useMemo(
    () => visibleReminders([...accessExpiry, ...temporaryAccess], mutes, now),
    [accessExpiry, temporaryAccess, mutes, now],
  );

  // Muting uses the real current time, not the last tick, so a tick that is up to a minute old
  // cannot count a remind time that has already passed as still to come.
  const handleMute = (reminder: Reminder) =>
    mutedReminders.set(muteReminder(mutedReminders.get(), reminder, Date.now()));

  if (shown.length === 0) return null;
  return <ReminderStack shown={shown} onMute={handleMute} />;
}
