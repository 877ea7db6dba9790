import { useMemo } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Passkey } from '@fleetgate/contracts';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { useDialogForm } from '../../components/form/use-dialog-form.ts';
import {
  ConfirmationFields,
  confirmationOf,
  confirmationSchema,
  useCodeAsked,
  type ConfirmationValues,
} from './PasskeyConfirmationFields.tsx';
import { useRemovePasskey } from './use-passkeys.ts';

type PasskeyRemoveDialogProps = {
  passkey: Passkey;
  onRemoved: () => void;
  onClose: () => void;
};

/** Asks before removing a passkey, with the password (and a code while TOTP is on). */
export function PasskeyRemoveDialog({ passkey, onRemoved, onClose }: PasskeyRemoveDialogProps) {
  const { t } = useTranslation();
  const remove = useRemovePasskey();
  const { showCode, noticeError } = useCodeAsked();
  const schema = useMemo(() => z.object(confirmationSchema(t, showCode)), [t, showCode]);
  const { form, frame } = useDialogForm<ConfirmationValues>({
    schema,
    defaultValues: { password: '', code: '' },
    errorFields: ['password', 'code'],
    onSubmit: async (values) => {
      try {
        await remove.mutateAsync({ publicId: passkey.publicId, ...confirmationOf(values, showCode) });
      } catch (error) {
        noticeError(error);
        throw error;
      }
      onRemoved();
    },
  });

  return (
    <FormDialog
      {...frame}
      titleId="passkey-remove-title"
      title={t('passkeys.removeTitle', { name: passkey.name })}
      cancelLabel={t('passkeys.dialog.cancel')}
      submitLabel={t('passkeys.remove')}
      onClose={onClose}
    >
      {/* Names without spaces would otherwise run out of the dialog. */}
      <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
        {t('passkeys.removeBody')}{' '}
        {t(showCode ? 'passkeys.confirm.withCode' : 'passkeys.confirm.withPassword')}
      </DialogContentText>
      <ConfirmationFields control={form.control} showCode={showCode} autoFocus />
    </FormDialog>
  );
}
