import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SvgIconComponent } from '@mui/icons-material';
import HourglassBottom from '@mui/icons-material/HourglassBottom';
import Schedule from '@mui/icons-material/Schedule';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/current-user.tsx';
import { cornerInset, cornerZIndex, useCornerOffset } from '../../components/corner/bottom-left-corner.ts';
import { Markup } from '../../components/markup/Markup.tsx';
import { markupText } from '../../components/markup/render-markup.ts';
import { mutedReminders } from './muted-reminders.ts';
import { muteReminder, reminderTickMs, visibleReminders, type Reminder } from './reminders.ts';
import { useAccessExpiryReminders } from './use-access-expiry-reminders.ts';
import { useNow } from './use-now.ts';

const icons: Record<string, SvgIconComponent> = { schedule: Schedule, hourglass_bottom: HourglassBottom };

/**
 * The shell's reminders: a stack in the bottom-left corner, each with a mute button, above the
 * VPN status bar while that shows. Messages may contain markup; it is rendered sanitised.
 */
export function RemindersHost() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const now = useNow(reminderTickMs);
  const mutes = mutedReminders.useValue();
  const requestsVisible =
    user.capabilities.includes('accessRequests.use') || user.capabilities.includes('accessRequests.manage');
  const accessExpiry = useAccessExpiryReminders(user.publicId, requestsVisible);
  const below = useCornerOffset();
  const shown = useMemo(() => visibleReminders(accessExpiry, mutes, now), [accessExpiry, mutes, now]);

  // Muting uses the real current time, not the last tick, so a tick that is up to a minute old
  // cannot count a remind time that has already passed as still to come.
  const handleMute = (reminder: Reminder) =>
    mutedReminders.set(muteReminder(mutedReminders.get(), reminder, Date.now()));

  if (shown.length === 0) return null;
  return (
    <Stack
      component="section"
      aria-label={t('reminders.region')}
      spacing={1}
      sx={(theme) => ({
        position: 'fixed',
        left: cornerInset,
        right: { xs: cornerInset.xs, sm: 'auto' },
        bottom: { xs: cornerInset.xs + below, sm: cornerInset.sm + below },
        ...cornerZIndex(theme),
        width: { sm: 400 },
      })}
    >
      {shown.map((reminder) => {
        const Icon = icons[reminder.icon] ?? Schedule;
        return (
          <Alert
            key={reminder.id}
            role="status"
            variant="filled"
            severity={reminder.important ? 'warning' : 'info'}
            icon={<Icon fontSize="inherit" />}
            sx={{ boxShadow: 6, alignItems: 'center' }}
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => handleMute(reminder)}
                aria-label={`${t('reminders.mute')}: ${markupText(reminder.message)}`}
              >
                {t('reminders.mute')}
              </Button>
            }
          >
            {/* On the filled alert, links take its text colour, which has the contrast. */}
            <Markup source={reminder.message} headingLevel={2} tone="inherit" />
          </Alert>
        );
      })}
    </Stack>
  );
}
