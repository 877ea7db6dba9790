import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ContentCopy from '@mui/icons-material/ContentCopy';
import LinkIcon from '@mui/icons-material/Link';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { describeError } from '../../api/error-text.ts';
import { getCompanyId } from '../../auth/session.ts';
import { useNotify } from '../../components/notify.tsx';
import { createJumpStartLink } from './jump-start.ts';
import { formatTime } from '../../components/format/format-date.ts';

/**
 * Creates a one-minute jump-start link to the current page and copies it. The link is also
 * shown, because the clipboard can be refused and the user then copies it by hand.
 */
export function JumpStartLinkButton() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const location = useLocation();
  const [created, setCreated] = useState<{ link: string; expiresOn: string } | null>(null);
  const create = useMutation({
    mutationFn: () =>
      createJumpStartLink(window.location.origin, getCompanyId(), location.pathname + location.search),
    onSuccess: (result) => {
      setCreated(result);
      copy(result.link);
    },
    onError: (error) => notify(`${t('jumpStart.failed')} ${describeError(t, error)}`, { durationMs: 5000 }),
  });

  function copy(link: string) {
    navigator.clipboard.writeText(link).then(
      () => notify(t('jumpStart.copied'), { durationMs: 3000, key: 'jump-start-copy' }),
      () => notify(t('jumpStart.copyFailed'), { durationMs: 5000, key: 'jump-start-copy' }),
    );
  }

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<LinkIcon />}
        loading={create.isPending}
        onClick={() => create.mutate()}
      >
        {t('jumpStart.copyLink')}
      </Button>
      {created && (
        <Dialog
          open
          onClose={() => setCreated(null)}
          fullWidth
          maxWidth="sm"
          aria-labelledby="jump-start-link-title"
        >
          <DialogTitle id="jump-start-link-title">{t('jumpStart.dialogTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{t('jumpStart.dialogIntro')}</DialogContentText>
            <TextField
              label={t('jumpStart.link')}
              value={created.link}
              fullWidth
              multiline
              helperText={t('jumpStart.validUntil', {
                time: formatTime(created.expiresOn),
              })}
              slotProps={{
                htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } },
              }}
              onFocus={(event) => event.target.select()}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setCreated(null)}>{t('jumpStart.close')}</Button>
            <Button variant="contained" startIcon={<ContentCopy />} onClick={() => copy(created.link)}>
              {t('jumpStart.copy')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
