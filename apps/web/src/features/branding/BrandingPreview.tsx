import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { BrandingTheme } from '@fleetgate/contracts';
import { BrandMark } from '../../components/BrandMark.tsx';
import { createAppTheme } from '../../app/theme.ts';

type BrandingPreviewProps = {
  /** The colours and mode as typed; null: Fleetgate's. */
  theme: BrandingTheme | null;
  logoLight: string | null;
  logoDark: string | null;
  companyName: string;
};

/** A field as a picture: the preview shows a form, it is not one. */
function FakeField({ label }: { label: string }) {
  return (
    <Box
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        px: 1.25,
        py: 0.75,
        typography: 'caption',
        color: 'text.secondary',
      }}
    >
      {label}
    </Box>
  );
}

/** A button as a picture, in a palette colour (no button role: the preview is one image). */
function FakeButton({ color, children }: { color: 'primary' | 'secondary'; children: string }) {
  return (
    <Box
      data-preview={`${color}-button`}
      sx={{
        bgcolor: `${color}.main`,
        color: `${color}.contrastText`,
        borderRadius: 1,
        py: 0.75,
        textAlign: 'center',
        typography: 'button',
      }}
    >
      {children}
    </Box>
  );
}

/**
 * A small login card and top bar in the colours, mode and logo being edited, updated as they
 * change. It has a theme of its own, so the page around it keeps the saved look until saving.
 */
export function BrandingPreview({ theme, logoLight, logoDark, companyName }: BrandingPreviewProps) {
  const { t } = useTranslation();
  const previewTheme = useMemo(() => createAppTheme(theme), [theme]);
  const dark = previewTheme.palette.mode === 'dark';
  const logo = dark ? (logoDark ?? logoLight) : (logoLight ?? logoDark);
  return (
    <ThemeProvider theme={previewTheme}>
      <Box
        role="img"
        aria-label={t('branding.preview.hint')}
        sx={{
          borderRadius: 1,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.default',
          color: 'text.primary',
        }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 1.5,
            height: 44,
            bgcolor: dark ? 'background.paper' : 'primary.main',
            color: dark ? 'text.primary' : 'primary.contrastText',
          }}
        >
          <BrandMark tone="inverted" sx={{ fontSize: 22 }} />
          <Typography variant="subtitle2" component="span" sx={{ flexGrow: 1 }} noWrap>
            {companyName}
          </Typography>
          <Box sx={{ width: 24, height: 24, borderRadius: '50%', bgcolor: 'secondary.main' }} />
        </Box>
        <Box sx={{ p: 2, display: 'grid', justifyItems: 'center', gap: 1.5 }}>
          {logo ? (
            <Box
              component="img"
              src={logo}
              alt=""
              sx={{ maxHeight: 40, maxWidth: '80%', objectFit: 'contain' }}
            />
          ) : (
            <BrandMark color="primary" sx={{ fontSize: 32 }} />
          )}
          <Paper variant="outlined" sx={{ width: '100%', maxWidth: 260, p: 2, display: 'grid', gap: 1 }}>
            <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600 }}>
              {t('branding.preview.login')}
            </Typography>
            <FakeField label={t('branding.preview.email')} />
            <FakeField label={t('branding.preview.password')} />
            <FakeButton color="primary">{t('branding.preview.login')}</FakeButton>
            <FakeButton color="secondary">{t('branding.preview.secondary')}</FakeButton>
          </Paper>
        </Box>
      </Box>
    </ThemeProvider>
  );
}
