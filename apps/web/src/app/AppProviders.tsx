import { useEffect, useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NotifyProvider } from '../components/notify.tsx';
import { useEffectiveBranding } from '../features/branding/branding-state.ts';
import { setBaseFavicon } from './favicon.ts';
import { languagePack } from './i18n.ts';
import { queryClient } from './query-client.ts';
import { createAppTheme, theme as defaultTheme, reducedMotion, reducedMotionQuery } from './theme.ts';

/** The browser tab follows the branding: its title (or the app's name), its favicon and the theme colour. */
function BrandingEffects() {
  const branding = useEffectiveBranding();
  const { t } = useTranslation();
  const theme = useTheme();
  const title = branding?.customBrowserTitle ?? t('app.name');
  const favicon = branding?.favicon ?? null;
  const themeColor = theme.palette.primary.main;
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => setBaseFavicon(favicon), [favicon]);
  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColor);
  }, [themeColor]);
  return null;
}

/**
 * The branding's theme (or the app's), with Material UI's own texts in the UI language, and without
 * transitions when the system asks for reduced motion.
 */
function useLocalizedTheme() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const brand = useEffectiveBranding()?.theme ?? null;
  // Read on the first render (noSsr), so the app does not render once with motion and again without.
  const lessMotion = useMediaQuery(reducedMotionQuery, { noSsr: true });
  return useMemo(() => {
    const theme = brand ? createAppTheme(brand) : defaultTheme;
    const pack = languagePack(language);
    const overrides = [...(pack?.themeLocales ?? []), ...(lessMotion ? [reducedMotion] : [])];
    return overrides.length ? createTheme(theme, ...overrides) : theme;
  }, [brand, language, lessMotion]);
}

export function AppProviders({ children }: { children: ReactNode }) {
  const localizedTheme = useLocalizedTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={localizedTheme}>
        <CssBaseline />
        <BrandingEffects />
        <NotifyProvider>{children}</NotifyProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
