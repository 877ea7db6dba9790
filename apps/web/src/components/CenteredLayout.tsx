import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Logo } from './Logo.tsx';
import { LegalLinks } from '../features/terms/LegalLinks.tsx';

type CenteredLayoutProps = {
  children: ReactNode;
  /** Card width on large screens; it always shrinks to fit small ones. */
  width?: number;
};

/** The frame of every page outside the shell: logo, one centred card, the product line. */
export function CenteredLayout({ children, width = 440 }: CenteredLayoutProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={(theme) => ({
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: { xs: 4, sm: 6 },
        background: `radial-gradient(circle at 15% 0%, ${theme.palette.primary.main}1f 0, transparent 45%), radial-gradient(circle at 100% 100%, ${theme.palette.secondary.main}26 0, transparent 40%), ${theme.palette.background.default}`,
      })}
    >
      <Stack spacing={3} sx={{ width: '100%', maxWidth: width, alignItems: 'center' }}>
        <Logo />
        <Card sx={{ width: '100%', boxShadow: '0 12px 32px rgba(13, 71, 161, 0.08)' }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
            {children}
          </CardContent>
        </Card>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('app.tagline')}
        </Typography>
        <LegalLinks />
      </Stack>
    </Box>
  );
}
