import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import RFB from '@novnc/novnc';
import { useTranslation } from 'react-i18next';
import type { ViewerTarget } from './viewer-store.ts';
import { createWebAccessSession, endWebAccessSession } from './web-access-api.ts';
import { webAccessErrorText } from './open-web-page.ts';
import { isOver, statusOfClose, type ViewerStatus } from './vnc-status.ts';

type Options = {
  target: ViewerTarget;
  viewOnly: boolean;
  fit: boolean;
  screen: RefObject<HTMLDivElement | null>;
};

/**
 * One VNC connection of the viewer: a web access session from the server, its WebSocket (RFB as
 * binary messages, bridged by the relay to the device) handed to noVNC. Switching view-only and
 * full control, or connecting again, makes a new session; leaving (close, unmount) disconnects
 * and ends the session on the server. The WebSocket is opened here rather than by noVNC so the
 * relay's close code and reason (access revoked by whom, expired, device gone) can be read.
 */
export function useVncConnection({ target, viewOnly, fit, screen }: Options) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ViewerStatus>({ kind: 'connecting' });
  const [deviceClipboard, setDeviceClipboard] = useState('');
  const [attempt, setAttempt] = useState(0);
  const rfbRef = useRef<RFB | null>(null);
  const fitRef = useRef(fit);
  fitRef.current = fit;
  const agentId = target.agent.publicId;
  const serverId = target.server.publicId;

  useEffect(() => {
    let left = false;
    let sessionId: string | null = null;
    let rfb: RFB | null = null;
    // noVNC complains when asked to disconnect what the other side already closed.
    let disconnected = false;
    setStatus({ kind: 'connecting' });
    const settle = (next: ViewerStatus) => {
      if (!left) setStatus((current) => (isOver(current) ? current : next));
    };
    createWebAccessSession(agentId, serverId, viewOnly).then(
      (session) => {
        sessionId = session.publicId;
        if (left || !screen.current) {
          void endWebAccessSession(session.publicId).catch(() => undefined);
          return;
        }
        const socket = new WebSocket(session.url);
        socket.binaryType = 'arraybuffer';
        // Registered before noVNC attaches, so it runs first and the reason wins.
        socket.addEventListener('close', (event) => settle(statusOfClose(event.code, event.reason)));
        rfb = new RFB(screen.current, socket, { shared: true });
        rfb.viewOnly = viewOnly;
        rfb.scaleViewport = fitRef.current;
        rfb.background = '#111';
        rfb.addEventListener('connect', () => {
          if (!left) setStatus({ kind: 'connected' });
        });
        rfb.addEventListener('disconnect', () => {
          disconnected = true;
          settle({ kind: 'closed' });
        });
        rfb.addEventListener('credentialsrequired', () => {
          if (!left) setStatus((current) => ({ kind: 'password', failed: current.kind === 'password' }));
        });
        rfb.addEventListener('securityfailure', () =>
          settle({ kind: 'error', message: t('webAccess.viewer.status.passwordFailed') }),
        );
        rfb.addEventListener('clipboard', (event) => {
          if (!left) setDeviceClipboard((event as CustomEvent<{ text: string }>).detail.text);
        });
        rfbRef.current = rfb;
      },
      (error: unknown) => settle({ kind: 'error', message: webAccessErrorText(t, error) }),
    );
    return () => {
      left = true;
      rfbRef.current = null;
      if (!disconnected) rfb?.disconnect();
      if (sessionId) void endWebAccessSession(sessionId).catch(() => undefined);
    };
    // `t` only words an error; a language change must not reconnect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [agentId, serverId, viewOnly, attempt, screen]);

  useEffect(() => {
    if (rfbRef.current) rfbRef.current.scaleViewport = fit;
  }, [fit, status]);

  return {
    status,
    deviceClipboard,
    reconnect: useCallback(() => setAttempt((n) => n + 1), []),
    sendCtrlAltDel: useCallback(() => rfbRef.current?.sendCtrlAltDel(), []),
    sendClipboard: useCallback((text: string) => rfbRef.current?.clipboardPasteFrom(text), []),
    sendPassword: useCallback((password: string) => {
      setStatus({ kind: 'connecting' });
      rfbRef.current?.sendCredentials({ password });
    }, []),
  };
}
