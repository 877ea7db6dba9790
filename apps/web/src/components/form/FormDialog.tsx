import type { BaseSyntheticEvent, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { FormAlert } from './FormAlert.tsx';

/** What `useDialogForm` hands the frame: the form's state as the buttons and the alert show it. */
export type FormDialogState = {
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** The server error that no field claimed. */
  serverError: string | undefined;
  busy: boolean;
  /** Saving is offered only once something changed and everything is valid. */
  canSubmit: boolean;
};

type FormDialogProps = FormDialogState & {
  /** The title's element id, which names the dialog for screen readers (and the browser tests). */
  titleId: string;
  title: string;
  cancelLabel: string;
  submitLabel: string;
  onClose: () => void;
  /** The feature's fields, below the form-level error. */
  children: ReactNode;
};

/**
 * The add/edit dialog of a management screen: title, fields, Cancel and the submit button.
 * It cannot be dismissed while a save is under way, so the answer always lands in an open form.
 */
export function FormDialog({
  titleId,
  title,
  cancelLabel,
  submitLabel,
  serverError,
  busy,
  canSubmit,
  onSubmit,
  onClose,
  children,
}: FormDialogProps) {
  // Phones get the whole screen: a form in a small floating box leaves no room for the keyboard.
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormAlert message={serverError} />
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="contained" disabled={!canSubmit} loading={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
