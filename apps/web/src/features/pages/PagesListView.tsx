import { useState } from 'react';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import StarOutlined from '@mui/icons-material/Star';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Page } from '@fleetgate/contracts';
import { pageTitle } from './page-title.ts';

export type PageAction = 'open' | 'edit' | 'duplicate' | 'setDefault' | 'export' | 'delete';

const manageActions: PageAction[] = ['edit', 'duplicate', 'setDefault', 'export', 'delete'];

/** The pages the user sees, default first marked, with a menu of actions per page. */
export function PagesListView({
  pages,
  mayManage,
  onAction,
}: {
  pages: readonly Page[];
  mayManage: boolean;
  onAction: (page: Page, action: PageAction) => void;
}) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; page: Page } | null>(null);
  const actions: PageAction[] = mayManage ? ['open', ...manageActions] : ['open'];
  return (
    <Paper variant="outlined">
      <List disablePadding>
        {pages.map((page) => {
          const title = pageTitle(page);
          return (
            <ListItem
              key={page.publicId}
              divider
              disablePadding
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('pages.actions', { title })}
                  onClick={(event) => setMenu({ anchor: event.currentTarget, page })}
                >
                  <MoreVert />
                </IconButton>
              }
            >
              <ListItemButton component={RouterLink} to={`/pages/${page.publicId}`}>
                <ListItemIcon sx={{ minWidth: 40 }}>
                  {page.default ? <StarOutlined color="warning" /> : <DashboardOutlined />}
                </ListItemIcon>
                <ListItemText
                  primary={title}
                  secondary={
                    <Stack component="span" direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
                      {page.default && (
                        <Chip component="span" size="small" color="warning" label={t('pages.default')} />
                      )}
                      {page.draftVersion && <Chip component="span" size="small" label={t('pages.draft')} />}
                      {!page.publishedVersion && (
                        <Chip
                          component="span"
                          size="small"
                          variant="outlined"
                          label={t('pages.notPublished')}
                        />
                      )}
                      {[...page.agents, ...page.assets].slice(0, 3).map((device) => (
                        <Chip
                          key={device.publicId}
                          component="span"
                          size="small"
                          variant="outlined"
                          label={device.name}
                        />
                      ))}
                    </Stack>
                  }
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action}
            disabled={action === 'setDefault' && menu?.page.default}
            onClick={() => {
              const page = menu!.page;
              setMenu(null);
              onAction(page, action);
            }}
          >
            {t(`pages.${action}`)}
          </MenuItem>
        ))}
      </Menu>
    </Paper>
  );
}
