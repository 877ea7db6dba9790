import { createTheme } from '@mui/material/styles';

export const drawerWidth = 280;
export const rightDrawerWidth = 300;
/** Tooltips wait this long before showing, also when moving from one to the next. */
export const tooltipDelayMs = 1500;
/** At and above this width the menu sits beside the content; below it overlays. */
export const wideScreenQuery = '(min-width:960px)';

export const theme = createTheme({
  palette: {
    primary: { main: '#0d47a1', light: '#5472d3', dark: '#002171', contrastText: '#ffffff' },
    secondary: { main: '#ffb300', contrastText: '#1a1a1a' },
    // Darker than MUI's defaults (#ed6c02: 3.1:1, #0288d1: 3.9:1) so outlined chips and buttons
    // in these colours meet WCAG AA's 4.5:1 on white and on the page background.
    warning: { main: '#b45309' },
    info: { main: '#0277bd' },
    background: { default: '#f3f5f9', paper: '#ffffff' },
    text: { primary: '#1b2330', secondary: '#5b6576' },
    divider: '#e1e5ec',
  },
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
