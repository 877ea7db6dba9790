import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify } from '../../components/notify.tsx';
import { fetchConnectorStatus, openStatusSocket, type ConnectorStatus } from './connector-client.ts';
import { vpnTimings, type ConnectorState } from './vpn-rules.ts';

/** How often, and how many times, a lost connector is tried again before it counts as missing. */
const lostRetryMs = 2500;
const lostRetries = 4;

type Texts = { found: string; unable: string; retry: string };

/**
 * The connector bootstrap: `GET /status`, then the status WebSocket for live changes. A socket
 * that drops makes the connector "lost" (retried a few times); still silent, it becomes
 * "missing" with an Unable-to-communicate snack bar that stays until Retry (spec §4).
 */
export function useConnector(token: string | undefined, texts: Texts) {
  const { notify, dismiss } = useNotify();
  const [state, setState] = useState<ConnectorState | 'checking'>('checking');
  const [status, setStatus] = useState<ConnectorStatus | null>(null);
  const stateRef = useRef(state);
  const socketRef = useRef<WebSocket | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Not a DOM ref: a counter that makes answers of superseded bootstraps (or after unmount) be ignored.
  const [run] = useState(() => ({ generation: 0 }));
  const textsRef = useRef(texts);
  textsRef.current = texts;

  const move = useCallback(
    (next: ConnectorState) => {
      const previous = stateRef.current;
      stateRef.current = next;
      setState(next);
      if (previous === next) return;
      if (next === 'found') dismiss('vpn-connector');
      if (previous === 'missing' && next === 'found') {
        notify(textsRef.current.found, { durationMs: vpnTimings.foundSnackMs, key: 'vpn-connector' });
      }
      if (previous === 'lost' && next === 'missing') {
        notify(textsRef.current.unable, {
          durationMs: null,
          key: 'vpn-connector',
          action: { label: textsRef.current.retry, onClick: () => void bootstrapRef.current() },
        });
      }
    },
    [notify, dismiss],
  );

  const closeSocket = () => {
    const socket = socketRef.current;
    socketRef.current = null;
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
  };

  const bootstrapRef = useRef<(attempt?: number) => Promise<boolean>>(async () => false);
  bootstrapRef.current = async (attempt = 0) => {
    clearTimeout(timerRef.current);
    if (!token) return false;
    const mine = ++run.generation;
    try {
      const first = await fetchConnectorStatus(token);
      if (mine !== run.generation) return false;
      setStatus(first);
      move('found');
      closeSocket();
      const socket = openStatusSocket(token);
      socketRef.current = socket;
      socket.onmessage = (event) => {
        if (typeof event.data === 'string') setStatus(JSON.parse(event.data) as ConnectorStatus);
      };
      socket.onclose = () => {
        if (socketRef.current !== socket) return;
        socketRef.current = null;
        move('lost');
        timerRef.current = setTimeout(() => void bootstrapRef.current(1), lostRetryMs);
      };
      return true;
    } catch {
      if (mine !== run.generation) return false;
      if (stateRef.current === 'lost' && attempt > 0 && attempt < lostRetries) {
        timerRef.current = setTimeout(() => void bootstrapRef.current(attempt + 1), lostRetryMs);
      } else {
        move('missing');
      }
      return false;
    }
  };

  useEffect(() => {
    void bootstrapRef.current();
    return () => {
      run.generation++;
      clearTimeout(timerRef.current);
      closeSocket();
    };
  }, [token, run]);

  /** One check without the lost-retry chain: the installer dialog polls with it. */
  const check = useCallback(() => bootstrapRef.current(), []);
  return { state, status, setStatus, check };
}
