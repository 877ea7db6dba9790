import type { WebSocket, RawData } from 'ws';
import { Multiplexer, ProtocolError, type TunnelStream } from '@fleetgate/tunnel-protocol';
import { relayCloseCodes } from '@fleetgate/contracts';

export type WsLinkOptions = {
  role: 'initiator' | 'acceptor';
  heartbeatMs: number;
  onStream?: (stream: TunnelStream, target: string) => void;
  maxStreams?: number;
};

/** A WebSocket carrying a multiplexer, with a heartbeat that drops a peer that stopped answering. */
export type WsLink = { ws: WebSocket; mux: Multiplexer; close: (code: number, reason: string) => void };

/**
 * Wires a WebSocket to a multiplexer: one binary message per frame; a text message or a malformed
 * frame closes the connection with the protocol-error code and the reason, never crashes. The
 * multiplexer's per-stream credit bounds what can queue in the socket.
 */
export function linkWebSocket(ws: WebSocket, options: WsLinkOptions): WsLink {
  const mux = new Multiplexer({
    role: options.role,
    send: (frame) => {
      if (ws.readyState === ws.OPEN) ws.send(frame);
    },
    ...(options.onStream ? { onStream: options.onStream } : {}),
    ...(options.maxStreams ? { maxStreams: options.maxStreams } : {}),
  });
  const close = (code: number, reason: string) => {
    // Close reasons are limited to 123 bytes by the WebSocket protocol.
    if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(code, truncate(reason));
  };
  ws.on('message', (data, isBinary) => {
    if (!isBinary) return close(relayCloseCodes.protocolError, 'text messages are not part of the protocol');
    try {
      mux.receive(toBytes(data));
    } catch (error) {
      const reason = error instanceof ProtocolError ? error.message : 'malformed frame';
      close(relayCloseCodes.protocolError, reason);
    }
  });
  let alive = true;
  ws.on('pong', () => (alive = true));
  const heartbeat = setInterval(() => {
    if (!alive) return ws.terminate();
    alive = false;
    ws.ping();
  }, options.heartbeatMs);
  heartbeat.unref();
  ws.on('error', () => ws.terminate());
  ws.on('close', (_code, reason) => {
    clearInterval(heartbeat);
    mux.destroy(reason.toString() || 'connection closed');
  });
  return { ws, mux, close };
}

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return Buffer.concat(data);
  return data instanceof ArrayBuffer ? new Uint8Array(data) : data;
}

export function truncate(reason: string): string {
  let text = reason;
  while (Buffer.byteLength(text) > 123) text = text.slice(0, -1);
  return text;
}
