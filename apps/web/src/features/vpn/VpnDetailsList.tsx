import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@fleetgate/contracts';
import { useNotify } from '../../components/notify.tsx';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 40, gap: 2 }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ width: 150, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {children}
      </Typography>
    </Box>
  );
}

/** VPN address (copyable, only when connected), stealth mode, server, device name, connected users. */
export function VpnDetailsList({ agent, connected }: { agent: Agent | undefined; connected: boolean }) {
  const { t, i18n } = useTranslation();
  const { notify } = useNotify();
  const address = connected ? agent?.activeVpnSession?.vpnAddress : undefined;
  const users = agent?.connectedUsers ?? [];
  return (
    <Box component="dl" aria-label={t('vpn.title')} sx={{ m: 0 }}>
      <Row label={t('vpn.details.vpnAddress')}>
        {address ? (
          <>
            <span data-testid="vpn-address">{address}</span>
            <Tooltip title={t('vpn.details.copy')}>
              <IconButton
                size="small"
                aria-label={t('vpn.details.copy')}
                sx={{ ml: 1 }}
                onClick={() =>
                  void navigator.clipboard
                    .writeText(address)
                    .then(() => notify(t('vpn.details.copied'), { key: 'vpn-copied' }))
                }
              >
                <ContentCopy fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        ) : (
          '—'
        )}
      </Row>
      <Row label={t('vpn.details.stealthMode')}>
        {t(agent?.useStunnel ? 'vpn.details.on' : 'vpn.details.off')}
      </Row>
      <Row label={t('vpn.details.server')}>{agent?.activeVpnSession?.rscServer.name ?? '—'}</Row>
      {agent && <Row label={t('vpn.details.deviceName')}>{agent.name}</Row>}
      <Row label={t('vpn.details.connectedUsers')}>
        {users.length === 0
          ? t('vpn.details.none')
          : new Intl.ListFormat(i18n.language).format(users.map((user) => user.name))}
      </Row>
    </Box>
  );
}
