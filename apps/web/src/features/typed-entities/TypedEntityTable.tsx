import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Edit from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import type { TypedEntity, TypedEntityKind } from './typed-entity-kind.ts';

/** A column between the name and the actions. */
export type TypedEntityColumn<E> = {
  id: string;
  header: string;
  cell: (entity: E) => ReactNode;
  sx?: SxProps<Theme>;
};

type TypedEntityTableProps<E> = {
  kind: TypedEntityKind;
  rows: E[];
  /** What the name cell shows. */
  nameCell: (entity: E) => ReactNode;
  columns: TypedEntityColumn<E>[];
  onEdit: (entity: E) => void;
  onDelete: (entity: E) => void;
};

/** The table of groups or assets: the name, the feature's columns, and edit and delete buttons. */
export function TypedEntityTable<E extends TypedEntity>({
  kind,
  rows,
  nameCell,
  columns,
  onEdit,
  onDelete,
}: TypedEntityTableProps<E>) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t(`${kind.texts}.title`)}>
        <TableHead>
          <TableRow>
            <TableCell>{t(`${kind.texts}.name`)}</TableCell>
            {columns.map((column) => (
              <TableCell key={column.id} sx={column.sx}>
                {column.header}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ width: 96 }}>
              {t(`${kind.texts}.actions`)}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((entity) => (
            <TableRow key={entity.publicId} hover>
              <TableCell>{nameCell(entity)}</TableCell>
              {columns.map((column) => (
                <TableCell key={column.id} sx={column.sx}>
                  {column.cell(entity)}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton
                  size="small"
                  aria-label={t(`${kind.texts}.edit`, { name: entity.name })}
                  onClick={() => onEdit(entity)}
                >
                  <Edit fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t(`${kind.texts}.delete`, { name: entity.name })}
                  onClick={() => onDelete(entity)}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The name as the first column shows it. */
export function EntityName({ name }: { name: string }) {
  return (
    <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
      {name}
    </Typography>
  );
}
