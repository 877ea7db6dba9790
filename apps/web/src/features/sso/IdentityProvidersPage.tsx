import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { IdentityProvidersSection } from './IdentityProvidersSection.tsx';

/** `/identity-providers`: single sign-on settings of the company. */
export function IdentityProvidersPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <PageHeader title={t('sso.title')} subtitle={t('sso.subtitle')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <IdentityProvidersSection />
      </Paper>
    </Stack>
  );
}
