import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

function Notice(props: { id: string; title: string; body: string; onClose: () => void; actions: ReactNode }) {
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={props.id}>
      <DialogTitle id={props.id}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.body}</DialogContentText>
      </DialogContent>
      <DialogActions>{props.actions}</DialogActions>
    </Dialog>
  );
}

/** Shown before the first connect of this browser. */
export function VpnConsentDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice
      id="vpn-consent-title"
      title={t('vpn.consent.title')}
      body={t('vpn.consent.body')}
      onClose={onClose}
      actions={
        <Button variant="contained" onClick={onClose}>
          {t('vpn.gotIt')}
        </Button>
      }
    />
  );
}

/** The relay ended the session because the user's access ended. */
export function VpnAccessExpiredDialog({ onLogOut, onClose }: { onLogOut: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice
      id="vpn-access-expired-title"
      title={t('vpn.accessExpired.title')}
      body={t('vpn.accessExpired.body')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('vpn.close')}</Button>
          <Button variant="contained" onClick={onLogOut}>
            {t('vpn.logOut')}
          </Button>
        </>
      }
    />
  );
}
