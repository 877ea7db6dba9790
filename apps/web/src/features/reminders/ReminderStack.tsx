import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SvgIconComponent } from '@mui/icons-material';
import HourglassBottom from '@mui/icons-material/HourglassBottom';
import Schedule from '@mui/icons-material/Schedule';
import { useTranslation } from 'react-i18next';
import { cornerInset, cornerZIndex, useCornerOffset } from '../../components/corner/bottom-left-corner.ts';
import { Markup } from '../../components/markup/Markup.tsx';
import { markupText } from '../../components/markup/render-markup.ts';
import type { Reminder } from './reminders.ts';

const icons: Record<string, SvgIconComponent> = { schedule: Schedule, hourglass_bottom: HourglassBottom };

/**
 * The visible reminders: a stack in the bottom-left corner, each with a mute button, above the
 * VPN status bar while that shows. Messages may contain markup; it is rendered sanitised. Loaded
 * only when there is a reminder to show (the Markdown renderer is not part of the shell's first load).
 */
export function ReminderStack({
  shown,
  onMute,
}: {
  shown: Reminder[];
  onMute: (reminder: Reminder) => void;
}) {
  const { t } = useTranslation();
  const below = useCornerOffset();
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
                onClick={() => onMute(reminder)}
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
