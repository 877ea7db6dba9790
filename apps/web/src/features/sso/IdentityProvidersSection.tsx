import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { SsoIdentityProvider } from '@fleetgate/contracts';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog.tsx';
import { useNotify } from '../../components/notify.tsx';
import { useConfirmedDelete } from '../../components/use-confirmed-delete.ts';
import { IdentityProviderCard } from './IdentityProviderCard.tsx';
import { IdentityProviderDialog } from './IdentityProviderDialog.tsx';
import { createInputOf, patchOf, type IdentityProviderFormValues } from './identity-provider-form.ts';
import {
  useCreateIdentityProvider,
  useDeleteIdentityProvider,
  useIdentityProviders,
  useSsoCallbackUrl,
  useUpdateIdentityProvider,
} from './use-identity-providers.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

type DialogState = { mode: 'add' } | { mode: 'edit'; provider: SsoIdentityProvider } | null;

const noticeMs = 3000;

/**
 * The company's OpenID Connect identity providers: list, add, edit, delete. A section of its own
 * on the company's sign-in security page, under the rule that requires single sign-on.
 */
export function IdentityProvidersSection() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const providers = useIdentityProviders();
  const createProvider = useCreateIdentityProvider();
  const updateProvider = useUpdateIdentityProvider();
  const deleteProvider = useDeleteIdentityProvider();
  const callbackUrl = useSsoCallbackUrl();
  const [dialog, setDialog] = useState<DialogState>(null);
  const deletion = useConfirmedDelete<SsoIdentityProvider>(deleteProvider, t('sso.deleted'));
  const shown = [...(providers.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  const handleSubmit = async (values: IdentityProviderFormValues) => {
    if (dialog?.mode === 'edit') {
      await updateProvider.mutateAsync({ publicId: dialog.provider.publicId, changes: patchOf(values) });
      notify(t('sso.saved'), { durationMs: noticeMs });
    } else {
      await createProvider.mutateAsync(createInputOf(values));
      notify(t('sso.created'), { durationMs: noticeMs });
    }
    setDialog(null);
  };

  return (
    <Stack component="section" spacing={2} aria-labelledby="identity-providers-heading">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
          <Typography id="identity-providers-heading" variant="h6" component="h2">
            {t('sso.sectionTitle')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {t('sso.sectionSubtitle')}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ mode: 'add' })}>
          {t('sso.add')}
        </Button>
      </Box>
      {callbackUrl && (
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {t('sso.callbackHint', { url: callbackUrl })}
        </Typography>
      )}
      {providers.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <LoadingIndicator />
        </Box>
      )}
      {providers.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void providers.refetch()}>
              {t('sso.retry')}
            </Button>
          }
        >
          {t('sso.loadFailed')}
        </Alert>
      )}
      {providers.isSuccess && shown.length === 0 && (
        <Typography sx={{ color: 'text.secondary', py: 2 }}>{t('sso.empty')}</Typography>
      )}
      {shown.map((provider) => (
        <IdentityProviderCard
          key={provider.publicId}
          provider={provider}
          onEdit={(p) => setDialog({ mode: 'edit', provider: p })}
          onDelete={deletion.ask}
        />
      ))}
      {dialog && (
        <IdentityProviderDialog
          key={dialog.mode === 'edit' ? dialog.provider.publicId : 'new'}
          provider={dialog.mode === 'edit' ? dialog.provider : undefined}
          onSubmit={handleSubmit}
          onClose={() => setDialog(null)}
        />
      )}
      {deletion.deleting && (
        <ConfirmDeleteDialog
          {...deletion.dialog}
          title={t('sso.deleteDialog.title')}
          body={t('sso.deleteDialog.body', { name: deletion.deleting.name })}
          confirmLabel={t('sso.deleteDialog.confirm')}
          cancelLabel={t('sso.deleteDialog.cancel')}
        />
      )}
    </Stack>
  );
}
