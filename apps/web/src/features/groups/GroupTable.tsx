import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Group } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';
import { EntityName, TypedEntityTable, type TypedEntityColumn } from '../typed-entities/TypedEntityTable.tsx';
import type { TypedEntityTableProps } from '../typed-entities/typed-entity-kind.ts';
import { groupEntity } from './group-entity.ts';

const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function GroupTable({ rows, typeName, showType, onEdit, onDelete }: TypedEntityTableProps<Group>) {
  const { t } = useTranslation();
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
  return (
    <TypedEntityTable
      kind={groupEntity}
      rows={rows}
      columns={showType ? [typeColumn, parentColumn] : [parentColumn]}
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
  );
}
