import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { Logo } from '../../components/Logo.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

type LegalPageFrameProps = {
  title: string;
  subtitle?: ReactNode;
  action?: ReactNode;
  /** A link back to where the reader came from, above the title. */
  back?: ReactNode;
  width?: number;
  children: ReactNode;
};

/** The frame of the legal pages outside the shell: the logo, then one wide sheet of text. */
export function LegalPageFrame({
  title,
  subtitle,
  action,
  back,
  width = 860,
  children,
}: LegalPageFrameProps) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', bgcolor: 'background.default', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}
    >
      <Stack spacing={2} sx={{ maxWidth: width, mx: 'auto' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          <Logo />
          {back}
        </Box>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
          <Stack spacing={3}>
            <PageHeader title={title} subtitle={subtitle} action={action} />
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Box>
  );
}
