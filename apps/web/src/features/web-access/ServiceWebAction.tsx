import Button from '@mui/material/Button';
import DesktopWindowsOutlined from '@mui/icons-material/DesktopWindowsOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import type { Agent, AgentServer } from '@fleetgate/contracts';
import { useOpenWebPage } from './use-open-web-page.ts';
import { viewerStore } from './viewer-store.ts';
import { mayUseWeb, webActionOf } from './web-access-rules.ts';

type Props = {
  agent: Pick<Agent, 'publicId' | 'name' | 'status' | 'myAccess' | 'webAccessLocked'>;
  server: AgentServer;
  size?: 'small' | 'medium';
};

/**
 * A service's web access in one button: Open (its web page in a new tab) for http and https,
 * View screen (the portal's viewer) for vnc; nothing for tcp or without web access.
 * Disabled while the device is offline.
 */
export function ServiceWebAction({ agent, server, size = 'small' }: Props) {
  const { t } = useTranslation();
  const openWebPage = useOpenWebPage();
  const action = webActionOf(server);
  if (!action || !mayUseWeb(agent, server)) return null;
  const offline = agent.status !== 'online';
  if (action === 'open') {
    return (
      <Button
        size={size}
        variant="outlined"
        startIcon={<OpenInNew />}
        disabled={offline}
        aria-label={t('webAccess.openService', { name: server.name })}
        onClick={() => void openWebPage(agent, server)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('webAccess.open')}
      </Button>
    );
  }
  return (
    <Button
      size={size}
      variant="outlined"
      startIcon={<DesktopWindowsOutlined />}
      disabled={offline}
      aria-label={t('webAccess.viewScreenOf', { name: server.name })}
      onClick={() =>
        viewerStore.open({
          agent: { publicId: agent.publicId, name: agent.name },
          server: { publicId: server.publicId, name: server.name },
        })
      }
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t('webAccess.viewScreen')}
    </Button>
  );
}
