import { useEffect, useRef } from 'react';
import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { NavItem } from './nav-sections.ts';

type NavMenuItemProps = {
  item: NavItem;
  /** Whether the item's children show; only items with children use it. */
  expanded: boolean;
  onToggle: (id: string) => void;
};

/**
 * One menu link. An item with children (group types under Groups) has a button beside the link
 * that shows or hides them; the link itself is highlighted only on its own page, as the children
 * mark the pages below it.
 */
export function NavMenuItem({ item, expanded, onToggle }: NavMenuItemProps) {
  const { t } = useTranslation();
  const { id, path, labelKey, icon: Icon, children } = item;
  const label = t(labelKey);
  const hasChildren = children !== undefined && children !== null;
  const childrenId = `nav-item-${id}-children`;
  const childrenRef = useRef<HTMLDivElement>(null);
  // Opened low in a long menu, the children are scrolled into view rather than cut off: once
  // open, and again when they grow (the types load after the item opens).
  const scrollIntoView = () => childrenRef.current?.scrollIntoView({ block: 'nearest' });
  useEffect(() => {
    const node = childrenRef.current;
    if (!expanded || !node) return;
    const observer = new ResizeObserver(() => node.scrollIntoView({ block: 'nearest' }));
    observer.observe(node);
    return () => observer.disconnect();
  }, [expanded]);

  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <ListItemButton component={NavLink} to={path} end={path === '/' || hasChildren} sx={{ minWidth: 0 }}>
          <ListItemIcon sx={{ minWidth: 40 }}>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={label} />
        </ListItemButton>
        {hasChildren && (
          <IconButton
            size="small"
            aria-label={t('shell.showChildren', { name: label })}
            aria-expanded={expanded}
            aria-controls={childrenId}
            onClick={() => onToggle(id)}
            sx={{ ml: 0.5 }}
          >
            {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
          </IconButton>
        )}
      </Box>
      {hasChildren && (
        <Collapse in={expanded} timeout="auto" unmountOnExit onEntered={scrollIntoView}>
          <Box ref={childrenRef} id={childrenId} sx={{ pl: 2, pb: 1 }}>
            {children}
          </Box>
        </Collapse>
      )}
    </ListItem>
  );
}
