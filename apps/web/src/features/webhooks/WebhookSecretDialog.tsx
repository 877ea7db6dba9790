import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/notify.tsx';

type WebhookSecretDialogProps = { name: string; secret: string; onClose: () => void };

/** The signing secret, shown once: the server never returns it again. */
export function WebhookSecretDialog({ name, secret, onClose }: WebhookSecretDialogProps) {
  const { t } = useTranslation();
  const { notify } = useNotify();

  const handleCopy = () => {
    navigator.clipboard.writeText(secret).then(
      () => notify(t('webhooks.secretDialog.copied'), { durationMs: 3000 }),
      () => notify(t('webhooks.secretDialog.copyFailed'), { durationMs: 5000 }),
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="webhook-secret-title">
      <DialogTitle id="webhook-secret-title">{t('webhooks.secretDialog.title', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('webhooks.secretDialog.intro')}</DialogContentText>
        <Box
          component="pre"
          aria-label={t('webhooks.secretDialog.title', { name })}
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
          {secret}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopy />} onClick={handleCopy}>
          {t('webhooks.secretDialog.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('webhooks.secretDialog.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
