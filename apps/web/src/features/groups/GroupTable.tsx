import { useState } from 'react';
import Box from '@mui/material/Box';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import Typography from '@mui/material/Typography';
import type { Group } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';
import { EntityName, TypedEntityTable, type TypedEntityColumn } from '../typed-entities/TypedEntityTable.tsx';
import type { TypedEntityTableProps } from '../typed-entities/typed-entity-kind.ts';
import { groupEntity } from './group-entity.ts';
import { hasCapability, useCurrentUser } from '../../auth/current-user.tsx';
import { IconAction } from '../users/IconAction.tsx';
import { GroupMembersDialog } from './GroupMembersDialog.tsx';

const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function GroupTable({ rows, typeName, showType, onEdit, onDelete }: TypedEntityTableProps<Group>) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [membersOf, setMembersOf] = useState<Group | null>(null);
  // Who holds a role in the group (and until when) is for those who manage groups.
  const membersColumn: TypedEntityColumn<Group> = {
    id: 'members',
    header: t('groups.members.column'),
    cell: (group) => (
      <IconAction label={t('groups.members.open', { name: group.name })} onClick={() => setMembersOf(group)}>
        <PeopleOutlined />
      </IconAction>
    ),
  };
  const canManage = hasCapability(user, 'groups.manage');
  const typeColumn: TypedEntityColumn<Group> = {
    id: 'type',
    header: t('groups.type'),
    cell: (group) => typeName(group.groupType.name),
    sx: wideOnly,
  };
  const parentColumn: TypedEntityColumn<Group> = {
    id: 'parent',
    header: t('groups.parent'),
    cell: (group) =>
      group.parent?.name ?? (
        <Typography variant="body2" color="text.disabled" component="span">
          —
        </Typography>
      ),
    sx: wideOnly,
  };
  const columns = showType ? [typeColumn, parentColumn] : [parentColumn];
  return (
    <>
      <TypedEntityTable
        kind={groupEntity}
        rows={rows}
        columns={canManage ? [...columns, membersColumn] : columns}
        nameCell={(group) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
            <Box
              aria-hidden
              title={group.color}
              sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: group.color, flexShrink: 0 }}
            />
            <Box sx={{ minWidth: 0 }}>
              <EntityName name={group.name} />
              {/* Narrow screens show type and parent under the name instead of in columns. */}
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: { xs: 'block', sm: 'none' } }}
              >
                {[showType ? typeName(group.groupType.name) : null, group.parent?.name]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Box>
          </Box>
        )}
        onEdit={onEdit}
        onDelete={onDelete}
      />
      {membersOf && <GroupMembersDialog group={membersOf} onClose={() => setMembersOf(null)} />}
    </>
  );
}
