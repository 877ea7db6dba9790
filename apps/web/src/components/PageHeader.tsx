import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

type PageHeaderProps = {
  title: string;
  /** One line saying what the screen is for (or the state of what it shows). */
  subtitle?: ReactNode;
  /** The screen's main actions, beside the title (below it on narrow screens). */
  action?: ReactNode;
  /** A mark before the title (a type's colour, a device's status dot); hide it from readers if decorative. */
  leading?: ReactNode;
  /** Space below the header, for screens that do not stack their parts with spacing of their own. */
  gutterBottom?: boolean;
};

/**
 * The title of every screen in the shell, so headings have one size and one layout everywhere.
 * The action wraps below the title on narrow screens instead of squeezing it.
 */
export function PageHeader({ title, subtitle, action, leading, gutterBottom = false }: PageHeaderProps) {
  return (
    <Box
      component="header"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: gutterBottom ? 3 : 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flex: '1 1 320px', minWidth: 0 }}>
        {leading && <Box sx={{ display: 'flex', flexShrink: 0 }}>{leading}</Box>}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography component="div" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
      </Box>
      {action && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, flexShrink: 0 }}>{action}</Box>}
    </Box>
  );
}
