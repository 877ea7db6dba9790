import { useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLiveEvent } from '../../api/live-events.tsx';
import { menuItemIconComponents } from './menu-item-icons.ts';
import { sortMenuItems, useMenuItemLabel } from './menu-item-label.ts';
import { menuItemsKey, useMyMenuItems } from './use-menu-items.ts';

/**
 * The company's links meant for the member, as the last section of the left menu ("LINKS").
 * Each opens its https address in a new tab; the list follows changes live.
 */
export function MenuLinksNav({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const labelOf = useMenuItemLabel();
  const items = useMyMenuItems(companyId);
  const [expanded, setExpanded] = useState(true);
  useLiveEvent('MenuItemsChanged', () => {
    void queryClient.invalidateQueries({ queryKey: menuItemsKey });
  });

  const links = sortMenuItems(items.data ?? []);
  if (links.length === 0) return null;
  const listId = 'nav-section-LINKS';
  return (
    <Box component="nav" aria-label={t('menuItems.navLabel')} sx={{ px: 1.5, pb: 1 }}>
      <List disablePadding>
        <li>
          <ListItemButton
            onClick={() => setExpanded((open) => !open)}
            aria-expanded={expanded}
            aria-controls={listId}
            sx={{ py: 0.25, mt: 1 }}
          >
            <ListItemText
              primary={t('menuItems.section')}
              slotProps={{ primary: { variant: 'overline', color: 'text.secondary' } }}
            />
            {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
          </ListItemButton>
          <Collapse in={expanded} timeout="auto">
            <List id={listId} dense disablePadding>
              {links.map((item) => {
                const Icon = menuItemIconComponents[item.icon];
                const label = labelOf(item);
                return (
                  <ListItem key={item.publicId} disablePadding>
                    <ListItemButton
                      component="a"
                      href={item.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('menuItems.opensInNewTab', { name: label })}
                    >
                      <ListItemIcon sx={{ minWidth: 40 }}>
                        <Icon fontSize="small" />
                      </ListItemIcon>
                      <ListItemText primary={label} slotProps={{ primary: { noWrap: true, title: label } }} />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          </Collapse>
        </li>
      </List>
    </Box>
  );
}
