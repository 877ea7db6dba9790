import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import type { AgentEnrolmentToken } from '@fleetgate/contracts';
import { useNotify } from '../../components/notify.tsx';
import { formatDateTime } from '../../components/format/format-date.ts';

type EnrolmentDialogProps = { agentName: string; enrolment: AgentEnrolmentToken; onClose: () => void };

/**
 * The enrolment command, shown once: the server keeps only a hash of the token, so closing
 * this dialog loses it and a new one has to be created.
 */
export function EnrolmentDialog({ agentName, enrolment, onClose }: EnrolmentDialogProps) {
  const { t } = useTranslation();
  const { notify } = useNotify();

  const handleCopy = () => {
    navigator.clipboard.writeText(enrolment.command).then(
      () => notify(t('agents.enrolDialog.copied'), { durationMs: 3000 }),
      () => notify(t('agents.enrolDialog.copyFailed'), { durationMs: 5000 }),
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="enrol-dialog-title">
      <DialogTitle id="enrol-dialog-title">{t('agents.enrolDialog.title', { name: agentName })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('agents.enrolDialog.intro')}</DialogContentText>
        <Typography variant="subtitle2" component="h3" id="enrol-command-label" sx={{ mb: 0.5 }}>
          {t('agents.enrolDialog.command')}
        </Typography>
        <Box
          component="pre"
          aria-labelledby="enrol-command-label"
          sx={{
            m: 0,
            p: 1.5,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontFamily: 'monospace',
            fontSize: '0.85rem',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-all',
            userSelect: 'all',
          }}
        >
          {enrolment.command}
        </Box>
        <Alert severity="info" variant="outlined" sx={{ mt: 2 }}>
          {t('agents.enrolDialog.expires', { date: formatDateTime(enrolment.expiresOn) })}
        </Alert>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('agents.enrolDialog.close')}</Button>
        <Button variant="contained" startIcon={<ContentCopy />} onClick={handleCopy}>
          {t('agents.enrolDialog.copy')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
