import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import LockClock from '@mui/icons-material/LockClock';
import { useTranslation } from 'react-i18next';

type Props = { emailAddress: string; time: string; onClose: () => void };

/** The sign-in block stored in this browser has not ended yet: until when, and why. */
export function SignInBlockedDialog({ emailAddress, time, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="sign-in-blocked-title"
      aria-describedby="sign-in-blocked-body"
      maxWidth="xs"
    >
      <DialogTitle id="sign-in-blocked-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <LockClock color="warning" aria-hidden />
        {t('signInBlock.title', { time })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} id="sign-in-blocked-body">
          <DialogContentText>{t('signInBlock.body', { emailAddress, time })}</DialogContentText>
          <DialogContentText>{t('signInBlock.after')}</DialogContentText>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('signInBlock.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
