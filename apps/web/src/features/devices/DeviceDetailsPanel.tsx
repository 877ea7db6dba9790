import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { Agent } from '@fleetgate/contracts';
import { formatDateTime } from '../../components/format/format-date.ts';
import { useCurrentUser } from '../../auth/current-user.tsx';
import { AccessLocks } from './AccessLocks.tsx';
import { DeviceAssets } from './DeviceAssets.tsx';
import { FactList } from './FactList.tsx';
import { PanelSection } from './PanelSection.tsx';
import { StatusDot } from './StatusDot.tsx';
import { VpnAccessState } from './VpnAccessState.tsx';
import { shownVpnAccess, statusColourOf } from './device-status.ts';
import { useAgent, useMyAccessRequests, useNow } from './use-devices.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

/** The device page's publicId, read from the matched route (the panel lives in the shell, not the page). */
function useDevicePublicId(): string {
  const matches = useMatches();
  const match = matches.find((m) => (m.handle as { featureId?: string } | undefined)?.featureId === 'device');
  return match?.params.publicId ?? '';
}

/**
 * The device page's right side menu: the device's facts (status, the user's access, its
 * restrictions, the VPN session and connection attempts), so the page itself keeps to
 * services and actions. It shares the page's queries, so both change together.
 */
export function DeviceDetailsPanel() {
  const { t } = useTranslation();
  const agent = useAgent(useDevicePublicId());
  if (agent.isPending)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <LoadingIndicator size={28} />
      </Box>
    );
  if (agent.isError)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('devices.panel.unavailable')}
      </Typography>
    );
  return <DeviceFacts agent={agent.data} />;
}

function DeviceFacts({ agent }: { agent: Agent }) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const requests = useMyAccessRequests(user.publicId, agent.publicId);
  const now = useNow();
  const colour = statusColourOf(agent, requests.data ?? [], now);
  const session = agent.activeVpnSession;
  const { rateLimiting } = agent;
  const limit =
    rateLimiting.configOpenvpnLimit === 'hard'
      ? t('devices.detail.rateLimitHard')
      : rateLimiting.configOpenvpnLimit === 'soft'
        ? t('devices.detail.rateLimitSoft')
        : t('devices.detail.rateLimitNone');
  const list = (names: string[]) =>
    names.length === 0 ? t('devices.detail.none') : new Intl.ListFormat(i18n.language).format(names);

  return (
    <Stack spacing={2} divider={<Divider flexItem />}>
      <PanelSection id="device-panel-status" title={t('devices.panel.status')}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <StatusDot colour={colour} />
          <Typography variant="body2">{t(`devices.${agent.status}`)}</Typography>
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
          {t('devices.columns.myAccess')}
        </Typography>
        <VpnAccessState access={agent.myAccess} shown={shownVpnAccess(agent.myAccess, now)} now={now} />
      </PanelSection>
      <PanelSection id="device-panel-restrictions" title={t('devices.columns.locks')}>
        <AccessLocks agent={agent} />
      </PanelSection>
      <PanelSection id="device-vpn-session" title={t('devices.detail.vpnSession')}>
        {!session && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.25 }}>
            {t('devices.detail.noVpnSession')}
          </Typography>
        )}
        <FactList
          facts={[
            { label: t('devices.detail.vpnAddress'), value: session?.vpnAddress ?? '—' },
            { label: t('devices.detail.server'), value: session?.rscServer.name ?? '—' },
            {
              label: t('devices.detail.stealthMode'),
              value: t(agent.useStunnel ? 'devices.detail.on' : 'devices.detail.off'),
            },
            {
              label: t('devices.detail.connectedUsers'),
              value: list(agent.connectedUsers.map((connected) => connected.name)),
            },
          ]}
        />
      </PanelSection>
      <PanelSection id="device-panel-attempts" title={t('devices.detail.rateLimiting')}>
        <FactList
          facts={[
            { label: t('devices.detail.rateLimit'), value: limit },
            { label: t('devices.detail.attempts'), value: String(rateLimiting.configOpenvpnCounter) },
            ...(rateLimiting.configOpenvpnLastHit
              ? [
                  {
                    label: t('devices.detail.lastAttempt'),
                    value: formatDateTime(rateLimiting.configOpenvpnLastHit),
                  },
                ]
              : []),
          ]}
        />
      </PanelSection>
      <PanelSection id="device-panel-membership" title={t('devices.panel.membership')}>
        <FactList
          facts={[
            {
              label: t('devices.detail.groups'),
              value: list(agent.memberships.map((membership) => membership.group.name)),
            },
            { label: t('devices.detail.assets'), value: <DeviceAssets agent={agent} /> },
          ]}
        />
      </PanelSection>
    </Stack>
  );
}
