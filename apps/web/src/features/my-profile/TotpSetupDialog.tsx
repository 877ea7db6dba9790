import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { totpCodePattern } from '@fleetgate/contracts';
import { describeError } from '../../api/error-text.ts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
import { useNotify } from '../../components/notify.tsx';
import { RecoveryCodesView } from './RecoveryCodesView.tsx';
import { useConfirmTotp, useStartTotpEnrolment } from './use-two-factor.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

/** The secret in groups of four, as people copy it by hand into an app. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Setting up TOTP: the QR code and the secret of a new pending enrolment, confirmed with a first
 * code; then the recovery codes, shown this once, until the user says they saved them.
 */
export function TotpSetupDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const start = useStartTotpEnrolment();
  const confirm = useConfirmTotp();
  const [codes, setCodes] = useState<string[] | null>(null);
  const schema = useMemo(
    () => z.object({ code: z.string().trim().regex(totpCodePattern, t('form.otp')) }),
    [t],
  );
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { code: '' } });

  const { mutate: startEnrolment } = start;
  // One enrolment per opening; the server replaces any earlier pending secret.
  useEffect(() => startEnrolment(), [startEnrolment]);

  const handleConfirm = handleSubmit(async ({ code }) => {
    try {
      setCodes((await confirm.mutateAsync(code)).recoveryCodes);
    } catch (error) {
      applyApiErrors(error, setError, t, { fields: ['code'] });
    }
  });

  const handleCopySecret = async (secret: string) => {
    await navigator.clipboard.writeText(secret);
    notify(t('twoFactor.setup.secretCopied'), { key: 'totp-secret' });
  };

  const enrolment = start.data;
  const busy = isSubmitting;
  return (
    <Dialog
      open
      onClose={busy || codes ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="totp-setup-title"
    >
      <DialogTitle id="totp-setup-title">
        {codes ? t('twoFactor.codes.title') : t('twoFactor.setup.title')}
      </DialogTitle>
      {codes ? (
        <>
          <DialogContent>
            <RecoveryCodesView codes={codes} />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button variant="contained" onClick={onClose}>
              {t('twoFactor.codes.saved')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={handleConfirm}>
          <DialogContent>
            <Stack spacing={2}>
              {start.isError && <FormAlert message={describeError(t, start.error)} />}
              <FormAlert message={errors.root?.server?.message} />
              <Typography variant="body2">{t('twoFactor.setup.scan')}</Typography>
              {start.isPending && <LoadingIndicator sx={{ alignSelf: 'center' }} />}
              {enrolment && (
                <>
                  <Box
                    component="img"
                    src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrCodeSvg)}`}
                    alt={t('twoFactor.setup.qrAlt')}
                    sx={{ width: 200, height: 200, alignSelf: 'center', bgcolor: '#fff' }}
                  />
                  <Typography variant="body2">{t('twoFactor.setup.manual')}</Typography>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography
                      component="code"
                      sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all' }}
                    >
                      {grouped(enrolment.secret)}
                    </Typography>
                    <IconButton
                      aria-label={t('twoFactor.setup.copySecret')}
                      onClick={() => void handleCopySecret(enrolment.secret)}
                    >
                      <ContentCopy fontSize="small" />
                    </IconButton>
                  </Stack>
                  <FormTextField
                    control={control}
                    name="code"
                    label={t('twoFactor.setup.codeLabel')}
                    autoComplete="one-time-code"
                    slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' } }}
                  />
                </>
              )}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} disabled={busy}>
              {t('twoFactor.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={!enrolment} loading={busy}>
              {t('twoFactor.setup.submit')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
