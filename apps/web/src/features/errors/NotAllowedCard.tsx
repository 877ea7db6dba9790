import Button from '@mui/material/Button';
import Block from '@mui/icons-material/Block';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCompanyId } from '../../auth/session.ts';
import { ErrorCard } from './ErrorCard.tsx';

export function NotAllowedCard() {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  return (
    <ErrorCard
      icon={Block}
      title={t('errors.notAllowedTitle')}
      subtitle={t('errors.notAllowedSubtitle')}
      actions={
        <>
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
