import Button from '@mui/material/Button';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorCard } from './ErrorCard.tsx';

export function WhoopsCard({ notFound = false }: { notFound?: boolean }) {
  const { t } = useTranslation();
  return (
    <ErrorCard
      icon={ReportProblemOutlined}
      title={t('errors.whoopsTitle')}
      subtitle={notFound ? t('errors.notFoundSubtitle') : t('errors.whoopsSubtitle')}
      actions={
        <Button component={RouterLink} to="/" variant="contained">
          {t('errors.goHome')}
        </Button>
      }
    />
  );
}
