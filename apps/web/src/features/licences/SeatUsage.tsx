import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Licence } from './licence-wire.ts';
import { seatUsage } from './licence-rules.ts';

/** "1 of 2 seats used" over a small bar; the bar repeats the text, so readers skip it. */
export function SeatUsage({ licence }: { licence: Licence }) {
  const { t } = useTranslation();
  const { used, seats, percent } = seatUsage(licence);
  const full = used >= seats;
  return (
    <Box sx={{ minWidth: 120, maxWidth: 200 }}>
      <Typography variant="body2">{t('licences.seatsUsed', { used, count: seats })}</Typography>
      <Box aria-hidden sx={{ mt: 0.5 }}>
        <LinearProgress
          variant="determinate"
          value={percent}
          color={full ? 'warning' : 'primary'}
          sx={{ height: 6, borderRadius: 3 }}
        />
      </Box>
    </Box>
  );
}
