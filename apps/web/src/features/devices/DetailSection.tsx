import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';

/** One titled card of the device detail view, labelled by its heading. */
export function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id={id} variant="h6" component="h2" sx={{ fontSize: '1.05rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}
