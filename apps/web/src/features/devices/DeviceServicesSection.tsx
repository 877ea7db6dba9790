import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@fleetgate/contracts';
import { AccessLocks } from './AccessLocks.tsx';
import { DetailSection } from './DetailSection.tsx';

/** The device's access restrictions and its LAN services with their own approval rule. */
export function DeviceServicesSection({ agent }: { agent: Agent }) {
  const { t } = useTranslation();
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
          {agent.servers.map((server) => (
            <ListItem key={server.publicId} divider disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
              <ListItemText
                primary={server.name}
                secondary={[
                  `${t('devices.detail.address')}: ${server.host}:${server.port}`,
                  server.serviceGroup ? `${t('devices.detail.serviceGroup')}: ${server.serviceGroup}` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
              {server.requireAccessApproval && (
                <Chip
                  size="small"
                  variant="outlined"
                  color="warning"
                  icon={<VerifiedUserOutlined />}
                  label={t('devices.locks.serviceApproval')}
                />
              )}
            </ListItem>
          ))}
        </List>
      )}
    </DetailSection>
  );
}
