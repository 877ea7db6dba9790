import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

type DiscardChangesDialogProps = { open: boolean; onKeepEditing: () => void; onDiscard: () => void };

/** Asked before a dialog with unsent changes closes on Escape or a click beside it. */
export function DiscardChangesDialog({ open, onKeepEditing, onDiscard }: DiscardChangesDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onKeepEditing} maxWidth="xs" aria-labelledby="discard-changes-title">
      <DialogTitle id="discard-changes-title">{t('devices.request.discardTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('devices.request.discardBody')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onKeepEditing} autoFocus>
          {t('devices.request.keepEditing')}
        </Button>
        <Button color="error" variant="contained" onClick={onDiscard}>
          {t('devices.request.discard')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
