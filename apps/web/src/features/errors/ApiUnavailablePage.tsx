import Button from '@mui/material/Button';
import CloudOff from '@mui/icons-material/CloudOff';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { resetDiscovery } from '../../api/discovery.ts';
import { CenteredLayout } from '../../components/CenteredLayout.tsx';
import { safeNextPath } from '../../auth/guards.ts';
import { ErrorCard } from './ErrorCard.tsx';

/** Where the user was when the server stopped answering; set by the failure handler. */
export type ApiUnavailableState = { from?: string } | null;

export function ApiUnavailablePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const from = safeNextPath((location.state as ApiUnavailableState)?.from ?? null) ?? '/';

  const handleRetry = async () => {
    resetDiscovery();
    await navigate(from, { replace: true });
  };

  return (
    <CenteredLayout>
      <ErrorCard
        icon={CloudOff}
        title={t('errors.apiUnavailableTitle')}
        subtitle={t('errors.apiUnavailableHint')}
        actions={
          <Button variant="contained" onClick={handleRetry}>
            {t('errors.tryAgain')}
          </Button>
        }
      />
    </CenteredLayout>
  );
}
