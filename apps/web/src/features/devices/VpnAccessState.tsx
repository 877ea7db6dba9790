import Chip from '@mui/material/Chip';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import { useTranslation } from 'react-i18next';
import type { AgentMyAccess } from '@fleetgate/contracts';
import { formatAccessTime } from './access-time.ts';
import { chipTone } from './chip-tone.ts';
import type { ShownVpnAccess } from './device-status.ts';

const look = {
  direct: { colour: 'success', icon: <CheckCircleOutline /> },
  approved: { colour: 'success', icon: <CheckCircleOutline /> },
  scheduled: { colour: 'info', icon: <EventOutlined /> },
  pending: { colour: 'info', icon: <HourglassEmpty /> },
  needsApproval: { colour: 'warning', icon: <VpnKeyOutlined /> },
  notAllowed: { colour: 'default', icon: <BlockOutlined /> },
} as const;

/** The user's own VPN access to a device, in words: direct, approved until, pending, needs approval. */
export function VpnAccessState({
  access,
  shown,
  now,
}: {
  access: AgentMyAccess | null;
  shown: ShownVpnAccess;
  now: Date;
}) {
  const { t } = useTranslation();
  if (shown === 'unknown' || !access) return null;
  const time = (iso: string | null) => (iso === null ? '' : formatAccessTime(iso, now));
  const label =
    shown === 'approved'
      ? t('devices.vpnAccess.approved', { until: time(access.until) })
      : shown === 'scheduled'
        ? t('devices.vpnAccess.scheduled', { from: time(access.from) })
        : t(`devices.vpnAccess.${shown}`);
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={look[shown].icon}
      label={label}
      data-access={shown}
      sx={{ maxWidth: '100%', ...chipTone[look[shown].colour] }}
    />
  );
}
