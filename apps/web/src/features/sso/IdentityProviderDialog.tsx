import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SsoIdentityProvider } from '@fleetgate/contracts';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { useDialogForm } from '../../components/form/use-dialog-form.ts';
import {
  formValuesOf,
  identityProviderFormSchema,
  type IdentityProviderFormValues,
} from './identity-provider-form.ts';

type IdentityProviderDialogProps = {
  /** The provider to edit; a new one is added without it. */
  provider?: SsoIdentityProvider | undefined;
  /** Rejects with the ApiError of a failed attempt. */
  onSubmit: (values: IdentityProviderFormValues) => Promise<void>;
  onClose: () => void;
};

const formFields = ['name', 'issuerUrl', 'clientId', 'clientSecret', 'allowedDomains', 'logoUrl'] as const;
const noAutoCorrect = { htmlInput: { spellCheck: false, autoCapitalize: 'off' } };

export function IdentityProviderDialog({ provider, onSubmit, onClose }: IdentityProviderDialogProps) {
  const { t } = useTranslation();
  const editing = provider !== undefined;
  const schema = useMemo(() => identityProviderFormSchema(t, editing), [t, editing]);
  const { form, frame } = useDialogForm<IdentityProviderFormValues>({
    schema,
    defaultValues: formValuesOf(provider),
    errorFields: formFields,
    onSubmit,
  });
  const { control } = form;

  return (
    <FormDialog
      {...frame}
      titleId="identity-provider-dialog-title"
      title={t(editing ? 'sso.dialog.editTitle' : 'sso.dialog.addTitle')}
      cancelLabel={t('sso.dialog.cancel')}
      submitLabel={t(editing ? 'sso.dialog.save' : 'sso.dialog.create')}
      onClose={onClose}
    >
      <FormTextField
        control={control}
        name="name"
        label={t('sso.dialog.name')}
        helperText={t('sso.dialog.nameHint')}
        required
        autoFocus
      />
      <FormTextField
        control={control}
        name="issuerUrl"
        label={t('sso.dialog.issuerUrl')}
        helperText={t('sso.dialog.issuerUrlHint')}
        placeholder="https://login.example.com/tenant"
        required
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', inputMode: 'url' } }}
      />
      <FormTextField
        control={control}
        name="clientId"
        label={t('sso.dialog.clientId')}
        required
        slotProps={noAutoCorrect}
      />
      <FormTextField
        control={control}
        name="clientSecret"
        type="password"
        label={t('sso.dialog.clientSecret')}
        required={!editing}
        autoComplete="new-password"
        placeholder={editing ? t('sso.dialog.clientSecretPlaceholder') : undefined}
        helperText={editing ? t('sso.dialog.clientSecretUnchanged') : undefined}
        slotProps={editing ? { inputLabel: { shrink: true } } : {}}
      />
      <FormTextField
        control={control}
        name="allowedDomains"
        label={t('sso.dialog.allowedDomains')}
        helperText={t('sso.dialog.allowedDomainsHint')}
        required
        multiline
        minRows={2}
        slotProps={noAutoCorrect}
      />
      <FormTextField
        control={control}
        name="logoUrl"
        label={t('sso.dialog.logoUrl')}
        helperText={t('sso.dialog.logoUrlHint')}
        placeholder="https://cdn.example.com/logo.svg"
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', inputMode: 'url' } }}
      />
    </FormDialog>
  );
}
