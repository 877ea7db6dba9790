import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { hasCapability, useCurrentUser } from '../../auth/current-user.tsx';
import { ClipboardPanel } from './ClipboardPanel.tsx';
import { MinimisedViewer } from './MinimisedViewer.tsx';
import { PasswordPrompt } from './PasswordPrompt.tsx';
import { ViewerToolbar } from './ViewerToolbar.tsx';
import { useVncConnection } from './use-vnc-connection.ts';
import { viewerStore, type ViewerTarget } from './viewer-store.ts';
import { describeStatus, isOver } from './vnc-status.ts';

type Props = { target: ViewerTarget; minimised: boolean };

/**
 * The portal's screen viewer: a window over the page (not a route, so it stays while the user
 * moves on), the device's screen through noVNC, and a toolbar. Full control needs
 * agents.remoteControl and is the default for those who hold it (the server's own default);
 * switching reconnects with a new session. Minimised, the window is hidden but stays connected,
 * and a small bar in the bottom-left corner brings it back or closes it.
 */
export function VncViewer({ target, minimised }: Props) {
  const { t } = useTranslation();
  const mayControl = hasCapability(useCurrentUser(), 'agents.remoteControl');
  const [viewOnly, setViewOnly] = useState(!mayControl);
  const [fit, setFit] = useState(true);
  const [clipboardOpen, setClipboardOpen] = useState(false);
  const windowRef = useRef<HTMLDivElement>(null);
  const screen = useRef<HTMLDivElement>(null);
  const connection = useVncConnection({ target, viewOnly, fit, screen });
  const label = t('webAccess.viewer.label', { device: target.agent.name, service: target.server.name });
  const { status } = connection;
  // Opened or restored, the viewer takes the focus, so the keyboard is where the user looks.
  useEffect(() => {
    if (!minimised) windowRef.current?.focus();
  }, [minimised]);
  // Over the screen once the connection ended: why, in the toolbar's words.
  const overText = describeStatus(t, status);

  return (
    <>
      <Paper
        ref={windowRef}
        role="dialog"
        aria-label={label}
        data-web-viewer={minimised ? 'minimised' : 'open'}
        tabIndex={-1}
        elevation={12}
        sx={(theme) => ({
          position: 'fixed',
          inset: { xs: 0, sm: 24 },
          zIndex: theme.zIndex.drawer + 2,
          display: 'flex',
          flexDirection: 'column',
          overflow: 'hidden',
          outline: 'none',
          // Minimised it stays laid out (and connected) but neither seen nor in the way.
          visibility: minimised ? 'hidden' : 'visible',
        })}
      >
        <ViewerToolbar
          title={label}
          status={connection.status}
          viewOnly={viewOnly}
          fit={fit}
          clipboardOpen={clipboardOpen}
          onToggleFit={() => setFit((value) => !value)}
          onToggleClipboard={() => setClipboardOpen((value) => !value)}
          onFullScreen={() => void windowRef.current?.requestFullscreen?.()}
          onCtrlAltDel={connection.sendCtrlAltDel}
          onMinimise={() => viewerStore.minimise()}
          onClose={() => viewerStore.close()}
          mode={
            mayControl && (
              <ToggleButtonGroup
                size="small"
                exclusive
                value={viewOnly ? 'view' : 'control'}
                aria-label={t('webAccess.viewer.mode')}
                onChange={(_event, value: 'view' | 'control' | null) =>
                  value && setViewOnly(value === 'view')
                }
              >
                <ToggleButton value="view">{t('webAccess.viewer.viewOnly')}</ToggleButton>
                <ToggleButton value="control">{t('webAccess.viewer.fullControl')}</ToggleButton>
              </ToggleButtonGroup>
            )
          }
        />
        {clipboardOpen && (
          <ClipboardPanel
            deviceText={connection.deviceClipboard}
            onSend={viewOnly ? null : connection.sendClipboard}
            connected={status.kind === 'connected'}
          />
        )}
        <Box sx={{ position: 'relative', flex: 1, minHeight: 0, bgcolor: '#111' }}>
          <Box
            ref={screen}
            role="img"
            aria-label={t('webAccess.viewer.screen')}
            data-web-viewer-screen=""
            sx={{ position: 'absolute', inset: 0, overflow: 'auto' }}
          />
          {status.kind === 'password' && (
            <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
              <PasswordPrompt message={overText} onSend={connection.sendPassword} />
            </Box>
          )}
          {isOver(connection.status) && (
            <Box
              sx={{
                position: 'absolute',
                inset: 0,
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                gap: 2,
                bgcolor: 'rgba(0, 0, 0, 0.6)',
              }}
            >
              <Button variant="contained" onClick={connection.reconnect}>
                {t('webAccess.viewer.reconnect')}
              </Button>
              <Typography variant="body2" sx={{ color: '#fff' }}>
                {overText}
              </Typography>
            </Box>
          )}
        </Box>
      </Paper>
      {minimised && <MinimisedViewer target={target} />}
    </>
  );
}
