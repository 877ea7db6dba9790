import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AccessRequest } from '@fleetgate/contracts';
import { AccessRequestStatusChip } from './AccessRequestStatusChip.tsx';
import type { Decision } from './use-access-requests.ts';
import { formatDateTime, formatTime } from '../../components/format/format-date.ts';

type AccessRequestCardProps = {
  request: AccessRequest;
  canDecide: boolean;
  canRevoke: boolean;
  /** The decision being sent for this request, if any. */
  pending: Decision | null;
  onDecide: (request: AccessRequest, decision: Decision) => void;
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' }, columnGap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

export function AccessRequestCard({
  request,
  canDecide,
  canRevoke,
  pending,
  onDecide,
}: AccessRequestCardProps) {
  const { t } = useTranslation();
  const headingId = `access-request-${request.publicId}`;
  const sameDay = new Date(request.start).toDateString() === new Date(request.end).toDateString();
  const endText = sameDay ? formatTime(request.end) : formatDateTime(request.end);
  const decided = request.approver && request.status !== 'pending';
  const actionLabel = (decision: Decision) =>
    `${t(`accessRequests.${decision}`)}: ${request.agent.name}, ${request.user.name}`;

  return (
    <Card component="article" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 2, pt: 2, pb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontSize: '1.05rem', flexGrow: 1 }}>
          {request.agent.name}
        </Typography>
        <AccessRequestStatusChip status={request.status} />
      </Box>
      <Stack spacing={0.75} sx={{ px: 2, pb: 1.5 }}>
        {request.asset && <Detail label={t('accessRequests.asset')}>{request.asset.name}</Detail>}
        <Detail label={t('accessRequests.requester')}>{request.user.name}</Detail>
        <Detail label={t('accessRequests.access')}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
            {request.vpn && (
              <Chip size="small" color="primary" variant="outlined" label={t('accessRequests.vpn')} />
            )}
            {request.servers.map((server) => (
              <Chip key={server.publicId} size="small" variant="outlined" label={server.name} />
            ))}
          </Stack>
        </Detail>
        <Detail label={t('accessRequests.period')}>{`${formatDateTime(request.start)} – ${endText}`}</Detail>
        <Detail label={t('accessRequests.reason')}>
          <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
            {request.reason}
          </Box>
        </Detail>
        <Detail
          label={decided ? t(`accessRequests.decidedBy.${request.status}`) : t('accessRequests.approvers')}
        >
          {decided ? request.approver?.name : request.allowedApprovers.map((a) => a.name).join(', ')}
        </Detail>
      </Stack>
      {(canDecide || canRevoke) && (
        <>
          <Divider />
          <Stack direction="row" spacing={1} sx={{ px: 2, py: 1.25, justifyContent: 'flex-end' }}>
            {canDecide && (
              <>
                <Button
                  color="error"
                  disabled={pending !== null}
                  loading={pending === 'reject'}
                  onClick={() => onDecide(request, 'reject')}
                  aria-label={actionLabel('reject')}
                >
                  {t('accessRequests.reject')}
                </Button>
                <Button
                  variant="contained"
                  disabled={pending !== null}
                  loading={pending === 'approve'}
                  onClick={() => onDecide(request, 'approve')}
                  aria-label={actionLabel('approve')}
                >
                  {t('accessRequests.approve')}
                </Button>
              </>
            )}
            {canRevoke && (
              <Button
                color="warning"
                variant="outlined"
                loading={pending === 'revoke'}
                onClick={() => onDecide(request, 'revoke')}
                aria-label={actionLabel('revoke')}
              >
                {t('accessRequests.revoke')}
              </Button>
            )}
          </Stack>
        </>
      )}
    </Card>
  );
}
