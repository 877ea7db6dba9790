import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Close from '@mui/icons-material/Close';
import SearchOff from '@mui/icons-material/SearchOff';
import { useTranslation } from 'react-i18next';
import type { ConnectorStatus } from './connector-client.ts';
import { InstallerSteps } from './InstallerSteps.tsx';
import type { ReleaseDocument } from './release-document.ts';
import { firstErrorCode, vpnTimings } from './vpn-rules.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

type Props = {
  check: () => Promise<boolean>;
  found: boolean;
  status: ConnectorStatus | null;
  release: ReleaseDocument | undefined;
  /** The device a connect was started for: found, the dialog connects to it by itself. */
  deviceName: string | undefined;
  /** Present when the dialog was opened by a connect: Connect now (re)starts it. */
  onConnect: (() => void) | undefined;
  onClose: () => void;
};

/**
 * The install-connector dialog (full screen on desktops): what the VPN client is, its download for
 * this platform, how to start it, and that it is found by itself. It looks for the connector every
 * 2.5 s, up to 1440 times (spec §4 "Installer"); once found after a connect it connects by itself,
 * and Connect now stays for trying again (after an error step).
 */
export function InstallerDialog({ check, found, status, release, deviceName, onConnect, onClose }: Props) {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  const [gaveUp, setGaveUp] = useState(false);
  const connected = useRef(false);

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

  // README: "connects once it finds one" — the user asked to connect already.
  useEffect(() => {
    if (!found || !onConnect || connected.current) return;
    connected.current = true;
    onConnect();
  }, [found, onConnect]);

  const errorStep = status && status.code >= firstErrorCode ? status.message : null;
  const connecting = status?.status === 'connecting';
  return (
    <Dialog open fullScreen onClose={onClose} aria-labelledby="vpn-installer-title">
      <DialogTitle id="vpn-installer-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {t('vpn.installer.title')}
        </Box>
        <IconButton aria-label={t('vpn.close')} onClick={onClose} edge="end">
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto', py: 2 }}>
          <Stack
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center', p: 2, borderRadius: 1, bgcolor: 'action.hover' }}
            role="status"
          >
            {found ? (
              <CheckCircle sx={{ fontSize: 40, color: 'success.main' }} />
            ) : (
              <SearchOff sx={{ fontSize: 40, color: 'text.secondary' }} />
            )}
            <Box sx={{ flex: 1 }}>
              <Typography variant="h6" component="p" data-testid="vpn-installer-status">
                {found ? t('vpn.installer.found') : t('vpn.installer.notFound')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {found
                  ? onConnect && connecting
                    ? t('vpn.installer.connectingTo', { name: deviceName ?? '' })
                    : t('vpn.installer.foundHint', { version: status?.version ?? '' })
                  : gaveUp
                    ? t('vpn.installer.gaveUp')
                    : onConnect
                      ? t('vpn.installer.searchingThenConnect', { name: deviceName ?? '' })
                      : t('vpn.installer.searching')}
              </Typography>
            </Box>
            {((!found && !gaveUp) || (found && connecting)) && <LoadingIndicator size={24} decorative />}
          </Stack>
          {found && errorStep && (
            <Alert severity="error">{t('vpn.installer.errorStep', { message: errorStep })}</Alert>
          )}
          {found && status?.inUseBy && (
            <Alert severity="info">{t('vpn.connectErrors.inUseBy', { name: status.inUseBy.name })}</Alert>
          )}
          <InstallerSteps release={release} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, py: 2 }}>
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
          <Button variant="contained" disabled={!found || connecting} onClick={onConnect}>
            {t('vpn.installer.connectNow')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
