import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { AccessEnded } from './connector-client.ts';

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

type AccessEndedProps = {
  ended: AccessEnded;
  /** The device's name once loaded. */
  deviceName: string | undefined;
  /** Present when asking again can help (the user may request access to this device). */
  onRequestAgain: (() => void) | undefined;
  onLogOut: () => void;
  onClose: () => void;
};

/**
 * The relay ended the session because the user's access ended: says what happened (revoked, and
 * by whom, or expired) and leads with asking for access again; logging out stays available
 * (spec §2), as it is what helps when rights changed.
 */
export function VpnAccessEndedDialog({
  ended,
  deviceName,
  onRequestAgain,
  onLogOut,
  onClose,
}: AccessEndedProps) {
  const { t } = useTranslation();
  const device = deviceName ?? t('vpn.accessEnded.thisDevice');
  const body =
    ended.reason === 'revoked'
      ? ended.by
        ? t('vpn.accessEnded.revokedBy', { name: ended.by, device })
        : t('vpn.accessEnded.revoked', { device })
      : t(`vpn.accessEnded.${ended.reason}`, { device });
  return (
    <Notice
      id="vpn-access-ended-title"
      title={t(`vpn.accessEnded.${ended.reason}Title`)}
      body={body}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('vpn.close')}</Button>
          <Button variant={onRequestAgain ? 'text' : 'contained'} onClick={onLogOut}>
            {t('vpn.logOut')}
          </Button>
          {onRequestAgain && (
            <Button variant="contained" onClick={onRequestAgain}>
              {t('vpn.accessEnded.requestAgain')}
            </Button>
          )}
        </>
      }
    />
  );
}
