import WebSocket, { type RawData } from 'ws';
import {
  defaultMaxPayload,
  headerLength,
  Multiplexer,
  ProtocolError,
  type TunnelStream,
  zeroMask,
} from '@fleetgate/tunnel-protocol';
import { relayCloseCodes, type TunnelTicket } from '@fleetgate/contracts';
import type { ForceProtocol } from './settings.ts';

export type RelayClosed = { code: number; reason: string };

/** One open relay session: streams to the agent's services, and how it ended. */
export type RelayLink = {
  open: (target: string) => TunnelStream;
  /** Resolves once, when the WebSocket is gone (closed by either side or dropped). */
  closed: Promise<RelayClosed>;
  close: (reason: string) => void;
};

/** The relay answered the upgrade with an HTTP status instead of 101 (e.g. 401 for a spent ticket). */
export class RelayRefused extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`the relay refused the session (${status})`);
    this.status = status;
  }
}

export type RelayLinkOptions = {
  forceProtocol: ForceProtocol;
  signal?: AbortSignal | undefined;
  /** The relay pings regularly; this long without any sign of it the session counts as dead. */
  silenceTimeoutMs?: number;
};

const familyOf = { tcp: undefined, tcp4: 4, tcp6: 6 } as const;

/**
 * Opens the client side of a relay session with the ticket and runs the multiplexer as the
 * initiator. Force protocol picks the address family of the underlying TCP connect.
 */
export function openRelayLink(ticket: Pick<TunnelTicket, 'relayUrl' | 'ticket'>, options: RelayLinkOptions) {
  const url = new URL(ticket.relayUrl);
  url.searchParams.set('ticket', ticket.ticket);
  const family = familyOf[options.forceProtocol];
  const ws = new WebSocket(url, {
    maxPayload: headerLength + defaultMaxPayload,
    handshakeTimeout: 15_000,
    perMessageDeflate: false,
    generateMask: zeroMask,
    ...(family === undefined ? {} : { family }),
  });
  const mux = new Multiplexer({
    role: 'initiator',
    send: (frame, written) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(frame, written);
    },
  });

  let silence: NodeJS.Timeout | undefined;
  const alive = () => {
    clearTimeout(silence);
    silence = setTimeout(() => ws.terminate(), options.silenceTimeoutMs ?? 60_000);
  };
  const closed = new Promise<RelayClosed>((resolve) =>
    ws.once('close', (code, reason) => {
      clearTimeout(silence);
      mux.destroy(reason.toString() || 'relay connection closed');
      resolve({ code, reason: reason.toString() });
    }),
  );
  ws.on('ping', alive);
  ws.on('message', (data, isBinary) => {
    alive();
    if (!isBinary)
      return ws.close(relayCloseCodes.protocolError, 'text messages are not part of the protocol');
    try {
      mux.receive(toBytes(data));
    } catch (error) {
      const reason = error instanceof ProtocolError ? error.message : 'malformed frame';
      ws.close(relayCloseCodes.protocolError, reason.slice(0, 120));
    }
  });

  return new Promise<RelayLink>((resolve, reject) => {
    let lastError: Error | undefined;
    const abort = () => {
      ws.terminate();
      reject(options.signal?.reason instanceof Error ? options.signal.reason : new Error('aborted'));
    };
    if (options.signal?.aborted) return abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    ws.on('unexpected-response', (_request, response) => {
      response.resume();
      options.signal?.removeEventListener('abort', abort);
      reject(new RelayRefused(response.statusCode ?? 0));
      ws.terminate();
    });
    ws.on('error', (error) => (lastError = error));
    ws.once('open', () => {
      options.signal?.removeEventListener('abort', abort);
      alive();
      resolve({
        open: (target) => mux.open(target),
        closed,
        close: (reason) => {
          if (ws.readyState === WebSocket.OPEN) {
            ws.close(1000, reason);
            // A relay that does not answer the close handshake is cut.
            setTimeout(() => ws.terminate(), 2000).unref();
          } else ws.terminate();
        },
      });
    });
    // Closed before it opened: not reachable (a refusal was rejected above already).
    void closed.then(() => reject(lastError ?? new Error('the relay closed the connection')));
  });
}

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return Buffer.concat(data);
  return data instanceof ArrayBuffer ? new Uint8Array(data) : data;
}
