import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One titled part of the device details panel, labelled by its heading. */
export function PanelSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography
        id={id}
        component="h2"
        variant="overline"
        color="text.secondary"
        sx={{ display: 'block', fontWeight: 600, lineHeight: 2, mb: 0.5 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}
