import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { describeTypeError } from '../ordered-types/type-errors.ts';
import type { TypedEntityKind } from './typed-entity-kind.ts';
import { LoadingBar } from '../../components/LoadingBar.tsx';

/** The state of the list query, as far as the page shows it. */
export type TypedEntityListState = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isSuccess: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
};

type TypedEntitiesViewProps = {
  kind: TypedEntityKind;
  title: string;
  subtitle: string;
  color: string | undefined;
  /** Adding waits for the types: every one needs a type. */
  canAdd: boolean;
  noTypes: boolean;
  unknownType: boolean;
  list: TypedEntityListState;
  rowCount: number;
  emptyText: string;
  table: ReactNode;
  /** The open dialog, if any. */
  dialog: ReactNode;
  onAdd: () => void;
  onLoadMore: () => void;
};

/** A list page of groups or assets: header, notices, the table, paging and the open dialog. */
export function TypedEntitiesView({
  kind,
  title,
  subtitle,
  color,
  canAdd,
  noTypes,
  unknownType,
  list,
  rowCount,
  emptyText,
  table,
  dialog,
  onAdd,
  onLoadMore,
}: TypedEntitiesViewProps) {
  const { t } = useTranslation();
  return (
    <Box>
      <PageHeader
        gutterBottom
        title={title}
        subtitle={subtitle}
        leading={
          color && <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: color }} />
        }
        action={
          <Button variant="contained" startIcon={<Add />} onClick={onAdd} disabled={!canAdd}>
            {t(`${kind.texts}.add`)}
          </Button>
        }
      />
      {noTypes && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t(`${kind.texts}.noTypes`)}
        </Alert>
      )}
      {unknownType && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t(`${kind.texts}.unknownType`)}
        </Alert>
      )}
      {list.isPending && <LoadingBar sx={{ mb: 2 }} />}
      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {describeTypeError(t, list.error)}
        </Alert>
      )}
      {list.isSuccess && rowCount === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">{emptyText}</Typography>
        </Paper>
      )}
      {rowCount > 0 && table}
      {list.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button onClick={onLoadMore} loading={list.isFetchingNextPage}>
            {t(`${kind.texts}.loadMore`)}
          </Button>
        </Box>
      )}
      {dialog}
    </Box>
  );
}
