import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useTranslation } from 'react-i18next';
import { audienceErrorMessages, type Audience } from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import { useNotify } from '../../components/notify.tsx';
import { useClosable } from '../users/use-closable.ts';
import { ConfirmDialog } from '../users/ConfirmDialog.tsx';
import { LoadFailed } from '../users/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { firstErrorMessage } from '../users/user-error-text.ts';
import { AudienceDialog } from './AudienceDialog.tsx';
import { AudienceList } from './AudienceList.tsx';
import {
  useAudiences,
  useCreateAudience,
  useDeleteAudience,
  useSetDefaultAudience,
  useUpdateAudience,
  type AudienceValues,
} from './use-audiences.ts';
import { LoadingBar } from '../../components/LoadingBar.tsx';

/** Removal and set-default failures show for 4 s. */
const failureNoticeMs = 4000;

export function AccessCategoriesPage() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const audiences = useAudiences();
  const createAudience = useCreateAudience();
  const updateAudience = useUpdateAudience();
  const deleteAudience = useDeleteAudience();
  const setDefault = useSetDefaultAudience();
  const editing = useClosable<{ audience: Audience | null }>();
  // A new key per opening gives the dialog a fresh form, while closing keeps its transition.
  const [dialogKey, setDialogKey] = useState(0);
  const deleting = useClosable<Audience>();

  const openDialog = (audience: Audience | null) => {
    setDialogKey((key) => key + 1);
    editing.show({ audience });
  };

  const handleSubmit = async (values: AudienceValues) => {
    const audience = editing.value?.audience;
    if (audience) {
      await updateAudience.mutateAsync({ publicId: audience.publicId, ...values });
      notify(t('accessCategories.saved', { name: values.name }), { durationMs: 3000 });
    } else {
      await createAudience.mutateAsync(values);
      notify(t('accessCategories.created', { name: values.name }), { durationMs: 3000 });
    }
    editing.close();
  };

  const handleToggleDefault = (audience: Audience) => {
    const isDefault = !audience.default;
    setDefault.mutate(
      { publicId: audience.publicId, isDefault },
      {
        onSuccess: () =>
          notify(
            t(isDefault ? 'accessCategories.defaultSet' : 'accessCategories.defaultUnset', {
              name: audience.name,
            }),
            {
              durationMs: 3000,
            },
          ),
        onError: (error) => notify(firstErrorMessage(t, error), { durationMs: failureNoticeMs }),
      },
    );
  };

  const handleDelete = () => {
    const audience = deleting.value;
    if (!audience) return;
    deleteAudience.mutate(audience.publicId, {
      onSuccess: () => notify(t('accessCategories.deleted', { name: audience.name }), { durationMs: 3000 }),
      onError: (error) => {
        const inUse = error instanceof ApiError && error.errors[0]?.message === audienceErrorMessages.inUse;
        notify(inUse ? t('accessCategories.inUse') : firstErrorMessage(t, error), {
          durationMs: failureNoticeMs,
        });
      },
      onSettled: deleting.close,
    });
  };

  const busy = new Set<string>();
  if (setDefault.isPending && setDefault.variables) busy.add(setDefault.variables.publicId);
  if (deleteAudience.isPending && deleteAudience.variables) busy.add(deleteAudience.variables);

  return (
    <>
      <PageHeader
        gutterBottom
        title={t('accessCategories.title')}
        subtitle={t('accessCategories.subtitle')}
        action={
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => openDialog(null)}
            sx={{ flexShrink: 0 }}
          >
            {t('accessCategories.add')}
          </Button>
        }
      />
      <Card component="section" aria-label={t('accessCategories.title')}>
        {audiences.isPending && <LoadingBar />}
        {audiences.isError && (
          <Stack sx={{ p: 2 }}>
            <LoadFailed
              message={t('accessCategories.loadFailed')}
              retryLabel={t('accessCategories.retry')}
              onRetry={() => void audiences.refetch()}
            />
          </Stack>
        )}
        {audiences.data && (
          <AudienceList
            audiences={audiences.data}
            busyPublicIds={busy}
            onToggleDefault={handleToggleDefault}
            onEdit={openDialog}
            onDelete={deleting.show}
          />
        )}
      </Card>
      <AudienceDialog
        key={dialogKey}
        open={editing.open}
        audience={editing.value?.audience ?? null}
        onSubmit={handleSubmit}
        onClose={editing.close}
      />
      <ConfirmDialog
        open={deleting.open}
        title={t('accessCategories.deleteTitle', { name: deleting.value?.name ?? '' })}
        text={t('accessCategories.deleteText')}
        confirmLabel={t('accessCategories.deleteConfirm')}
        cancelLabel={t('accessCategories.cancel')}
        busy={deleteAudience.isPending}
        onConfirm={handleDelete}
        onClose={deleting.close}
      />
    </>
  );
}
