import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';

/** Frames an error card inside the shell's content area. */
export function ShellErrorCard({ children }: { children: ReactNode }) {
  return (
    <Card sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 2, sm: 6 } }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>{children}</CardContent>
    </Card>
  );
}
