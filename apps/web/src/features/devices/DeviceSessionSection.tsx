import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@fleetgate/contracts';
import { DetailSection } from './DetailSection.tsx';
import { FactList } from './FactList.tsx';
import { formatDateTime } from '../../components/format/format-date.ts';

/** The VPN session (address, relay server, stealth mode, who is connected) and connection attempts. */
export function DeviceSessionSection({ agent }: { agent: Agent }) {
  const { t, i18n } = useTranslation();
  const session = agent.activeVpnSession;
  const { rateLimiting } = agent;
  const limit =
    rateLimiting.configOpenvpnLimit === 'hard'
      ? t('devices.detail.rateLimitHard')
      : rateLimiting.configOpenvpnLimit === 'soft'
        ? t('devices.detail.rateLimitSoft')
        : t('devices.detail.rateLimitNone');
  return (
    <DetailSection id="device-vpn-session" title={t('devices.detail.vpnSession')}>
      {!session && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
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
            value:
              agent.connectedUsers.length === 0
                ? t('devices.detail.none')
                : new Intl.ListFormat(i18n.language).format(agent.connectedUsers.map((user) => user.name)),
          },
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
    </DetailSection>
  );
}
