import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { limits } from '@fleetgate/contracts';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { PasswordField } from '../../components/form/PasswordField.tsx';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
import { emailAddressSchema } from '../../components/form/field-schemas.ts';
import { useChangeEmailAddress } from './use-account.ts';

type EmailChangeValues = { emailAddress: string; password: string };

/**
 * Asks for the new address and the password. The answer is the same whether or not the
 * address can be used, so the dialog always ends on "check your inbox".
 */
export function EmailChangeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangeEmailAddress();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z.object({
        emailAddress: emailAddressSchema(t),
        password: z.string().min(1, t('form.required')).max(limits.passwordMaxLength),
      }),
    [t],
  );
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { emailAddress: '', password: '' } });

  const handleValid = async (values: EmailChangeValues) => {
    try {
      await change.mutateAsync(values);
      setSentTo(values.emailAddress);
    } catch (error) {
      applyApiErrors(error, setError, t, { fields: ['emailAddress', 'password'] });
    }
  };

  if (sentTo !== null)
    return (
      <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="email-sent-title">
        <DialogTitle id="email-sent-title">{t('profileAccount.emailChange.sentTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText role="status">
            {t('profileAccount.emailChange.sent', { email: sentTo })}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={onClose} autoFocus>
            {t('profileAccount.emailChange.close')}
          </Button>
        </DialogActions>
      </Dialog>
    );

  return (
    <FormDialog
      titleId="email-change-title"
      title={t('profileAccount.emailChange.title')}
      cancelLabel={t('profileAccount.emailChange.cancel')}
      submitLabel={t('profileAccount.emailChange.submit')}
      serverError={errors.root?.server?.message}
      busy={isSubmitting}
      canSubmit={!isSubmitting}
      onSubmit={handleSubmit(handleValid)}
      onClose={onClose}
    >
      <DialogContentText>{t('profileAccount.emailChange.intro')}</DialogContentText>
      <FormTextField
        control={control}
        name="emailAddress"
        label={t('profileAccount.emailChange.newAddress')}
        type="email"
        autoComplete="email"
        autoFocus
      />
      <PasswordField
        control={control}
        name="password"
        label={t('profileAccount.emailChange.password')}
        autoComplete="current-password"
      />
    </FormDialog>
  );
}
