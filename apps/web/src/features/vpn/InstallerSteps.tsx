import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/notify.tsx';
import { releaseFor, type ReleaseDocument } from './release-document.ts';
import { desktopPlatform, downloadUrlFor } from './vpn-rules.ts';

const platformNames: Record<string, string> = { windows: 'Windows', macos: 'macOS', linux: 'Linux' };

/** A release entry's `os` as people name it (entries say win32, darwin, mac…). */
function platformLabel(os: string): string {
  if (/^win/i.test(os)) return 'Windows';
  if (/^(mac|darwin|osx)/i.test(os)) return 'macOS';
  if (/^linux/i.test(os)) return 'Linux';
  return os;
}

/** A release entry's file name (the last part of its download address). */
function fileNameOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url, window.location.origin).pathname.split('/').pop() ?? '');
  } catch {
    return '';
  }
}

function Step({ number, title, children }: { number: number; title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`vpn-installer-step-${number}`}>
      <Typography
        id={`vpn-installer-step-${number}`}
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 600 }}
      >
        {`${number}. ${title}`}
      </Typography>
      <Box sx={{ mt: 1 }}>{children}</Box>
    </Box>
  );
}

/** What the VPN client is, where to download it for this platform, how to start it, that it is found. */
export function InstallerSteps({ release }: { release: ReleaseDocument | undefined }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const platform = desktopPlatform(navigator.userAgent);
  const entry = release ? releaseFor(release, platform) : undefined;
  const url = entry ? downloadUrlFor(entry.downloadUrl, entry.latestVersion) : undefined;
  const file = (url && fileNameOf(url)) || 'fleetgate-connector.mjs';
  const command = `node ${file} --portal ${window.location.origin}`;
  const platforms = release?.platforms ?? [];

  const handleCopy = () => {
    void navigator.clipboard
      .writeText(command)
      .then(() => notify(t('vpn.installer.commandCopied'), { durationMs: 3000 }))
      .catch(() => undefined);
  };

  return (
    <Stack spacing={3}>
      <Typography>{t('vpn.installer.what')}</Typography>
      <Step number={1} title={t('vpn.installer.downloadTitle')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Button variant="contained" startIcon={<Download />} href={url} disabled={!url}>
            {entry
              ? t('vpn.installer.downloadFor', {
                  os: platformNames[platform],
                  version: entry.latestVersion,
                })
              : t('vpn.installer.noDownloads')}
          </Button>
          {platforms.length > 0 && (
            <Button endIcon={<ExpandMore />} onClick={(event) => setMenu(event.currentTarget)}>
              {t('vpn.installer.downloadMenu')}
            </Button>
          )}
          <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
            {platforms.map((other) => (
              <MenuItem
                key={other.os}
                component="a"
                href={downloadUrlFor(other.downloadUrl, other.latestVersion)}
                onClick={() => setMenu(null)}
              >
                {t('vpn.installer.downloadOther', {
                  os: platformLabel(other.os),
                  version: other.latestVersion,
                })}
              </MenuItem>
            ))}
          </Menu>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('vpn.installer.needsNode')}
        </Typography>
      </Step>
      <Step number={2} title={t('vpn.installer.startTitle')}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('vpn.installer.startHint')}
        </Typography>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', bgcolor: 'action.hover', borderRadius: 1, pl: 2, pr: 0.5, py: 0.5 }}
        >
          <Box
            component="code"
            data-testid="vpn-installer-command"
            sx={{ flex: 1, fontFamily: 'monospace', fontSize: 14, overflowWrap: 'anywhere' }}
          >
            {command}
          </Box>
          <Tooltip title={t('vpn.installer.copyCommand')}>
            <IconButton aria-label={t('vpn.installer.copyCommand')} onClick={handleCopy}>
              <ContentCopy fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('vpn.installer.keepRunning')}
        </Typography>
      </Step>
      <Step number={3} title={t('vpn.installer.foundTitle')}>
        <Typography variant="body2">{t('vpn.installer.foundAutomatically')}</Typography>
      </Step>
    </Stack>
  );
}
