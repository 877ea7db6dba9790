import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { statusColourValues, statusColours } from './device-status.ts';

/** What the status colours mean, shown once above the list. */
export function StatusLegend() {
  const { t } = useTranslation();
  return (
    <Stack
      component="ul"
      aria-label={t('devices.legend')}
      direction="row"
      sx={{ flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.75, listStyle: 'none', m: 0, p: 0 }}
    >
      {statusColours.map((colour) => (
        <Stack component="li" key={colour} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span
            aria-hidden
            style={{
              width: 10,
              height: 10,
              borderRadius: '50%',
              background: statusColourValues[colour],
              display: 'inline-block',
            }}
          />
          <Typography variant="body2" color="text.secondary">
            {t(`devices.colour.${colour}`)}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
