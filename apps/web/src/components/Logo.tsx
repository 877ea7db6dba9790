import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './BrandMark.tsx';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
      <BrandMark color="primary" sx={{ fontSize: 40 }} />
      <Typography
        component="span"
        variant="h4"
        sx={{ fontWeight: 700, letterSpacing: '-0.02em', color: 'text.primary' }}
      >
        {t('app.name')}
      </Typography>
    </Stack>
  );
}
