import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

type DiscardChangesDialogProps = {
  open: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
  /** What is lost, when the dialog can say it better than "Your changes will be lost." */
  body?: string;
};

/**
 * Asked before a dialog with unsent changes closes on Escape or a click beside it. Every dialog
 * with a form uses it: `onClose` of the form dialog opens this one when the form is dirty.
 */
export function DiscardChangesDialog({ open, onKeepEditing, onDiscard, body }: DiscardChangesDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onKeepEditing} maxWidth="xs" aria-labelledby="discard-changes-title">
      <DialogTitle id="discard-changes-title">{t('form.discardTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{body ?? t('form.discardBody')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onKeepEditing} autoFocus>
          {t('form.keepEditing')}
        </Button>
        <Button color="error" variant="contained" onClick={onDiscard}>
          {t('form.discard')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
