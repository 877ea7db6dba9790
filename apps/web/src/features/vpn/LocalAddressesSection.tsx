import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { AgentServer } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';
import { connectorSettingsUrl } from './connector-client.ts';
import { LocalAddress, MovedNotice, SocksAddress } from './LocalAddress.tsx';
import { localAddresses } from './local-addresses.ts';
import { useVpn } from './vpn-context.ts';

/**
 * The info dialog's "Local addresses": where each service of the connected device is on this
 * computer, the device-side address labelled as such, and the SOCKS5 proxy.
 */
export function LocalAddressesSection({
  agentId,
  agent,
}: {
  agentId: string | undefined;
  agent: { name: string; servers: AgentServer[] } | undefined;
}) {
  const { t } = useTranslation();
  const local = localAddresses(useVpn().status, agentId, agent);
  if (!local) return null;
  return (
    <Box component="section" aria-labelledby="vpn-local-title" sx={{ mt: 2 }}>
      <Typography id="vpn-local-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('vpn.local.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('vpn.local.hint')}{' '}
        <Link href={connectorSettingsUrl()} target="_blank" rel="noopener noreferrer">
          {t('vpn.local.changePorts')}
        </Link>
      </Typography>
      <List disablePadding aria-labelledby="vpn-local-title">
        {local.services.map((service) => (
          <ListItem key={service.publicId} divider disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
            <ListItemText
              primary={service.name}
              secondary={
                service.deviceAddress && t('vpn.local.onTheDevice', { address: service.deviceAddress })
              }
              sx={{ minWidth: 140 }}
            />
            <LocalAddress service={service} />
            {service.movedFrom && (
              <Box sx={{ flexBasis: '100%' }}>
                <MovedNotice service={service} />
              </Box>
            )}
          </ListItem>
        ))}
        {local.socks && (
          <ListItem disableGutters sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <ListItemText primary={t('vpn.local.socks')} sx={{ minWidth: 140, flex: '0 0 auto' }} />
            <Box sx={{ flex: 1, minWidth: 0, py: 0.75 }}>
              <SocksAddress address={local.socks} example={local.socksExample} />
            </Box>
          </ListItem>
        )}
      </List>
    </Box>
  );
}
