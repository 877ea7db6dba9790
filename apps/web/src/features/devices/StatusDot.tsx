import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { statusColourValues, type StatusColour } from './device-status.ts';

/** The device's status colour as a dot; its meaning is its accessible name and tooltip. */
export function StatusDot({ colour, size = 14 }: { colour: StatusColour; size?: number }) {
  const { t } = useTranslation();
  const label = t(`devices.colour.${colour}`);
  return (
    <Tooltip title={label} enterDelay={300}>
      <Box
        role="img"
        aria-label={label}
        data-colour={colour}
        sx={{
          width: size,
          height: size,
          flexShrink: 0,
          borderRadius: '50%',
          bgcolor: statusColourValues[colour],
          boxShadow: `0 0 0 3px ${statusColourValues[colour]}33`,
        }}
      />
    </Tooltip>
  );
}
