import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import RouterOutlined from '@mui/icons-material/RouterOutlined';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@fleetgate/contracts';
import { useCurrentUser } from '../../auth/current-user.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useShellSearch } from '../../components/shell/use-shell-search.ts';
import { DeviceTable } from './DeviceTable.tsx';
import { lazyPart } from '../../app/lazy-part.tsx';
import { StatusLegend } from './StatusLegend.tsx';
import { statusColourOf } from './device-status.ts';
import {
  useAgents,
  useDevicesLiveUpdates,
  useMyAccessRequests,
  useNow,
  useRefreshAtAccessChange,
} from './use-devices.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useLicencesLiveUpdates } from '../licences/use-licences.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

// The date pickers of the request dialog load when it first opens, not with the page.
const RequestAccessDialog = lazyPart(() => import('./RequestAccessDialog.tsx'), 'RequestAccessDialog', null);

/** `/devices`: the devices the user may see, their status colour, services, locks and requests. */
export function DevicesPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const query = useShellSearch();
  const agents = useAgents();
  // The colours only lose blue when a request cannot be read; the list itself still shows.
  const requests = useMyAccessRequests(user.publicId);
  const now = useNow();
  const [requestFor, setRequestFor] = useState<Agent | null>(null);
  useDevicesLiveUpdates();
  useLicencesLiveUpdates();
  useRefreshAtAccessChange((agents.data ?? []).map((agent) => agent.myAccess));

  const shown = useMemo(() => {
    const needle = query.toLowerCase();
    const all = [...(agents.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    if (needle === '') return all;
    return all.filter(
      (agent) =>
        agent.name.toLowerCase().includes(needle) ||
        agent.servers.some((server) => server.name.toLowerCase().includes(needle)),
    );
  }, [agents.data, query]);
  const myRequests = requests.data ?? [];

  return (
    <Stack spacing={2.5}>
      <PageHeader title={t('devices.title')} subtitle={t('devices.subtitle')} />
      <StatusLegend />
      {agents.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <LoadingIndicator />
        </Box>
      )}
      {agents.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void agents.refetch()}>
              {t('devices.retry')}
            </Button>
          }
        >
          {t('devices.loadFailed')}
        </Alert>
      )}
      {agents.isSuccess && shown.length === 0 && (
        <EmptyState
          icon={RouterOutlined}
          text={query === '' ? t('devices.empty') : t('devices.noMatches', { query })}
        />
      )}
      {shown.length > 0 && (
        <DeviceTable
          agents={shown}
          colourOf={(agent) => statusColourOf(agent, myRequests, now)}
          userPublicId={user.publicId}
          now={now}
          onRequestAccess={setRequestFor}
        />
      )}
      {requestFor && (
        <RequestAccessDialog
          key={requestFor.publicId}
          agent={requestFor}
          onClose={() => setRequestFor(null)}
        />
      )}
    </Stack>
  );
}
