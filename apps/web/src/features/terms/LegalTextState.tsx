import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingBar } from '../../components/LoadingBar.tsx';

/** Loading and failure of a legal text; renders nothing once it is there. */
export function LegalTextState({
  query,
}: {
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'refetch'>;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingBar />;
  if (query.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('terms.retry')}
          </Button>
        }
      >
        {t('terms.loadFailed')}
      </Alert>
    );
  return null;
}
