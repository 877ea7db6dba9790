import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { nameSchema } from '../../components/form/field-schemas.ts';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { useDialogForm } from '../../components/form/use-dialog-form.ts';

type NameValues = { name: string };

type PasskeyNameDialogProps = {
  /** The passkey's current name. */
  name: string;
  /** Rejects with the ApiError of a failed attempt. */
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
};

/** Renames a passkey (a new one is named in PasskeyAddDialog). */
export function PasskeyNameDialog({ name, onSubmit, onClose }: PasskeyNameDialogProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => z.object({ name: nameSchema(t) }), [t]);
  const { form, frame } = useDialogForm<NameValues>({
    schema,
    defaultValues: { name },
    errorFields: ['name'],
    onSubmit: (values) => onSubmit(values.name),
  });

  return (
    <FormDialog
      {...frame}
      titleId="passkey-dialog-title"
      title={t('passkeys.dialog.renameTitle')}
      cancelLabel={t('passkeys.dialog.cancel')}
      submitLabel={t('passkeys.dialog.save')}
      onClose={onClose}
    >
      <FormTextField control={form.control} name="name" label={t('passkeys.name')} required autoFocus />
    </FormDialog>
  );
}
