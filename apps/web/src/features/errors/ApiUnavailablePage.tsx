import Button from '@mui/material/Button';
import CloudOff from '@mui/icons-material/CloudOff';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { resetDiscovery } from '../../api/discovery.ts';
import { CenteredLayout } from '../../components/CenteredLayout.tsx';
import { isOnCloudDomain, useClientConfig } from '../../components/use-client-config.ts';
import { safeNextPath } from '../../auth/guards.ts';
import { ErrorCard } from './ErrorCard.tsx';

/** Where the user was when the server stopped answering; set by the failure handler. */
export type ApiUnavailableState = { from?: string } | null;

/** The status page is only about the provider's cloud, so it is offered only on its host names. */
function useStatusPageUrl(): string | null {
  const config = useClientConfig().data;
  if (!config?.statusPageUrl) return null;
  return isOnCloudDomain(window.location.hostname, config.cloudDomain) ? config.statusPageUrl : null;
}

export function ApiUnavailablePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const from = safeNextPath((location.state as ApiUnavailableState)?.from ?? null) ?? '/';
  const statusPageUrl = useStatusPageUrl();

  const handleRetry = async () => {
    resetDiscovery();
    await navigate(from, { replace: true });
  };

  return (
    <CenteredLayout>
      <ErrorCard
        icon={CloudOff}
        title={t('errors.apiUnavailableTitle')}
        subtitle={statusPageUrl ? t('errors.apiUnavailableStatusHint') : t('errors.apiUnavailableHint')}
        actions={
          <>
            <Button variant="contained" onClick={handleRetry}>
              {t('errors.tryAgain')}
            </Button>
            {statusPageUrl && (
              <Button
                component="a"
                href={statusPageUrl}
                target="_blank"
                rel="noopener noreferrer"
                variant="outlined"
                endIcon={<OpenInNew />}
              >
                {t('errors.statusPage')}
              </Button>
            )}
          </>
        }
      />
    </CenteredLayout>
  );
}
