import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { useCurrentUser } from '../../auth/current-user.tsx';
import { VpnConnectButton } from '../vpn/VpnConnectButton.tsx';
import { DetailSection } from './DetailSection.tsx';
import { DeviceServicesSection } from './DeviceServicesSection.tsx';
import { MyRequestList } from './MyRequestList.tsx';
import { lazyPart } from '../../app/lazy-part.tsx';
import { StatusDot } from './StatusDot.tsx';
import { VpnAccessState } from './VpnAccessState.tsx';
import { mayConnect, mayRequestMoreAccess, shownVpnAccess, statusColourOf } from './device-status.ts';
import {
  useAgent,
  useDevicesLiveUpdates,
  useMyAccessRequests,
  useNow,
  useRefreshAtAccessChange,
} from './use-devices.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ScreensaverSection } from '../screensaver/ScreensaverSection.tsx';
import { AgentAppsSection } from '../licences/AgentAppsSection.tsx';
import { ReportsSection } from '../reports/ReportsSection.tsx';
import { AgentAlarmsSection } from '../alarms/AgentAlarmsSection.tsx';
import { DevicePagesSection } from '../pages/DevicePagesSection.tsx';
import { LiveValuesSection } from '../data-logging/LiveValuesSection.tsx';
import { useLicencesLiveUpdates } from '../licences/use-licences.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

// The date pickers of the request dialog load when it first opens, not with the page.
const RequestAccessDialog = lazyPart(() => import('./RequestAccessDialog.tsx'), 'RequestAccessDialog', null);

/**
 * `/devices/:publicId`: one device's services, what the user can do with it and their own
 * requests; its facts (status, restrictions, VPN session) are in the right side menu.
 */
export function DeviceDetailPage() {
  const { t } = useTranslation();
  const { publicId = '' } = useParams();
  const user = useCurrentUser();
  const agent = useAgent(publicId);
  const requests = useMyAccessRequests(user.publicId, publicId);
  const now = useNow();
  const [requesting, setRequesting] = useState(false);
  useDevicesLiveUpdates();
  useLicencesLiveUpdates();
  useRefreshAtAccessChange([agent.data?.myAccess ?? null]);

  const back = (
    <Link component={RouterLink} to="/devices" underline="hover" sx={{ display: 'inline-flex', gap: 0.5 }}>
      <ArrowBack fontSize="small" />
      {t('devices.detail.back')}
    </Link>
  );
  if (agent.isPending)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <LoadingIndicator />
      </Box>
    );
  if (agent.isError) {
    const missing = agent.error instanceof ApiError && [400, 403, 404].includes(agent.error.status);
    return (
      <Stack spacing={2}>
        {back}
        <Alert
          severity={missing ? 'info' : 'error'}
          action={
            missing ? undefined : (
              <Button color="inherit" size="small" onClick={() => void agent.refetch()}>
                {t('devices.retry')}
              </Button>
            )
          }
        >
          {missing ? t('devices.detail.notFound') : t('devices.loadFailed')}
        </Alert>
      </Stack>
    );
  }

  const device = agent.data;
  const myRequests = requests.data ?? [];
  const shown = shownVpnAccess(device.myAccess, now);
  return (
    <Stack spacing={2.5}>
      {back}
      <PageHeader
        title={device.name}
        subtitle={
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <span>{t(`devices.${device.status}`)}</span>
            <VpnAccessState access={device.myAccess} shown={shown} now={now} />
          </Stack>
        }
        leading={<StatusDot colour={statusColourOf(device, myRequests, now)} size={18} />}
        action={
          <>
            {mayConnect(shown) && <VpnConnectButton agent={device} />}
            {mayRequestMoreAccess(device.myAccess, shown) && (
              <Button variant="outlined" onClick={() => setRequesting(true)}>
                {t('devices.requestAccess')}
              </Button>
            )}
          </>
        }
      />
      <DeviceServicesSection agent={device} />
      <DevicePagesSection agent={device} />
      <LiveValuesSection agent={device} />
      <AgentAlarmsSection agent={device} />
      <ReportsSection publicId={device.publicId} />
      <ScreensaverSection agent={device} />
      <AgentAppsSection agent={device} card />
      <DetailSection id="device-my-requests" title={t('devices.detail.myRequests')}>
        {requests.isError ? (
          <Typography variant="body2" color="text.secondary">
            {t('devices.detail.requestsFailed')}
          </Typography>
        ) : (
          <MyRequestList requests={myRequests} now={now} />
        )}
      </DetailSection>
      {requesting && <RequestAccessDialog agent={device} onClose={() => setRequesting(false)} />}
    </Stack>
  );
}
