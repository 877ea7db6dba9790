import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@fleetgate/contracts';
import { LocalAddress, MovedNotice, SocksAddress } from '../vpn/LocalAddress.tsx';
import { deviceAddress, localAddresses } from '../vpn/local-addresses.ts';
import { useOptionalVpn } from '../vpn/vpn-context.ts';
import { ServiceTypeChip } from '../web-access/ServiceTypeChip.tsx';
import { ServiceWebAction } from '../web-access/ServiceWebAction.tsx';
import { AccessLocks } from './AccessLocks.tsx';
import { DetailSection } from './DetailSection.tsx';

/**
 * The device's access restrictions and its LAN services with their own approval rule. Each
 * service's address is the one on the device's network; while this computer is connected to the
 * device, its local address (what to open here) is shown too, with the SOCKS5 proxy. A web page
 * or screen service can be opened in the browser (web access) without the VPN.
 */
export function DeviceServicesSection({ agent }: { agent: Agent }) {
  const { t } = useTranslation();
  const local = localAddresses(useOptionalVpn()?.status ?? null, agent.publicId, agent);
  return (
    <DetailSection id="device-services" title={t('devices.detail.services')}>
      <Stack spacing={1} sx={{ mb: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t('devices.detail.access')}
        </Typography>
        <AccessLocks agent={agent} />
      </Stack>
      {agent.servers.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('devices.noServices')}
        </Typography>
      ) : (
        <List disablePadding aria-label={t('devices.detail.services')}>
          {agent.servers.map((server) => {
            const here = local?.services.find((s) => s.publicId === server.publicId);
            return (
              <ListItem key={server.publicId} divider disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
                <ListItemText
                  primary={server.name}
                  secondary={[
                    t('vpn.local.onTheDevice', { address: deviceAddress(server) }),
                    server.serviceGroup
                      ? `${t('devices.detail.serviceGroup')}: ${server.serviceGroup}`
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
                <ServiceTypeChip type={server.type} />
                {server.requireAccessApproval && (
                  <Chip
                    size="small"
                    variant="outlined"
                    color="warning"
                    icon={<VerifiedUserOutlined />}
                    label={t('devices.locks.serviceApproval')}
                  />
                )}
                <ServiceWebAction agent={agent} server={server} />
                {here && (
                  <Box
                    sx={{
                      flexBasis: '100%',
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1,
                      flexWrap: 'wrap',
                    }}
                  >
                    <Typography variant="body2" color="text.secondary">
                      {t('vpn.local.onThisComputer')}:
                    </Typography>
                    <LocalAddress service={here} />
                  </Box>
                )}
                {here?.movedFrom && (
                  <Box sx={{ flexBasis: '100%' }}>
                    <MovedNotice service={here} />
                  </Box>
                )}
              </ListItem>
            );
          })}
        </List>
      )}
      {local?.socks && (
        <Box sx={{ mt: 1.5, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Typography variant="body2" color="text.secondary">
            {t('vpn.local.socks')}:
          </Typography>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <SocksAddress address={local.socks} example={local.socksExample} />
          </Box>
        </Box>
      )}
    </DetailSection>
  );
}
