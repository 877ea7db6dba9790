import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

/** What an app screen shows while the app list loads, or when it could not be loaded (with Retry). */
export function AppsLoadState({ apps }: { apps: Pick<UseQueryResult, 'isError' | 'refetch'> }) {
  const { t } = useTranslation();
  if (apps.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void apps.refetch()}>
            {t('apps.retry')}
          </Button>
        }
      >
        {t('apps.loadFailed')}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
      <LoadingIndicator />
    </Box>
  );
}
