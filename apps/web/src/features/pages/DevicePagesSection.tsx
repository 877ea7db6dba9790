import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import StarOutlined from '@mui/icons-material/Star';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DetailSection } from '../devices/DetailSection.tsx';
import { pageTitle } from './page-title.ts';
import { useDevicePages } from './use-pages.ts';

/** The device page's "Dashboards": its published pages, each opening the viewer for this device. */
export function DevicePagesSection({ agent }: { agent: { publicId: string } }) {
  const { t } = useTranslation();
  const pages = useDevicePages({ kind: 'agent', publicId: agent.publicId });
  const shown = (pages.data ?? []).filter((page) => page.publishedVersion !== null);
  // A company without pages (or a server without them) shows no empty card.
  if (pages.isPending || pages.isError || shown.length === 0) return null;
  return (
    <DetailSection id="device-pages" title={t('pages.menu')}>
      <List dense disablePadding>
        {shown.map((page) => (
          // A list holds list items only: the link sits inside one.
          <ListItem key={page.publicId} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={`/pages/${page.publicId}?agent=${encodeURIComponent(agent.publicId)}`}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                {page.default ? (
                  <StarOutlined color="warning" fontSize="small" />
                ) : (
                  <DashboardOutlined fontSize="small" />
                )}
              </ListItemIcon>
              <ListItemText primary={pageTitle(page)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </DetailSection>
  );
}
