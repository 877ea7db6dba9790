import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

export type LoadingIndicatorProps = {
  /** What is loading or under way; "Loading…" in the UI language unless said. */
  label?: string;
  /** A bar across its container instead of a spinner. */
  bar?: boolean;
  /** Progress so far, 0–100; without it the indicator runs for as long as it shows. */
  value?: number;
  /**
   * Text beside the indicator already says what it shows: screen readers read that text and
   * skip the indicator (it keeps its name all the same).
   */
  decorative?: boolean;
  /** The spinner's diameter in px. */
  size?: number;
  color?: 'primary' | 'warning';
  sx?: SxProps<Theme>;
};

/**
 * Every progress indicator of the app. A progressbar without a name is a serious axe violation
 * (`aria-progressbar-name`) and tells a screen reader user nothing, so the MUI indicators are
 * used only through this component, which always names them (eslint.config.js refuses direct
 * imports elsewhere).
 */
export function LoadingIndicator({
  label,
  bar = false,
  value,
  decorative = false,
  size,
  color = 'primary',
  sx,
}: LoadingIndicatorProps) {
  const { t } = useTranslation();
  const common = {
    'aria-label': label ?? t('app.loading'),
    'aria-hidden': decorative || undefined,
    variant: value === undefined ? ('indeterminate' as const) : ('determinate' as const),
    value,
    color,
    sx,
  };
  return bar ? <LinearProgress {...common} /> : <CircularProgress size={size} {...common} />;
}
