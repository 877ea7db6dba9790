import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import { useTheme } from '@mui/material/styles';

type BrandMarkProps = SvgIconProps & {
  /** `inverted` draws a white tile for coloured backgrounds such as the app bar. */
  tone?: 'normal' | 'inverted';
};

/** The Fleetgate gate symbol; same drawing as the favicon. */
export function BrandMark({ tone = 'normal', ...props }: BrandMarkProps) {
  const tile = tone === 'inverted' ? '#ffffff' : 'currentColor';
  // On the white tile the arch takes the theme's primary colour (a branding's, or Fleetgate's blue).
  const primary = useTheme().palette.primary.main;
  const arch = tone === 'inverted' ? primary : '#ffffff';
  return (
    <SvgIcon viewBox="0 0 32 32" {...props}>
      <rect width="32" height="32" rx="7" fill={tile} />
      <path d="M8 25V13a8 8 0 0 1 16 0v12" fill="none" stroke={arch} strokeWidth="3" strokeLinecap="round" />
      <path d="M13 25v-9h6v9" fill="none" stroke="#ffb300" strokeWidth="3" strokeLinejoin="round" />
    </SvgIcon>
  );
}
