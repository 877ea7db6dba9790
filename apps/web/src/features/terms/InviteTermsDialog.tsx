import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { TermsOfUsePolicy } from '@fleetgate/contracts';
import { LegalTextView } from './LegalTextView.tsx';
import { registerTermsTexts } from './terms-texts.ts';

registerTermsTexts();

type InviteTermsDialogProps = {
  companyName: string;
  policy: TermsOfUsePolicy;
  onAccept: () => void;
  onCancel: () => void;
};

/** Before joining a company with terms of use: read them, then accept and join (or not). */
export function InviteTermsDialog({ companyName, policy, onAccept, onCancel }: InviteTermsDialogProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={onCancel}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      scroll="paper"
      aria-labelledby="invite-terms-title"
      aria-describedby="invite-terms-intro"
    >
      <DialogTitle id="invite-terms-title">{t('terms.invite.title', { company: companyName })}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText id="invite-terms-intro" sx={{ mb: 2 }}>
          {t('terms.invite.intro', { company: companyName })}
        </DialogContentText>
        {/* Not joined yet: the company's links and images stay inert until the reader accepts. */}
        <LegalTextView languages={policy.languages} headingLevel={3} links="inert" />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onCancel}>{t('terms.invite.cancel')}</Button>
        <Button variant="contained" onClick={onAccept} autoFocus>
          {t('terms.invite.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
