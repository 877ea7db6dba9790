import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useViewerCoversScreen } from '../web-access/viewer-store.ts';
import { cornerInset, cornerZIndex, useCornerBase } from '../../components/corner/bottom-left-corner.ts';
import {
  snackLabel,
  statusBarColour,
  statusBarSize,
  vpnTextColour,
  vpnTimings,
  type VpnStatus,
} from './vpn-rules.ts';

type Props = { status: VpnStatus; agentName: string | undefined; onDetails: () => void };

/**
 * The persistent VPN status snack bar (spec §2, §4): shown at once when not idle, hidden one
 * second after the status returns to idle, blue while connecting or connected, grey otherwise.
 * Suppressed while the screen viewer is open and not minimised (spec §4, "on web").
 */
export function VpnStatusBar({ status, agentName, onDetails }: Props) {
  const { t } = useTranslation();
  const active = status !== 'idle';
  const [shown, setShown] = useState(active);
  useEffect(() => {
    if (active) {
      setShown(true);
      return;
    }
    const timer = setTimeout(() => setShown(false), vpnTimings.statusBarHideMs);
    return () => clearTimeout(timer);
  }, [active]);
  const suppressed = useViewerCoversScreen();
  const visible = (shown || active) && !suppressed;
  // Reminders stack above the bar while it shows.
  useCornerBase('vpn-status-bar', visible ? statusBarSize.height : null);
  if (!visible) return null;

  const label = snackLabel(status, agentName);
  return (
    <Paper
      role="status"
      aria-label={t('vpn.snack.prefix')}
      data-vpn-status={status}
      elevation={6}
      sx={(theme) => ({
        position: 'fixed',
        left: cornerInset,
        bottom: cornerInset,
        // Below modal dialogs and their backdrops (it used to be a snack bar above them).
        ...cornerZIndex(theme),
        width: statusBarSize.width,
        maxWidth: 'calc(100vw - 16px)',
        height: statusBarSize.height,
        boxSizing: 'border-box',
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        bgcolor: statusBarColour(status),
        color: vpnTextColour,
      })}
    >
      <Typography component="span" sx={{ fontWeight: 700, color: 'inherit' }}>
        {t('vpn.snack.prefix')}
      </Typography>
      <Typography component="span" noWrap sx={{ flex: 1, minWidth: 0, color: 'inherit' }}>
        {t(`vpn.${label.key}`, { name: label.name })}
      </Typography>
      <Box>
        <Button size="small" color="inherit" onClick={onDetails} sx={{ fontWeight: 700 }}>
          {t('vpn.detailsLink')}
        </Button>
      </Box>
    </Paper>
  );
}
