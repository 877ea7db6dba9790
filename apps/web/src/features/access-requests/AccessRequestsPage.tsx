import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { useTranslation } from 'react-i18next';
import { accessRequestStatuses, type AccessRequest } from '@fleetgate/contracts';
import { describeError } from '../../api/error-text.ts';
import { useCurrentUser } from '../../auth/current-user.tsx';
import { useNotify } from '../../components/notify.tsx';
import { JumpStartLinkButton } from '../jump-start/JumpStartLinkButton.tsx';
import { AccessRequestCard } from './AccessRequestCard.tsx';
import { RevokeConfirmDialog } from './RevokeConfirmDialog.tsx';
import {
  belongsToTab,
  canDecide,
  canRevoke,
  sortRequests,
  type AccessRequestTab,
  type StatusFilter,
} from './access-request-rules.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import {
  useAccessRequests,
  useAccessRequestsLive,
  useDecideAccessRequest,
  type Decision,
} from './use-access-requests.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

/** "To approve" starts on what is waiting; "My requests" on everything. */
const defaultStatus: Record<AccessRequestTab, StatusFilter> = { toApprove: 'pending', mine: 'all' };

/** `/access-requests`: requests waiting for my decision, and my own requests, updated live. */
export function AccessRequestsPage() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const user = useCurrentUser();
  const me = user.publicId;
  // Approvers come here to decide; requesters to follow their own. Someone who approves
  // nothing has no "To approve" tab at all.
  const approves = user.approvesAccessRequests;
  const [chosenTab, setTab] = useState<AccessRequestTab>(() => (approves ? 'toApprove' : 'mine'));
  const tab: AccessRequestTab = approves ? chosenTab : 'mine';
  const [revoking, setRevoking] = useState<AccessRequest | null>(null);
  const [statusByTab, setStatusByTab] = useState(defaultStatus);
  const status = statusByTab[tab];
  useAccessRequestsLive();
  const requests = useAccessRequests(tab, status, me);
  const decide = useDecideAccessRequest();

  const shown = useMemo(
    () => sortRequests((requests.data ?? []).filter((request) => belongsToTab(request, tab, me))),
    [requests.data, tab, me],
  );
  const now = new Date();

  const runDecision = (request: AccessRequest, decision: Decision) => {
    decide.mutate(
      { decision, publicId: request.publicId },
      {
        onSuccess: () =>
          notify(t(`accessRequests.done.${decision}`, { name: request.user.name }), { durationMs: 4000 }),
        onError: (error) => notify(describeError(t, error), { durationMs: 5000 }),
        onSettled: () => setRevoking(null),
      },
    );
  };

  // Revoking ends access that is in use (it closes the requester's tunnel): it is confirmed first.
  const handleDecide = (request: AccessRequest, decision: Decision) => {
    if (decision === 'revoke') setRevoking(request);
    else runDecision(request, decision);
  };

  const pendingFor = (request: AccessRequest): Decision | null =>
    decide.isPending && decide.variables.publicId === request.publicId ? decide.variables.decision : null;

  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('accessRequests.title')}
        subtitle={t('accessRequests.subtitle')}
        action={<JumpStartLinkButton />}
      />
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {approves ? (
          <Tabs value={tab} onChange={(_event, value: AccessRequestTab) => setTab(value)}>
            <Tab value="toApprove" label={t('accessRequests.tabs.toApprove')} />
            <Tab value="mine" label={t('accessRequests.tabs.mine')} />
          </Tabs>
        ) : (
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, py: 1.5 }}>
            {t('accessRequests.tabs.mine')}
          </Typography>
        )}
        <TextField
          select
          fullWidth={false}
          size="small"
          label={t('accessRequests.statusFilter')}
          value={status}
          onChange={(event) =>
            setStatusByTab((current) => ({ ...current, [tab]: event.target.value as StatusFilter }))
          }
          sx={{ width: 200, mb: 1 }}
        >
          <MenuItem value="all">{t('accessRequests.status.all')}</MenuItem>
          {accessRequestStatuses.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`accessRequests.status.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {requests.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <LoadingIndicator />
        </Box>
      )}
      {requests.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void requests.refetch()}>
              {t('accessRequests.retry')}
            </Button>
          }
        >
          {t('accessRequests.loadFailed')}
        </Alert>
      )}
      {requests.isSuccess && shown.length === 0 && (
        <Card>
          <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', p: { xs: 3, sm: 5 } }}>
            <FactCheckOutlined color="disabled" sx={{ fontSize: 48 }} />
            <Typography color="text.secondary">{t(`accessRequests.empty.${tab}`)}</Typography>
          </Stack>
        </Card>
      )}
      {shown.length > 0 && (
        <Stack spacing={2} aria-label={t(`accessRequests.tabs.${tab}`)} role="list">
          {shown.map((request) => (
            <Box key={request.publicId} role="listitem">
              <AccessRequestCard
                request={request}
                canDecide={canDecide(request, me)}
                canRevoke={canRevoke(request, me, now)}
                pending={pendingFor(request)}
                onDecide={handleDecide}
              />
            </Box>
          ))}
        </Stack>
      )}
      {revoking && (
        <RevokeConfirmDialog
          request={revoking}
          busy={decide.isPending}
          onConfirm={() => runDecision(revoking, 'revoke')}
          onClose={() => setRevoking(null)}
        />
      )}
    </Stack>
  );
}
