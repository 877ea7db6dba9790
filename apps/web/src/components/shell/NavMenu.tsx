import { useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { MenuSection } from '../../app/feature.ts';
import { sectionsOfPath, type NavSection } from './nav-sections.ts';

type NavSectionGroupProps = NavSection & { expanded: boolean; onToggle: (section: MenuSection) => void };

function NavSectionGroup({ section, items, expanded, onToggle }: NavSectionGroupProps) {
  const { t } = useTranslation();
  const listId = `nav-section-${section}`;

  return (
    <li>
      <ListItemButton
        onClick={() => onToggle(section)}
        aria-expanded={expanded}
        aria-controls={listId}
        sx={{ py: 0.5, mt: 1.5 }}
      >
        <ListItemText
          primary={t(`shell.sections.${section}`)}
          slotProps={{ primary: { variant: 'overline', color: 'text.secondary' } }}
        />
        {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={expanded} timeout="auto">
        <List id={listId} disablePadding>
          {items.map(({ id, path, labelKey, icon: Icon }) => (
            // A list holds list items only; the link sits inside one.
            <li key={id}>
              <ListItemButton component={NavLink} to={path} end={path === '/'}>
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={t(labelKey)} />
              </ListItemButton>
            </li>
          ))}
        </List>
      </Collapse>
    </li>
  );
}

/**
 * The menu sections, each collapsible. A section opens by itself when the URL moves to one
 * of its links, so the current screen is never hidden in a collapsed section.
 */
export function NavMenu({ sections }: { sections: NavSection[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState<ReadonlySet<MenuSection>>(new Set());
  const [seenPath, setSeenPath] = useState<string | null>(null);

  if (seenPath !== pathname) {
    setSeenPath(pathname);
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
          />
        ))}
      </List>
    </Box>
  );
}
