import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { recoveryCodePattern, totpCodePattern, type TotpChangeInput } from '@fleetgate/contracts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { PasswordField } from '../../components/form/PasswordField.tsx';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
import { RecoveryCodesView } from './RecoveryCodesView.tsx';
import { useRegenerateRecoveryCodes, useTurnTotpOff } from './use-two-factor.ts';

type TotpChangeDialogProps = { change: 'regenerate' | 'turnOff'; onClose: () => void };

/**
 * New recovery codes or turning TOTP off: both ask for the password and a code (TOTP or
 * recovery), so a session left open is not enough. New codes are then shown once.
 */
export function TotpChangeDialog({ change, onClose }: TotpChangeDialogProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const regenerate = useRegenerateRecoveryCodes();
  const turnOff = useTurnTotpOff();
  const [codes, setCodes] = useState<string[] | null>(null);
  const schema = useMemo(
    () =>
      z.object({
        password: z.string().min(1, t('form.required')),
        code: z
          .string()
          .trim()
          .refine(
            (code) => totpCodePattern.test(code) || recoveryCodePattern.test(code),
            t('twoFactor.codeInvalid'),
          ),
      }),
    [t],
  );
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TotpChangeInput>({ resolver: zodResolver(schema), defaultValues: { password: '', code: '' } });

  const handleSave = handleSubmit(async (input) => {
    try {
      if (change === 'regenerate') setCodes((await regenerate.mutateAsync(input)).recoveryCodes);
      else {
        await turnOff.mutateAsync(input);
        onClose();
      }
    } catch (error) {
      applyApiErrors(error, setError, t, { fields: ['password', 'code'] });
    }
  });

  const texts = change === 'regenerate' ? 'twoFactor.regenerate' : 'twoFactor.turnOff';
  return (
    <Dialog
      open
      onClose={isSubmitting || codes ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="totp-change-title"
    >
      <DialogTitle id="totp-change-title">
        {codes ? t('twoFactor.codes.title') : t(`${texts}.title`)}
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
        <form noValidate onSubmit={handleSave}>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormAlert message={errors.root?.server?.message} />
              <Typography variant="body2">{t(`${texts}.hint`)}</Typography>
              <PasswordField
                control={control}
                name="password"
                label={t('twoFactor.password')}
                autoComplete="current-password"
              />
              <FormTextField
                control={control}
                name="code"
                label={t('twoFactor.code')}
                helperText={t('twoFactor.codeHelp')}
                autoComplete="one-time-code"
                slotProps={{ htmlInput: { maxLength: 11, spellCheck: false, autoCapitalize: 'none' } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} disabled={isSubmitting}>
              {t('twoFactor.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              color={change === 'turnOff' ? 'error' : 'primary'}
              loading={isSubmitting}
            >
              {t(`${texts}.submit`)}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
