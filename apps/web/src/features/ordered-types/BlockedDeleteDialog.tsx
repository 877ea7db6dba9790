import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { OrderedTypeKind } from './ordered-type-kind.ts';

type BlockedDeleteDialogProps = {
  kind: OrderedTypeKind;
  name: string;
  onShowUsers: () => void;
  onClose: () => void;
};

/** Explains why a type in use (CANNOT_DELETE_GROUP_TYPE, CANNOT_DELETE_ASSET_TYPE) stays. */
export function BlockedDeleteDialog({ kind, name, onShowUsers, onClose }: BlockedDeleteDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      role="alertdialog"
      aria-labelledby="blocked-delete-title"
      aria-describedby="blocked-delete-body"
    >
      <DialogTitle id="blocked-delete-title">{t(`${kind.texts}.blockedTitle`)}</DialogTitle>
      <DialogContent>
        <DialogContentText id="blocked-delete-body">
          {t(`${kind.texts}.blockedBody`, { name })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onShowUsers}>{t(`${kind.texts}.showUsers`)}</Button>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t(`${kind.texts}.close`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
