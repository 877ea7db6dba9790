import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { VpnStatus } from './vpn-rules.ts';

type Props = { name: string; status: VpnStatus; onClose: (logOut: boolean) => void };

/** Asks before logging out ends an active VPN connection; a connection that ends by itself answers yes. */
export function ConfirmLogoutDialog({ name, status, onClose }: Props) {
  const { t } = useTranslation();
  useEffect(() => {
    if (status === 'idle') onClose(true);
  }, [status, onClose]);
  const key = status === 'connecting' ? 'connecting' : 'connected';
  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="vpn-confirm-logout-title">
      <DialogTitle id="vpn-confirm-logout-title">{t('vpn.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t(`vpn.confirmLogout.${key}`, { name })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('vpn.cancel')}</Button>
        <Button variant="contained" onClick={() => onClose(true)}>
          {t('vpn.logOut')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
