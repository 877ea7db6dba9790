import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { MyUser } from '@fleetgate/contracts';
import { BrandMark } from '../BrandMark.tsx';
import { AccountMenu } from './AccountMenu.tsx';

type AppTopBarProps = { user: MyUser; drawerOpen: boolean; onToggleDrawer: () => void };

export function AppTopBar({ user, drawerOpen, onToggleDrawer }: AppTopBarProps) {
  const { t } = useTranslation();
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          onClick={onToggleDrawer}
          aria-label={t('shell.toggleMenu')}
          aria-expanded={drawerOpen}
          aria-controls="main-menu"
        >
          <MenuIcon />
        </IconButton>
        <Box
          component={RouterLink}
          to="/"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' }}
        >
          <BrandMark tone="inverted" sx={{ fontSize: 30 }} />
          <Typography variant="h6" component="span" sx={{ fontWeight: 700, letterSpacing: '-0.01em' }}>
            {t('app.name')}
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <Typography
          variant="body2"
          noWrap
          sx={{ display: { xs: 'none', sm: 'block' }, opacity: 0.85, maxWidth: 240 }}
        >
          {user.company?.name}
        </Typography>
        <AccountMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}
