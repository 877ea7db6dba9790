import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

export type ProgressProps = {
  /** What is loading or under way; "Loading…" in the UI language unless said. */
  label?: string;
  /** Progress so far, 0–100; without it the indicator runs for as long as it shows. */
  value?: number;
  /**
   * Text beside the indicator already says what it shows: screen readers read that text and
   * skip the indicator (it keeps its name all the same).
   */
  decorative?: boolean;
  color?: 'primary' | 'warning';
  sx?: SxProps<Theme>;
};

/**
 * The props of an MUI progress indicator, always named. A progressbar without a name is a serious
 * axe violation (`aria-progressbar-name`) and tells a screen reader user nothing, so the MUI
 * indicators are used only through LoadingIndicator and LoadingBar (eslint.config.js refuses
 * direct imports elsewhere). Two components, not one with a switch: the spinner is on the first
 * page of every visit, and the bar's code should not be.
 */
export function useProgressProps({ label, value, decorative = false, color = 'primary', sx }: ProgressProps) {
  const { t } = useTranslation();
  return {
    'aria-label': label ?? t('app.loading'),
    'aria-hidden': decorative || undefined,
    variant: value === undefined ? ('indeterminate' as const) : ('determinate' as const),
    value,
    color,
    sx,
  };
}
