import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export type ConfirmActionDialogProps = {
  /** Kept mounted and toggled by callers that want the closing animation; open by default. */
  open?: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Fixed element ids for the title and body; without them MUI names the dialog by its title. */
  ids?: { title: string; body: string };
  /** Starts on Cancel, so that a stray Enter does not confirm. */
  focusCancel?: boolean;
};

/**
 * Asks before something that cannot be undone; the confirm button is the destructive one, and
 * the dialog cannot be dismissed while the action is under way.
 */
export function ConfirmActionDialog({
  open = true,
  title,
  body,
  confirmLabel,
  cancelLabel,
  busy,
  onConfirm,
  onClose,
  ids,
  focusCancel = false,
}: ConfirmActionDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={ids?.title}
      aria-describedby={ids?.body}
    >
      <DialogTitle id={ids?.title}>{title}</DialogTitle>
      <DialogContent>
        {/* Names without spaces (host names, keys) would otherwise run out of the dialog. */}
        <DialogContentText id={ids?.body} sx={{ overflowWrap: 'anywhere' }}>
          {body}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} autoFocus={focusCancel}>
          {cancelLabel}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
