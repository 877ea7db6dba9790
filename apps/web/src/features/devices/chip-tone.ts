/**
 * Outlined chips keep their colour in the border and icon, with text dark enough for WCAG AA
 * on white (MUI's warning and info mains are 3.1:1 and 4.0:1 as text).
 */
export const chipTone = {
  success: { color: '#1b5e20', borderColor: 'success.main', '& .MuiChip-icon': { color: 'success.main' } },
  info: { color: '#01579b', borderColor: 'info.main', '& .MuiChip-icon': { color: 'info.main' } },
  warning: { color: '#8c4a00', borderColor: 'warning.main', '& .MuiChip-icon': { color: 'warning.main' } },
  default: {},
} as const;
