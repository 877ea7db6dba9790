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

type NameValues = { name: string };

type PasskeyNameDialogProps = {
  /** The passkey's current name when renaming; a new passkey is added without it. */
  name?: string;
  /** Rejects with the ApiError (or the browser's WebAuthn error) of a failed attempt. */
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
};

/** Asks for a passkey's name: before the browser creates a new one, or to rename one. */
export function PasskeyNameDialog({ name, onSubmit, onClose }: PasskeyNameDialogProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => z.object({ name: nameSchema(t) }), [t]);
  const adding = name === undefined;
  const { form, frame } = useDialogForm<NameValues>({
    schema,
    defaultValues: { name: name ?? '' },
    errorFields: ['name'],
    // A cancelled or refused browser prompt is said in words, in the form's alert.
    localizeError: (error, tr) =>
      isApiError(error) ? error : new ApiError(400, [{ message: passkeyErrorText(tr, error) }]),
    onSubmit: (values) => onSubmit(values.name),
  });

  return (
    <FormDialog
      {...frame}
      titleId="passkey-dialog-title"
      title={t(adding ? 'passkeys.dialog.addTitle' : 'passkeys.dialog.renameTitle')}
      cancelLabel={t('passkeys.dialog.cancel')}
      submitLabel={t(adding ? 'passkeys.dialog.continue' : 'passkeys.dialog.save')}
      onClose={onClose}
    >
      {adding && (
        <Typography variant="body2" color="text.secondary">
          {t('passkeys.dialog.addHint')}
        </Typography>
      )}
      <FormTextField control={form.control} name="name" label={t('passkeys.name')} required autoFocus />
    </FormDialog>
  );
}
