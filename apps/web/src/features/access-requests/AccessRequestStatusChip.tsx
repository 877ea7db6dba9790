import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { AccessRequestStatus } from '@fleetgate/contracts';

const colorOf = {
  pending: 'info',
  approved: 'success',
  rejected: 'error',
  revoked: 'warning',
} as const;

export function AccessRequestStatusChip({ status }: { status: AccessRequestStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={colorOf[status]}
      variant={status === 'approved' ? 'filled' : 'outlined'}
      label={t(`accessRequests.status.${status}`)}
    />
  );
}
