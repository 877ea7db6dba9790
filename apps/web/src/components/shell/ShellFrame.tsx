import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import type { MyUser } from '@fleetgate/contracts';
import { drawerWidth } from '../../app/theme.ts';
import { AppTopBar } from './AppTopBar.tsx';
import { DrawerContent } from './DrawerContent.tsx';
import type { NavSection } from './nav-sections.ts';

type ShellFrameProps = {
  user: MyUser;
  sections: NavSection[];
  drawerOpen: boolean;
  /** Wide screens keep the menu beside the content; narrow ones overlay it. */
  wide: boolean;
  onDrawerOpenChange: (open: boolean) => void;
  children: ReactNode;
};

export function ShellFrame({
  user,
  sections,
  drawerOpen,
  wide,
  onDrawerOpenChange,
  children,
}: ShellFrameProps) {
  const handleToggle = () => onDrawerOpenChange(!drawerOpen);
  const handleClose = () => onDrawerOpenChange(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppTopBar user={user} drawerOpen={drawerOpen} onToggleDrawer={handleToggle} />
      <Drawer
        id="main-menu"
        variant={wide ? 'persistent' : 'temporary'}
        open={drawerOpen}
        onClose={handleClose}
        ModalProps={{ keepMounted: true }}
        sx={(theme) => ({
          width: wide && drawerOpen ? drawerWidth : 0,
          flexShrink: 0,
          transition: theme.transitions.create('width', { duration: theme.transitions.duration.shortest }),
          '& .MuiDrawer-paper': { width: drawerWidth, boxSizing: 'border-box' },
        })}
      >
        {/* The app bar stays above the menu in both layouts. */}
        <Toolbar />
        <DrawerContent user={user} sections={sections} />
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
        <Toolbar />
        <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1280, mx: 'auto' }}>{children}</Box>
      </Box>
    </Box>
  );
}
