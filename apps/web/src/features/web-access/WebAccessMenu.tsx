import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import DesktopWindowsOutlined from '@mui/icons-material/DesktopWindowsOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import type { Agent, AgentServer } from '@fleetgate/contracts';
import { ServiceWebAction } from './ServiceWebAction.tsx';
import { useOpenWebPage } from './use-open-web-page.ts';
import { viewerStore } from './viewer-store.ts';
import { mayUseWeb, webActionOf } from './web-access-rules.ts';

/**
 * Web access from the devices list, beside Connect: the one web service's own button, or a menu
 * of them (Open for a web page, View screen for a screen) when the device has several.
 */
export function WebAccessMenu({ agent }: { agent: Agent }) {
  const { t } = useTranslation();
  const openWebPage = useOpenWebPage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const services = agent.servers.filter((server) => webActionOf(server) && mayUseWeb(agent, server));
  if (services.length === 0) return null;
  if (services.length === 1) return <ServiceWebAction agent={agent} server={services[0]!} />;
  const choose = (server: AgentServer) => {
    setAnchor(null);
    if (webActionOf(server) === 'open') void openWebPage(agent, server);
    else
      viewerStore.open({
        agent: { publicId: agent.publicId, name: agent.name },
        server: { publicId: server.publicId, name: server.name },
      });
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        endIcon={<ArrowDropDown />}
        disabled={agent.status !== 'online'}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        aria-label={t('webAccess.menuOf', { name: agent.name })}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('webAccess.menu')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {services.map((server) => (
          <MenuItem key={server.publicId} onClick={() => choose(server)}>
            <ListItemIcon>
              {webActionOf(server) === 'open' ? (
                <OpenInNew fontSize="small" />
              ) : (
                <DesktopWindowsOutlined fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText
              primary={server.name}
              secondary={t(webActionOf(server) === 'open' ? 'webAccess.open' : 'webAccess.viewScreen')}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
