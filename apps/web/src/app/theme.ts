import { createTheme, getContrastRatio, type PaletteOptions, type ThemeOptions } from '@mui/material/styles';
import type { BrandingTheme } from '@fleetgate/contracts';

export const drawerWidth = 280;
export const rightDrawerWidth = 300;
/** Tooltips wait this long before showing, also when moving from one to the next. */
export const tooltipDelayMs = 1500;
/** At and above this width the menu sits beside the content; below it overlays. */
export const wideScreenQuery = '(min-width:960px)';

/** The system's "reduce motion" setting (WCAG 2.3.3), which `reducedMotion` follows. */
export const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

/**
 * For users who asked their system for less motion: dialogs, drawers, menus and tooltips appear
 * and go without sliding, fading or growing, and a click sends no ripple across the button. The
 * keyboard's focus ripple stays: it is how a focused button shows its focus.
 */
export const reducedMotion: ThemeOptions = {
  transitions: {
    create: () => 'none',
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
  components: { MuiButtonBase: { defaultProps: { disableTouchRipple: true } } },
};

/** Fleetgate's own look, used where no branding applies. */
export const defaultThemeColors: BrandingTheme = {
  primaryColor: '#0d47a1',
  secondaryColor: '#ffb300',
  mode: 'light',
};

const fleetgatePalette: PaletteOptions = {
  primary: { main: '#0d47a1', light: '#5472d3', dark: '#002171', contrastText: '#ffffff' },
  secondary: { main: '#ffb300', contrastText: '#1a1a1a' },
  // Darker than MUI's defaults (#ed6c02: 3.1:1, #0288d1: 3.9:1) so outlined chips and buttons
  // in these colours meet WCAG AA's 4.5:1 on white and on the page background.
  warning: { main: '#b45309' },
  info: { main: '#0277bd' },
  background: { default: '#f3f5f9', paper: '#ffffff' },
  text: { primary: '#1b2330', secondary: '#5b6576' },
  divider: '#e1e5ec',
};

/**
 * Black or white, whichever stands out more on `color`: one of them always reaches 4.5:1
 * (WCAG AA), whatever colour a company chose, which MUI's slightly transparent black does not.
 */
export function textColorOn(color: string): string {
  return getContrastRatio(color, '#ffffff') >= getContrastRatio(color, '#000000') ? '#ffffff' : '#000000';
}

/**
 * A branding's colours and mode over Fleetgate's palette; dark mode keeps MUI's dark surfaces
 * and texts, which the light palette's greys would spoil.
 */
function paletteOf(brand: BrandingTheme): PaletteOptions {
  const colors = {
    primary: { main: brand.primaryColor, contrastText: textColorOn(brand.primaryColor) },
    secondary: { main: brand.secondaryColor, contrastText: textColorOn(brand.secondaryColor) },
  };
  if (brand.mode === 'dark') return { mode: 'dark', ...colors };
  return { ...fleetgatePalette, ...colors };
}

/** The app's theme; `brand` gives a company's colours and mode (none: Fleetgate's own). */
export function createAppTheme(brand: BrandingTheme | null = null) {
  return createTheme({
    palette: brand ? paletteOf(brand) : fleetgatePalette,
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
      h4: { fontWeight: 600, letterSpacing: '-0.01em' },
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
      overline: { fontWeight: 600, letterSpacing: '0.08em' },
    },
    components: {
      MuiAppBar: {
        defaultProps: { elevation: 0 },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: {
          root: ({ theme }) => ({ border: `1px solid ${theme.palette.divider}` }),
        },
      },
      MuiTooltip: {
        defaultProps: { enterDelay: tooltipDelayMs, enterNextDelay: tooltipDelayMs },
      },
      MuiTextField: {
        defaultProps: { fullWidth: true },
      },
      MuiFormHelperText: {
        styleOverrides: {
          // A disabled field's hint often says why it is disabled: it stays readable (4.5:1).
          root: ({ theme }) => ({
            '&.Mui-disabled:not(.Mui-error)': { color: theme.palette.text.secondary },
          }),
        },
      },
      MuiListItemButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            borderRadius: theme.shape.borderRadius,
            '&.active': {
              backgroundColor: theme.palette.action.selected,
              color: theme.palette.primary.main,
              '& .MuiListItemIcon-root': { color: theme.palette.primary.main },
            },
          }),
        },
      },
    },
  });
}

export const theme = createAppTheme();
