import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import VpnLock from '@mui/icons-material/VpnLock';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@fleetgate/contracts';
import { useVpn } from './vpn-context.ts';
import { agentStatusLabelKey } from './vpn-rules.ts';

/** The device page's VPN entry: Connect (or Disconnect for the active device) and the info dialog. */
export function VpnConnectButton({ agent }: { agent: Agent }) {
  const { t } = useTranslation();
  const vpn = useVpn();
  const status = vpn.status?.status ?? 'idle';
  const activeRequest = vpn.status?.activeRequest ?? null;
  const mine = activeRequest?.agentId === agent.publicId && status !== 'idle';
  return (
    <Stack direction="row" spacing={1}>
      <Button
        variant="outlined"
        startIcon={<VpnLock />}
        onClick={() => vpn.openInfo(agent.publicId)}
        aria-label={`${t('vpn.title')}: ${t(`vpn.${agentStatusLabelKey(agent, status, activeRequest)}`)}`}
      >
        {t('vpn.title')}
      </Button>
      {mine ? (
        <Button variant="contained" onClick={() => void vpn.disconnect()}>
          {t('vpn.disconnect')}
        </Button>
      ) : (
        <Button variant="contained" onClick={() => vpn.connect(agent)}>
          {t('vpn.connect')}
        </Button>
      )}
    </Stack>
  );
}
