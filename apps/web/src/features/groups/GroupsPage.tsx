import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import type { Group } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { hasCapability, useCurrentUser } from '../../auth/current-user.tsx';
import { useShellSearch } from '../../components/shell/use-shell-search.ts';
import { useNotify } from '../../components/notify.tsx';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog.tsx';
import { ListPageHeader } from '../ordered-types/ListPageHeader.tsx';
import { describeTypeError } from '../ordered-types/type-errors.ts';
import { useTypeName } from '../ordered-types/type-name.ts';
import { useOrderedTypes } from '../ordered-types/use-ordered-types.ts';
import { GroupDialog } from './GroupDialog.tsx';
import { GroupTable } from './GroupTable.tsx';
import { groupTypeKind } from './group-type-kind.ts';
import { useAllGroups, useGroups, useRemoveGroup, useSaveGroup, type GroupInput } from './use-groups.ts';

type Dialog = { name: 'add' } | { name: 'edit'; group: Group } | { name: 'delete'; group: Group };

/** `/groups` and `/groups/type/{publicId}`: the company's groups, all or of one type. */
export function GroupsPage() {
  const { t } = useTranslation();
  const { publicId: typeId } = useParams();
  const user = useCurrentUser();
  const search = useShellSearch();
  const typeName = useTypeName();
  const { notify } = useNotify();
  const types = useOrderedTypes(groupTypeKind);
  const groups = useGroups(typeId, search);
  const save = useSaveGroup();
  const remove = useRemoveGroup();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const canManageSubgroups = hasCapability(user, 'subgroups.manage');
  const allGroups = useAllGroups(canManageSubgroups && (dialog?.name === 'add' || dialog?.name === 'edit'));

  const typeList = types.data ?? [];
  const type = typeId ? typeList.find((item) => item.publicId === typeId) : undefined;
  const rows = groups.data?.pages.flatMap((page) => page.data) ?? [];
  const noTypes = types.isSuccess && typeList.length === 0;

  const handleClose = () => setDialog(null);
  const handleSave = (group: Group | undefined) => async (input: GroupInput) => {
    await save.mutateAsync({ publicId: group?.publicId, input });
    setDialog(null);
  };
  const handleDelete = (group: Group) => {
    remove.mutate(group.publicId, {
      onSuccess: () => notify(t('groups.deleted', { name: group.name }), { durationMs: 3000 }),
      onError: (error) => notify(describeTypeError(t, error), { durationMs: 3000 }),
      onSettled: () => setDialog(null),
    });
  };

  const title = type ? typeName(type.name) : t('groups.title');
  const subtitle = type ? t('groups.typeSubtitle', { type: title }) : t('groups.subtitle');
  const emptyText = search ? t('groups.emptySearch', { search }) : t('groups.empty');

  return (
    <Box>
      <ListPageHeader
        title={title}
        subtitle={subtitle}
        color={type?.color}
        action={
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setDialog({ name: 'add' })}
            disabled={!types.isSuccess || noTypes}
          >
            {t('groups.add')}
          </Button>
        }
      />
      {noTypes && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('groups.noTypes')}
        </Alert>
      )}
      {typeId && types.isSuccess && !type && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('groups.unknownType')}
        </Alert>
      )}
      {groups.isPending && <LinearProgress sx={{ mb: 2 }} />}
      {groups.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {describeTypeError(t, groups.error)}
        </Alert>
      )}
      {groups.isSuccess && rows.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">{emptyText}</Typography>
        </Paper>
      )}
      {rows.length > 0 && (
        <GroupTable
          groups={rows}
          typeName={typeName}
          showType={!typeId}
          onEdit={(group) => setDialog({ name: 'edit', group })}
          onDelete={(group) => setDialog({ name: 'delete', group })}
        />
      )}
      {groups.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button onClick={() => void groups.fetchNextPage()} loading={groups.isFetchingNextPage}>
            {t('groups.loadMore')}
          </Button>
        </Box>
      )}
      {(dialog?.name === 'add' || dialog?.name === 'edit') && (
        <GroupDialog
          group={dialog.name === 'edit' ? dialog.group : undefined}
          types={typeList}
          typeName={typeName}
          defaultTypeId={type?.publicId}
          groups={canManageSubgroups ? (allGroups.data ?? []) : undefined}
          onSubmit={handleSave(dialog.name === 'edit' ? dialog.group : undefined)}
          onClose={handleClose}
        />
      )}
      {dialog?.name === 'delete' && (
        <ConfirmDeleteDialog
          title={t('groups.deleteTitle', { name: dialog.group.name })}
          body={t('groups.types.deleteBody')}
          confirmLabel={t('groups.types.delete')}
          cancelLabel={t('groups.types.cancel')}
          busy={remove.isPending}
          onConfirm={() => handleDelete(dialog.group)}
          onClose={handleClose}
        />
      )}
    </Box>
  );
}
