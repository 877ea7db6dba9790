import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { MyUser } from '@fleetgate/contracts';
import { drawerWidth, rightDrawerWidth } from '../../app/theme.ts';
import { AppTopBar } from './AppTopBar.tsx';
import { DrawerContent } from './DrawerContent.tsx';
import type { NavSection } from './nav-sections.ts';

export type PanelState = { open: boolean; onOpenChange: (open: boolean) => void };

type ShellFrameProps = {
  user: MyUser;
  sections: NavSection[];
  /** The left side panel: the menu. */
  sidePanel: PanelState;
  /** The current feature's right side menu; without one there is no right side panel. */
  rightMenu?: ReactNode;
  rightPanel: PanelState;
  /** Wide screens keep the panels beside the content; narrow ones overlay them. */
  wide: boolean;
  children: ReactNode;
};

/** A panel beside the content takes its width in the grid; an overlay takes none. */
function panelSx(width: number, besideContent: boolean, area: string) {
  return (theme: Theme) => ({
    gridArea: area,
    width: besideContent ? width : 0,
    flexShrink: 0,
    transition: theme.transitions.create('width', { duration: theme.transitions.duration.shortest }),
    '& .MuiDrawer-paper': { width, boxSizing: 'border-box' as const },
  });
}

/**
 * The shell's named areas: top app bar, side panel, main content and right side panel,
 * laid out as a grid. The app bar stays above both panels.
 */
export function ShellFrame({
  user,
  sections,
  sidePanel,
  rightMenu,
  rightPanel,
  wide,
  children,
}: ShellFrameProps) {
  const { t } = useTranslation();
  const hasRightMenu = rightMenu !== undefined && rightMenu !== null;

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateAreas: '"top top top" "side main right"',
        gridTemplateColumns: 'auto minmax(0, 1fr) auto',
        gridTemplateRows: 'auto 1fr',
        minHeight: '100vh',
      }}
    >
      <Box sx={{ gridArea: 'top' }}>
        <AppTopBar
          user={user}
          drawerOpen={sidePanel.open}
          onToggleDrawer={() => sidePanel.onOpenChange(!sidePanel.open)}
          rightMenu={
            hasRightMenu
              ? { open: rightPanel.open, onToggle: () => rightPanel.onOpenChange(!rightPanel.open) }
              : undefined
          }
          onHelpOpen={() => {
            // Narrow screens overlay the panels as modals, whose focus trap would keep the help panel from focus.
            if (wide) return;
            sidePanel.onOpenChange(false);
            rightPanel.onOpenChange(false);
          }}
        />
        {/* Reserves the fixed app bar's height. */}
        <Toolbar />
      </Box>
      <Drawer
        variant={wide ? 'persistent' : 'temporary'}
        open={sidePanel.open}
        onClose={() => sidePanel.onOpenChange(false)}
        ModalProps={{ keepMounted: true }}
        sx={panelSx(drawerWidth, wide && sidePanel.open, 'side')}
        slotProps={{
          paper: { id: 'side-panel', component: 'aside', 'aria-label': t('shell.sidePanel') },
        }}
      >
        <Toolbar />
        <DrawerContent user={user} sections={sections} />
      </Drawer>
      <Box component="main" sx={{ gridArea: 'main', minWidth: 0 }}>
        <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1280, mx: 'auto' }}>{children}</Box>
      </Box>
      {hasRightMenu && (
        <Drawer
          anchor="right"
          variant={wide ? 'persistent' : 'temporary'}
          open={rightPanel.open}
          onClose={() => rightPanel.onOpenChange(false)}
          sx={panelSx(rightDrawerWidth, wide && rightPanel.open, 'right')}
          slotProps={{
            // The panel scrolls when its facts are longer than the window: focusable so keys scroll it too.
            paper: {
              id: 'right-side-panel',
              component: 'aside',
              'aria-label': t('shell.rightPanel'),
              tabIndex: 0,
            },
          }}
        >
          <Toolbar />
          <Box sx={{ p: 2 }}>{rightMenu}</Box>
        </Drawer>
      )}
    </Box>
  );
}
