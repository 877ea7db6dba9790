import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Download from '@mui/icons-material/Download';
import SearchOff from '@mui/icons-material/SearchOff';
import { useTranslation } from 'react-i18next';
import type { ConnectorStatus } from './connector-client.ts';
import type { ReleaseDocument } from './release-document.ts';
import { downloadUrlFor, firstErrorCode, vpnTimings } from './vpn-rules.ts';

type Props = {
  check: () => Promise<boolean>;
  found: boolean;
  status: ConnectorStatus | null;
  release: ReleaseDocument | undefined;
  /** Present when the dialog was opened by a connect: Connect now continues it. */
  onConnect: (() => void) | undefined;
  onClose: () => void;
};

/**
 * The VPN installer dialog: looks for the local connector every 2.5 s, up to 1440 times
 * (an hour), until it answers; then Connect now starts the connection (spec §4 "Installer").
 */
export function InstallerDialog({ check, found, status, release, onConnect, onClose }: Props) {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  const [gaveUp, setGaveUp] = useState(false);
  const [menu, setMenu] = useState<HTMLElement | null>(null);

  useEffect(() => {
    if (found) return;
    setGaveUp(false);
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      void check();
      if (tries >= vpnTimings.installerMaxRetries) {
        clearInterval(timer);
        setGaveUp(true);
      }
    }, vpnTimings.installerRetryMs);
    return () => clearInterval(timer);
  }, [found, check, round]);

  const errorStep = status && status.code >= firstErrorCode ? status.message : null;
  return (
    <Dialog open onClose={onClose} aria-labelledby="vpn-installer-title" fullWidth maxWidth="xs">
      <DialogTitle id="vpn-installer-title">{t('vpn.installer.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', pt: 1 }}>
          {found ? (
            <CheckCircle sx={{ fontSize: 48, color: 'success.main' }} />
          ) : (
            <SearchOff sx={{ fontSize: 48, color: 'text.secondary' }} />
          )}
          <Typography variant="h6" component="p" data-testid="vpn-installer-status">
            {found ? t('vpn.installer.found') : t('vpn.installer.notFound')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {found
              ? t('vpn.installer.foundHint', { version: status?.version ?? '' })
              : t('vpn.installer.notFoundHint')}
          </Typography>
          {!found && !gaveUp && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <CircularProgress size={16} aria-hidden />
              <Typography variant="body2">{t('vpn.installer.searching')}</Typography>
            </Stack>
          )}
          {!found && gaveUp && <Typography variant="body2">{t('vpn.installer.gaveUp')}</Typography>}
          {found && errorStep && (
            <Alert severity="error" sx={{ width: '100%', textAlign: 'left' }}>
              {t('vpn.installer.errorStep', { message: errorStep })}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<Download />} onClick={(event) => setMenu(event.currentTarget)}>
          {t('vpn.installer.downloadMenu')}
        </Button>
        <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
          {(release?.platforms ?? []).length === 0 && (
            <MenuItem disabled>{t('vpn.installer.noDownloads')}</MenuItem>
          )}
          {(release?.platforms ?? []).map((entry) => (
            <MenuItem
              key={entry.os}
              component="a"
              href={downloadUrlFor(entry.downloadUrl, entry.latestVersion)}
              onClick={() => setMenu(null)}
            >
              {t('vpn.installer.downloadFor', { os: entry.os })}
            </MenuItem>
          ))}
        </Menu>
        <Button onClick={onClose}>{t('vpn.cancel')}</Button>
        {!found && (
          <Button
            onClick={() => {
              setRound((r) => r + 1);
              void check();
            }}
          >
            {t('vpn.tryAgain')}
          </Button>
        )}
        {onConnect && (
          <Button variant="contained" disabled={!found} onClick={onConnect}>
            {t('vpn.installer.connectNow')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
