import { useId, useState, type MouseEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Divider from '@mui/material/Divider';
import Apps from '@mui/icons-material/Apps';
import Dashboard from '@mui/icons-material/DashboardOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { AppKey } from '@fleetgate/contracts';
import { appIcons } from '../../features/apps/app-icons.ts';
import { useCompanyApps } from '../../features/apps/use-installed-apps.ts';

type AppEntry = { id: string; path: string; labelKey: ParseKeys; hintKey: ParseKeys; icon: SvgIconComponent };

/** The console; the company's installed apps follow it in the menu. */
const appEntries: AppEntry[] = [
  {
    id: 'console',
    path: '/',
    labelKey: 'shell.apps.console',
    hintKey: 'shell.apps.consoleHint',
    icon: Dashboard,
  },
];

/** The app whose page `pathname` is, if any (`/apps/dataLogging`). */
function appOfPath(pathname: string): string | undefined {
  return /^\/apps\/([^/]+)$/.exec(pathname)?.[1];
}

/**
 * The top-bar apps menu: the console, then every app the company installed (each opens its
 * page), for every member. An uninstalled app is not listed.
 */
export function AppsMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const headingId = useId();
  const installed = (useCompanyApps().data ?? []).filter((app) => app.installed);
  const currentApp = appOfPath(useLocation().pathname);
  const currentAppId = currentApp ?? 'console';
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
        {installed.length > 0 && <Divider component="li" role="presentation" />}
        {installed.map(({ publicId }) => (
          <InstalledAppItem
            key={publicId}
            app={publicId}
            selected={publicId === currentApp}
            onClick={handleClose}
          />
        ))}
      </Menu>
    </>
  );
}

function InstalledAppItem({
  app,
  selected,
  onClick,
}: {
  app: AppKey;
  selected: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const Icon = appIcons[app];
  return (
    <MenuItem component={RouterLink} to={`/apps/${app}`} selected={selected} onClick={onClick}>
      <ListItemIcon>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={t(`apps.names.${app}`)} />
    </MenuItem>
  );
}
