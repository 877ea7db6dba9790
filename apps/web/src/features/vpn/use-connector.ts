import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify } from '../../components/notify.tsx';
import {
  fetchConnectorStatus,
  openStatusSocket,
  probeConnector,
  type ConnectorStatus,
} from './connector-client.ts';
import { rememberConnectorSeen } from './local-values.ts';
import { vpnTimings, type ConnectorState } from './vpn-rules.ts';

/** How often, and how many times, a lost connector is tried again before it counts as missing. */
const lostRetryMs = 2500;
const lostRetries = 4;

type Texts = { found: string; unable: string; retry: string };

/**
 * The connector bootstrap: a quiet probe (see `probeConnector`), then `GET /status` and the status
 * WebSocket for live changes. Without a token nothing is looked for. A socket
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
  // Not DOM refs: `generation` makes answers of superseded bootstraps (or after unmount) be
  // ignored; `pushes` counts the status socket's messages, so answers can tell they are stale.
  const [run] = useState(() => ({ generation: 0, pushes: 0 }));
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
      const version = await probeConnector();
      if (mine !== run.generation) return false;
      if (version === null) throw new Error('no connector');
      const first = await fetchConnectorStatus(token);
      if (mine !== run.generation) return false;
      setStatus(first);
      rememberConnectorSeen();
      move('found');
      closeSocket();
      const socket = openStatusSocket(token);
      socketRef.current = socket;
      socket.onmessage = (event) => {
        if (typeof event.data !== 'string') return;
        run.pushes += 1;
        setStatus(JSON.parse(event.data) as ConnectorStatus);
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

  /**
   * Sends a request (connect, disconnect) and shows the status it answers, unless the status
   * socket spoke meanwhile. The answer is the state when the connector took the request, and the
   * socket's news travels apart from it: a connect the relay refused at once is "idle" on the
   * socket before the answer's "connecting" arrives, which must not put it back for good.
   */
  const request = useCallback(
    async (send: () => Promise<ConnectorStatus>) => {
      const pushesBefore = run.pushes;
      const answer = await send();
      if (run.pushes === pushesBefore) setStatus(answer);
    },
    [run],
  );
  return { state, status, check, request };
}
