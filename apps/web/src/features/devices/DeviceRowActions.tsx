import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@fleetgate/contracts';
import { useVpn } from '../vpn/vpn-context.ts';
import { WebAccessMenu } from '../web-access/WebAccessMenu.tsx';
import { mayConnect, mayRequestAccess, type ShownVpnAccess } from './device-status.ts';

type DeviceRowActionsProps = {
  agent: Agent;
  shown: ShownVpnAccess;
  onRequestAccess: (agent: Agent) => void;
};

/**
 * What the user can do with a device from the list: Connect (the VPN feature's own connect
 * path, with its checks, consent and installer) when access is allowed, Disconnect for the
 * device their VPN client is on, Request access only when it is needed and nothing is pending
 * or approved. Web access (Open a web page, View screen) sits beside Connect.
 */
export function DeviceRowActions({ agent, shown, onRequestAccess }: DeviceRowActionsProps) {
  const { t } = useTranslation();
  const vpn = useVpn();
  const status = vpn.status?.status ?? 'idle';
  const onThisDevice = vpn.status?.activeRequest?.agentId === agent.publicId && status !== 'idle';
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
      {onThisDevice ? (
        <Button
          size="small"
          variant="outlined"
          aria-label={t('devices.disconnectFrom', { name: agent.name })}
          onClick={() => void vpn.disconnect()}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('vpn.disconnect')}
        </Button>
      ) : (
        mayConnect(shown) && (
          <Button
            size="small"
            variant="contained"
            aria-label={t('devices.connectTo', { name: agent.name })}
            onClick={() => vpn.connect(agent)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('vpn.connect')}
          </Button>
        )
      )}
      <WebAccessMenu agent={agent} />
      {mayRequestAccess(agent.myAccess, shown) && (
        <Button
          size="small"
          variant="outlined"
          aria-label={t('devices.requestAccessTo', { name: agent.name })}
          onClick={() => onRequestAccess(agent)}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('devices.requestAccess')}
        </Button>
      )}
    </Stack>
  );
}
