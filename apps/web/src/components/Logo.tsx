import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { logoFor, useEffectiveBranding } from '../features/branding/branding-state.ts';
import { BrandMark } from './BrandMark.tsx';

/** The logo above the pages outside the shell: the branding's (for the theme's mode) or Fleetgate's. */
export function Logo() {
  const { t } = useTranslation();
  const branding = useEffectiveBranding();
  const mode = useTheme().palette.mode;
  const logo = logoFor(branding, mode);
  if (branding && logo) {
    return (
      <Box
        component="img"
        src={logo}
        alt={branding.owner.name}
        sx={{ display: 'block', maxHeight: 72, maxWidth: 'min(320px, 100%)', objectFit: 'contain' }}
      />
    );
  }
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
