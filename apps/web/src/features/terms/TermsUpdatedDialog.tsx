import Alert from '@mui/material/Alert';
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
import { useAcceptTerms } from './use-terms.ts';
import { registerTermsTexts } from './terms-texts.ts';

registerTermsTexts();

type TermsUpdatedDialogProps = { policy: TermsOfUsePolicy; companyId: string; companyName: string };

/**
 * Terms of use updated (portal spec): it cannot be dismissed, neither by Escape nor by a click
 * beside it; OK accepts the policy version, and the app goes on once MyUser lists it as accepted.
 */
export function TermsUpdatedDialog({ policy, companyId, companyName }: TermsUpdatedDialogProps) {
  const { t } = useTranslation();
  const accept = useAcceptTerms(companyId);
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      // No onClose: Escape and the backdrop do nothing.
      disableEscapeKeyDown
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      scroll="paper"
      aria-labelledby="terms-updated-title"
      aria-describedby="terms-updated-intro"
    >
      <DialogTitle id="terms-updated-title">{t('terms.updated.title')}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText id="terms-updated-intro" sx={{ mb: 2 }}>
          {t('terms.updated.intro', { company: companyName })}
        </DialogContentText>
        <LegalTextView languages={policy.languages} headingLevel={3} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        {accept.isError && (
          <Alert severity="error" sx={{ flex: '1 1 240px' }}>
            {t('terms.updated.failed')}
          </Alert>
        )}
        <Button
          variant="contained"
          onClick={() => accept.mutate(policy.publicId)}
          loading={accept.isPending}
          loadingPosition="start"
          autoFocus
        >
          {accept.isPending ? t('terms.updated.accepting') : t('terms.updated.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
