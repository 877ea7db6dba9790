import { useId, useState, type MouseEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Apps from '@mui/icons-material/Apps';
import Dashboard from '@mui/icons-material/DashboardOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

type AppEntry = { id: string; path: string; labelKey: ParseKeys; hintKey: ParseKeys; icon: SvgIconComponent };

/** The applications of this installation that can be opened from here; the console is the one shown. */
const appEntries: AppEntry[] = [
  {
    id: 'console',
    path: '/',
    labelKey: 'shell.apps.console',
    hintKey: 'shell.apps.consoleHint',
    icon: Dashboard,
  },
];

export function AppsMenu({ currentAppId = 'console' }: { currentAppId?: string }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const headingId = useId();
  const handleOpen = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const handleClose = () => setAnchor(null);

  return (
    <>
      <Tooltip title={t('shell.apps.title')}>
        <IconButton
          color="inherit"
          onClick={handleOpen}
          aria-label={t('shell.apps.title')}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
        >
          <Apps />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
        // A menu holds menu items only: the heading is no list item but names the menu.
        MenuListProps={{
          'aria-labelledby': headingId,
          subheader: (
            <ListSubheader id={headingId} role="presentation">
              {t('shell.apps.title')}
            </ListSubheader>
          ),
        }}
      >
        {appEntries.map(({ id, path, labelKey, hintKey, icon: Icon }) => (
          <MenuItem
            key={id}
            component={RouterLink}
            to={path}
            selected={id === currentAppId}
            onClick={handleClose}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t(labelKey)} secondary={t(hintKey)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
