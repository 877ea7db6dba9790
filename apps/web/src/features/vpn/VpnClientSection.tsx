import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Download from '@mui/icons-material/Download';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { connectorSettingsUrl } from './connector-client.ts';
import { releaseFor } from './release-document.ts';
import { useVpn } from './vpn-context.ts';
import { desktopPlatform, downloadUrlFor, updateAvailable } from './vpn-rules.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

/** The VPN client part of the info dialog on desktops: found, missing or lost, and its links. */
export function VpnClientSection({ onReleaseNotes }: { onReleaseNotes: () => void }) {
  const { t } = useTranslation();
  const vpn = useVpn();
  const platform = vpn.release ? releaseFor(vpn.release, desktopPlatform(navigator.userAgent)) : undefined;
  const version = vpn.status?.version;
  const update = updateAvailable(version, platform?.latestVersion);
  const state = vpn.connector === 'checking' ? 'missing' : vpn.connector;
  return (
    <Box component="section" aria-labelledby="vpn-client-title" sx={{ p: 3 }}>
      <Typography id="vpn-client-title" variant="subtitle1" component="h3" sx={{ mb: 1.5 }}>
        {t('vpn.client.title')}
      </Typography>
      <Box data-testid="vpn-client-state" data-state={state} sx={{ mb: 1 }}>
        {state === 'found' && vpn.status?.inUseBy && (
          <Typography data-testid="vpn-client-in-use" sx={{ mb: 1 }}>
            {t('vpn.client.inUseBy', { name: vpn.status.inUseBy.name })}
          </Typography>
        )}
        {state === 'found' && (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography>{t('vpn.client.version', { version })}</Typography>
            {/* Latest or not is only known once the release document has been read. */}
            {platform && (
              <Chip
                size="small"
                color={update ? 'warning' : 'success'}
                label={update ? t('vpn.client.updateAvailable') : t('vpn.client.latest')}
              />
            )}
          </Stack>
        )}
        {state === 'missing' && (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography sx={{ flex: 1 }}>{t('vpn.client.missing')}</Typography>
            <Button onClick={vpn.retryConnector}>{t('vpn.retry')}</Button>
          </Stack>
        )}
        {state === 'lost' && (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <LoadingIndicator size={18} decorative label={t('vpn.client.lost')} />
            <Typography>{t('vpn.client.lost')}</Typography>
          </Stack>
        )}
      </Box>
      <Divider />
      <List disablePadding>
        {/* A list holds list items; each action sits inside one. */}
        {state !== 'missing' && (
          <ListItem disablePadding>
            <ListItemButton onClick={onReleaseNotes} sx={{ px: 0 }}>
              <ListItemText primary={t('vpn.client.releaseNotes')} />
              <ChevronRight />
            </ListItemButton>
          </ListItem>
        )}
        <ListItem disablePadding>
          <ListItemButton
            component="a"
            href={connectorSettingsUrl()}
            target="_blank"
            rel="noopener"
            sx={{ px: 0 }}
          >
            <ListItemText primary={t('vpn.client.settings')} />
            <OpenInNew fontSize="small" />
          </ListItemButton>
        </ListItem>
      </List>
      <Button
        variant={update ? 'contained' : 'outlined'}
        startIcon={<Download />}
        fullWidth
        sx={{ mt: 2 }}
        disabled={!platform}
        href={platform ? downloadUrlFor(platform.downloadUrl, platform.latestVersion) : undefined}
      >
        {update && platform
          ? t('vpn.client.downloadUpdate', { version: platform.latestVersion })
          : t('vpn.client.downloadInstaller')}
      </Button>
    </Box>
  );
}
