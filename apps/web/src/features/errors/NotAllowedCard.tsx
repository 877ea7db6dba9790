import Button from '@mui/material/Button';
import Block from '@mui/icons-material/Block';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCompanyId } from '../../auth/session.ts';
import { useClientConfig } from '../../components/use-client-config.ts';

import { ErrorCard } from './ErrorCard.tsx';

/**
 * The portal is this same web app, at the site root. It is offered in production builds once
 * the server has answered, so the address is known to work.
 */
function usePortalUrl(): string | null {
  const { loaded } = useClientConfig();
  return import.meta.env.PROD && loaded ? `${window.location.origin}/` : null;
}

export function NotAllowedCard() {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const portalUrl = usePortalUrl();
  return (
    <ErrorCard
      icon={Block}
      title={t('errors.notAllowedTitle')}
      subtitle={t('errors.notAllowedSubtitle')}
      actions={
        <>
          {portalUrl && (
            <Button component="a" href={portalUrl} variant="contained">
              {t('errors.goToPortal')}
            </Button>
          )}
          {companyId && (
            <Button component={RouterLink} to="/my-companies" variant="outlined">
              {t('errors.switchCompany')}
            </Button>
          )}
          <Button component={RouterLink} to="/logout" variant="text">
            {t('errors.logOut')}
          </Button>
        </>
      }
    />
  );
}
