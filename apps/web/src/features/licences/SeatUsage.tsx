import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Licence } from './licence-wire.ts';
import { seatUsage } from './licence-rules.ts';
import { LoadingBar } from '../../components/LoadingBar.tsx';

/** "1 of 2 seats used" over a small bar; the bar repeats the text, so readers skip it. */
export function SeatUsage({ licence }: { licence: Licence }) {
  const { t } = useTranslation();
  const { used, seats, percent } = seatUsage(licence);
  const full = used >= seats;
  const text = t('licences.seatsUsed', { used, count: seats });
  return (
    <Box sx={{ minWidth: 120, maxWidth: 200 }}>
      <Typography variant="body2">{text}</Typography>
      <LoadingBar
        decorative
        label={text}
        value={percent}
        color={full ? 'warning' : 'primary'}
        sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}
