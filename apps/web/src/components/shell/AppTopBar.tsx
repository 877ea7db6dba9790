import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import ViewSidebarOutlined from '@mui/icons-material/ViewSidebarOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { MyUser } from '@fleetgate/contracts';
import { hasCapability } from '../../auth/current-user.tsx';
import { BrandMark } from '../BrandMark.tsx';
import { logoFor, useEffectiveBranding } from '../../features/branding/branding-state.ts';
import { useClientConfig } from '../use-client-config.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { AppsMenu } from './AppsMenu.tsx';
import { HelpButton } from './HelpButton.tsx';
import { MessagesButton } from './MessagesButton.tsx';
import { ShellSearchField } from './ShellSearchField.tsx';
import { useShellSearchState } from './use-shell-search.ts';

type AppTopBarProps = {
  user: MyUser;
  drawerOpen: boolean;
  onToggleDrawer: () => void;
  /** Present only when the current route has a right side menu. */
  rightMenu?: { open: boolean; onToggle: () => void };
  /** The help centre panel opens. */
  onHelpOpen?: () => void;
};

export function AppTopBar({ user, drawerOpen, onToggleDrawer, rightMenu, onHelpOpen }: AppTopBarProps) {
  const { t } = useTranslation();
  const search = useShellSearchState();
  const helpCentreUrl = useClientConfig().data?.helpCentreUrl ?? null;
  const showHelp = helpCentreUrl !== null && hasCapability(user, 'helpCentre.use');
  // The account button shows the company's logo (its branding's, after the fallbacks) when there is one.
  const logoUrl = logoFor(useEffectiveBranding(), useTheme().palette.mode);

  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 0.25, sm: 0.5 } }}>
        <Tooltip title={t('shell.toggleMenu')}>
          <IconButton
            color="inherit"
            edge="start"
            onClick={onToggleDrawer}
            aria-label={t('shell.toggleMenu')}
            aria-expanded={drawerOpen}
            aria-controls="side-panel"
          >
            <MenuIcon />
          </IconButton>
        </Tooltip>
        <Box
          component={RouterLink}
          to="/"
          aria-label={t('shell.home')}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            mr: 1,
            color: 'inherit',
            textDecoration: 'none',
            flexShrink: 0,
          }}
        >
          <BrandMark tone="inverted" sx={{ fontSize: 30 }} />
          <Typography
            variant="h6"
            component="span"
            sx={{ fontWeight: 700, letterSpacing: '-0.01em', display: { xs: 'none', sm: 'inline' } }}
          >
            {t('app.name')}
          </Typography>
        </Box>
        {search?.scope !== undefined ? (
          <ShellSearchField value={search.text} onChange={search.setText} />
        ) : (
          <Box sx={{ flexGrow: 1 }} />
        )}
        {search?.scope !== undefined && <Box sx={{ flexGrow: { xs: 0, md: 1 } }} />}
        <Typography
          variant="body2"
          noWrap
          sx={{ display: { xs: 'none', md: 'block' }, opacity: 0.85, maxWidth: 200, mr: 1 }}
        >
          {user.company?.name}
        </Typography>
        {showHelp && <HelpButton url={helpCentreUrl} onOpen={onHelpOpen} />}
        <MessagesButton />
        <AppsMenu />
        {rightMenu && (
          <Tooltip title={t('shell.toggleRightMenu')}>
            <IconButton
              color="inherit"
              onClick={rightMenu.onToggle}
              aria-label={t('shell.toggleRightMenu')}
              aria-expanded={rightMenu.open}
              aria-controls="right-side-panel"
            >
              <ViewSidebarOutlined />
            </IconButton>
          </Tooltip>
        )}
        <Box sx={{ ml: 0.5 }}>
          <AccountMenu user={user} logoUrl={logoUrl} />
        </Box>
      </Toolbar>
    </AppBar>
  );
}
