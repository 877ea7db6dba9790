import net from 'node:net';
import type { TunnelStream } from '@fleetgate/tunnel-protocol';
import { resolveTarget, type LanService } from './services.ts';

export type BridgeEvents = {
  onRefused?: (target: string) => void;
  onError?: (target: string, error: Error) => void;
};

/**
 * Connects a tunnel stream to the LAN service it names, if the service is in the list, and
 * copies bytes both ways with backpressure. Refusals and failures reset the stream with a
 * reason the user's side can show.
 */
export function bridgeStream(
  stream: TunnelStream,
  target: string,
  services: readonly LanService[],
  events: BridgeEvents = {},
) {
  const allowed = resolveTarget(services, target);
  if (!allowed) {
    events.onRefused?.(target);
    stream.destroy(new Error(`refused: ${target} is not one of this agent's services`));
    return;
  }
  // Half-open, so a half-close travels through and the service can still answer after it.
  const socket = net.connect({ host: allowed.host, port: allowed.port, allowHalfOpen: true });
  socket.setNoDelay(true);
  socket.on('connect', () => {
    stream.pipe(socket);
    socket.pipe(stream);
  });
  socket.on('error', (error) => {
    events.onError?.(target, error);
    stream.destroy(new Error(`unreachable: ${target} (${error.message})`));
  });
  stream.on('close', () => socket.destroy());
}
