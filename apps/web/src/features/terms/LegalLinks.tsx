import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The footer of the pages outside the shell (login, register …): the public legal texts. */
export function LegalLinks() {
  const { t } = useTranslation();
  return (
    <Stack
      component="nav"
      aria-label={t('legal.links')}
      direction="row"
      spacing={2}
      sx={{ justifyContent: 'center', typography: 'body2' }}
    >
      <Link component={RouterLink} to="/terms-of-use" color="text.secondary">
        {t('legal.termsOfUse')}
      </Link>
      <Link component={RouterLink} to="/privacy-statement" color="text.secondary">
        {t('legal.privacyStatement')}
      </Link>
    </Stack>
  );
}
