import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { AccessRequestStatus } from '@fleetgate/contracts';

const colorOf = {
  pending: 'info',
  approved: 'success',
  rejected: 'error',
  revoked: 'warning',
} as const;

/** MUI's info and warning mains are too light as text on white (4.0:1, 3.1:1): darker text, same border. */
const readableText = { pending: { color: '#01579b' }, revoked: { color: '#8c4a00' } } as const;

export function AccessRequestStatusChip({ status }: { status: AccessRequestStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={colorOf[status]}
      variant={status === 'approved' ? 'filled' : 'outlined'}
      label={t(`accessRequests.status.${status}`)}
      sx={status === 'pending' || status === 'revoked' ? readableText[status] : undefined}
    />
  );
}
