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
import { NavLink } from 'react-router';
import type { NavSection } from './nav-sections.ts';

function NavSectionGroup({ section, items }: NavSection) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(true);
  const listId = `nav-section-${section}`;

  const handleToggle = () => setExpanded((current) => !current);

  return (
    <li>
      <ListItemButton
        onClick={handleToggle}
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
            <ListItemButton key={id} component={NavLink} to={path} end={path === '/'}>
              <ListItemIcon sx={{ minWidth: 40 }}>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={t(labelKey)} />
            </ListItemButton>
          ))}
        </List>
      </Collapse>
    </li>
  );
}

export function NavMenu({ sections }: { sections: NavSection[] }) {
  const { t } = useTranslation();
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
          <NavSectionGroup key={group.section} {...group} />
        ))}
      </List>
    </Box>
  );
}
