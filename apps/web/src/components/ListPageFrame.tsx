import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Add from '@mui/icons-material/Add';
import { PageHeader } from './PageHeader.tsx';
import { LoadingIndicator } from './LoadingIndicator.tsx';

type ListPageFrameProps = {
  title: string;
  subtitle: string;
  addLabel: string;
  onAdd: () => void;
  /** The list query, as far as the frame shows it. */
  list: { isPending: boolean; isError: boolean };
  loadFailedText: string;
  retryLabel: string;
  onRetry: () => void;
  /** The feature's list, its empty state and its open dialogs. */
  children: ReactNode;
};

/**
 * A management list page: heading with the add button, and the loading and load-failed states,
 * which every such page shows alike; what the list looks like stays with the feature.
 */
export function ListPageFrame({
  title,
  subtitle,
  addLabel,
  onAdd,
  list,
  loadFailedText,
  retryLabel,
  onRetry,
  children,
}: ListPageFrameProps) {
  return (
    <Stack spacing={3}>
      <PageHeader
        title={title}
        subtitle={subtitle}
        action={
          <Button variant="contained" startIcon={<Add />} onClick={onAdd}>
            {addLabel}
          </Button>
        }
      />
      {list.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <LoadingIndicator />
        </Box>
      )}
      {list.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {retryLabel}
            </Button>
          }
        >
          {loadFailedText}
        </Alert>
      )}
      {children}
    </Stack>
  );
}
