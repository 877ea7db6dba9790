import type { FormEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

type AlarmDialogFrameProps = {
  titleId: string;
  title: string;
  submitLabel: string;
  cancelLabel: string;
  /** The server's refusal, shown above the fields. */
  error: string | null;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
};

/** The frame of the alarm dialogs: title, the server's refusal, the fields, Cancel and the action. */
export function AlarmDialogFrame(props: AlarmDialogFrameProps) {
  const { titleId, title, submitLabel, cancelLabel, error, busy, onSubmit, onClose, children } = props;
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={handleSubmit}>
        <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
