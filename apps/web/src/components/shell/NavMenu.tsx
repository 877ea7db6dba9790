import { useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { MenuSection } from '../../app/feature.ts';
import { NavMenuItem } from './NavMenuItem.tsx';
import { isItemExpanded, sectionsOfPath, type NavItem, type NavSection } from './nav-sections.ts';

type NavSectionGroupProps = NavSection & {
  expanded: boolean;
  onToggle: (section: MenuSection) => void;
  isItemExpanded: (item: NavItem) => boolean;
  onToggleItem: (id: string) => void;
};

function NavSectionGroup({
  section,
  items,
  expanded,
  onToggle,
  isItemExpanded,
  onToggleItem,
}: NavSectionGroupProps) {
  const { t } = useTranslation();
  const listId = `nav-section-${section}`;

  return (
    <li>
      <ListItemButton
        onClick={() => onToggle(section)}
        aria-expanded={expanded}
        aria-controls={listId}
        sx={{ py: 0.25, mt: 1 }}
      >
        <ListItemText
          primary={t(`shell.sections.${section}`)}
          slotProps={{ primary: { variant: 'overline', color: 'text.secondary' } }}
        />
        {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={expanded} timeout="auto">
        {/* Dense links keep the whole menu, with the current item's children, in a laptop's window. */}
        <List id={listId} dense disablePadding>
          {items.map((item) => (
            <NavMenuItem key={item.id} item={item} expanded={isItemExpanded(item)} onToggle={onToggleItem} />
          ))}
        </List>
      </Collapse>
    </li>
  );
}

/**
 * The menu sections, each collapsible. A section opens by itself when the URL moves to one
 * of its links, so the current screen is never hidden in a collapsed section. Items with
 * children show them while the URL starts with their link (console spec); the user may open
 * or close them by hand until the URL changes again.
 */
export function NavMenu({ sections }: { sections: NavSection[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState<ReadonlySet<MenuSection>>(new Set());
  const [seenPath, setSeenPath] = useState<string | null>(null);
  const [itemToggles, setItemToggles] = useState<ReadonlyMap<string, boolean>>(new Map());

  if (seenPath !== pathname) {
    setSeenPath(pathname);
    if (itemToggles.size > 0) setItemToggles(new Map());
    const current = sectionsOfPath(sections, pathname);
    if (current.some((section) => collapsed.has(section))) {
      setCollapsed(new Set([...collapsed].filter((section) => !current.includes(section))));
    }
  }

  const handleToggle = (section: MenuSection) =>
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (next.has(section)) next.delete(section);
      else next.add(section);
      return next;
    });

  const isExpanded = (item: NavItem) => isItemExpanded(item, pathname, itemToggles);
  const handleToggleItem = (id: string) => {
    const item = sections.flatMap((group) => group.items).find((candidate) => candidate.id === id);
    if (item) setItemToggles(new Map(itemToggles).set(id, !isExpanded(item)));
  };

  if (sections.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2.5, py: 2 }}>
        {t('shell.emptyMenu')}
      </Typography>
    );
  }
  return (
    <Box component="nav" aria-label={t('shell.navigation')} sx={{ px: 1.5 }}>
      <List disablePadding>
        {sections.map((group) => (
          <NavSectionGroup
            key={group.section}
            {...group}
            expanded={!collapsed.has(group.section)}
            onToggle={handleToggle}
            isItemExpanded={isExpanded}
            onToggleItem={handleToggleItem}
          />
        ))}
      </List>
    </Box>
  );
}
