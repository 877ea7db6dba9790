import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError, ApiError } from '../../api/api-error.ts';
import { passkeyErrorText } from '../../auth/passkey-errors.ts';
import { nameSchema } from '../../components/form/field-schemas.ts';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { useDialogForm } from '../../components/form/use-dialog-form.ts';
import {
  ConfirmationFields,
  confirmationOf,
  confirmationSchema,
  useCodeAsked,
  type ConfirmationValues,
} from './PasskeyConfirmationFields.tsx';
import { useAddPasskey } from './use-passkeys.ts';

type AddValues = { name: string } & ConfirmationValues;

type PasskeyAddDialogProps = {
  onAdded: () => void;
  onClose: () => void;
};

/**
 * Adds a passkey: its name and the password (and a code while TOTP is on), then the browser
 * creates it. A wrong password or code keeps the browser's answer for the next try.
 */
export function PasskeyAddDialog({ onAdded, onClose }: PasskeyAddDialogProps) {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const { showCode, noticeError } = useCodeAsked();
  const schema = useMemo(
    () => z.object({ name: nameSchema(t), ...confirmationSchema(t, showCode) }),
    [t, showCode],
  );
  const { form, frame } = useDialogForm<AddValues>({
    schema,
    defaultValues: { name: '', password: '', code: '' },
    errorFields: ['name', 'password', 'code'],
    // A cancelled or refused browser prompt is said in words, in the form's alert.
    localizeError: (error, tr) =>
      isApiError(error) ? error : new ApiError(400, [{ message: passkeyErrorText(tr, error) }]),
    onSubmit: async (values) => {
      try {
        await add.mutateAsync({ name: values.name, ...confirmationOf(values, showCode) });
      } catch (error) {
        noticeError(error);
        throw error;
      }
      onAdded();
    },
  });

  return (
    <FormDialog
      {...frame}
      titleId="passkey-dialog-title"
      title={t('passkeys.dialog.addTitle')}
      cancelLabel={t('passkeys.dialog.cancel')}
      submitLabel={t('passkeys.dialog.continue')}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary">
        {t(showCode ? 'passkeys.dialog.addHintWithCode' : 'passkeys.dialog.addHint')}
      </Typography>
      <FormTextField control={form.control} name="name" label={t('passkeys.name')} required autoFocus />
      <ConfirmationFields control={form.control} showCode={showCode} />
    </FormDialog>
  );
}
