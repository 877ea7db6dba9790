import type net from 'node:net';
import type { TunnelStream } from '@fleetgate/tunnel-protocol';

/**
 * Copies bytes both ways between a local socket and a tunnel stream with backpressure; half
 * closes travel through, and either side failing ends both.
 */
export function bridge(socket: net.Socket, stream: TunnelStream) {
  socket.setNoDelay(true);
  socket.pipe(stream);
  stream.pipe(socket);
  socket.on('error', () => stream.destroy());
  stream.on('error', () => socket.destroy());
  socket.on('close', () => {
    if (!stream.writableEnded) stream.destroy();
  });
  stream.on('close', () => {
    if (!socket.writableEnded) socket.destroy();
  });
}
