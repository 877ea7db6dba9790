import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useTranslation } from 'react-i18next';
import type { Role } from '@fleetgate/contracts';
import { useNotify } from '../../components/notify.tsx';
import { useClosable } from '../users/use-closable.ts';
import { ConfirmDialog } from '../users/ConfirmDialog.tsx';
import { LoadFailed } from '../users/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { firstErrorMessage } from '../users/user-error-text.ts';
import { RoleEditorDialog } from './RoleEditorDialog.tsx';
import { RoleList } from './RoleList.tsx';
import { useCreateRole, useDeleteRole, useRoles, useUpdateRole, type RoleValues } from './use-roles.ts';
import { LoadingBar } from '../../components/LoadingBar.tsx';

const noticeMs = 4000;

type Editing = { role: Role | null };

export function RolesPage() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const roles = useRoles();
  const createRole = useCreateRole();
  const updateRole = useUpdateRole();
  const deleteRole = useDeleteRole();
  const editing = useClosable<Editing>();
  // A new key per opening gives the editor a fresh form, while closing keeps its transition.
  const [editorKey, setEditorKey] = useState(0);

  const openEditor = (role: Role | null) => {
    setEditorKey((key) => key + 1);
    editing.show({ role });
  };
  const deleting = useClosable<Role>();

  const handleSubmit = async (values: RoleValues) => {
    const role = editing.value?.role;
    if (role) {
      await updateRole.mutateAsync({ publicId: role.publicId, ...values });
      notify(t('roles.saved', { name: values.name }), { durationMs: 3000 });
    } else {
      await createRole.mutateAsync(values);
      notify(t('roles.created', { name: values.name }), { durationMs: 3000 });
    }
    editing.close();
  };

  const handleDelete = () => {
    const role = deleting.value;
    if (!role) return;
    deleteRole.mutate(role.publicId, {
      onSuccess: () => notify(t('roles.deleted', { name: role.name }), { durationMs: 3000 }),
      onError: (error) => notify(firstErrorMessage(t, error), { durationMs: noticeMs }),
      onSettled: deleting.close,
    });
  };

  return (
    <>
      <PageHeader
        gutterBottom
        title={t('roles.title')}
        subtitle={t('roles.subtitle')}
        action={
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => openEditor(null)}
            sx={{ flexShrink: 0 }}
          >
            {t('roles.add')}
          </Button>
        }
      />
      <Card component="section" aria-label={t('roles.title')}>
        {roles.isPending && <LoadingBar />}
        {roles.isError && (
          <Stack sx={{ p: 2 }}>
            <LoadFailed
              message={t('roles.loadFailed')}
              retryLabel={t('roles.retry')}
              onRetry={() => void roles.refetch()}
            />
          </Stack>
        )}
        {roles.data && (
          <RoleList
            roles={roles.data}
            busyPublicIds={
              new Set(deleteRole.isPending && deleteRole.variables ? [deleteRole.variables] : [])
            }
            onEdit={openEditor}
            onDelete={deleting.show}
          />
        )}
      </Card>
      <RoleEditorDialog
        key={editorKey}
        open={editing.open}
        role={editing.value?.role ?? null}
        onSubmit={handleSubmit}
        onClose={editing.close}
      />
      <ConfirmDialog
        open={deleting.open}
        title={t('roles.deleteTitle', { name: deleting.value?.name ?? '' })}
        text={t('roles.deleteText')}
        confirmLabel={t('roles.deleteConfirm')}
        cancelLabel={t('roles.cancel')}
        busy={deleteRole.isPending}
        onConfirm={handleDelete}
        onClose={deleting.close}
      />
    </>
  );
}
