import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AccessRequest } from '@fleetgate/contracts';
import { displayedRequestStatus } from './device-status.ts';
import { formatDateTime } from '../../components/format/format-date.ts';

const statusChipColour = {
  pending: 'info',
  approved: 'success',
  rejected: 'error',
  revoked: 'warning',
  expired: 'default',
} as const;

/** The user's requests for one device, newest first, each with its status and who decided. */
export function MyRequestList({ requests, now }: { requests: AccessRequest[]; now: Date }) {
  const { t } = useTranslation();
  if (requests.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('devices.detail.noRequests')}
      </Typography>
    );
  const sorted = [...requests].sort((a, b) => b.createdOn.localeCompare(a.createdOn));
  return (
    <List disablePadding aria-label={t('devices.detail.myRequests')}>
      {sorted.map((request) => {
        const status = displayedRequestStatus(request, now);
        const services = [
          ...(request.vpn ? [t('devices.detail.vpn')] : []),
          ...request.servers.map((server) => server.name),
        ].join(', ');
        // A request made for an asset says which: the device alone does not tell the machine.
        const scope = request.asset
          ? `${services} · ${t('devices.detail.forAsset', { name: request.asset.name })}`
          : services;
        const when = t('devices.detail.when', {
          start: formatDateTime(request.start),
          end: formatDateTime(request.end),
        });
        const decidedBy = request.approver
          ? ` · ${t('devices.detail.decidedBy', { name: request.approver.name })}`
          : '';
        return (
          <ListItem
            key={request.publicId}
            divider
            disableGutters
            aria-label={request.reason}
            secondaryAction={
              <Chip
                size="small"
                color={statusChipColour[status]}
                label={t(`devices.requestStatus.${status}`)}
              />
            }
            sx={{ pr: 14 }}
          >
            <ListItemText
              primary={scope}
              secondary={`${when}${decidedBy} — ${request.reason}`}
              slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
