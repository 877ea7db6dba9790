/**
 * A reference for the tunnel's ratio, in its own process: the least a Node process in the path
 * can cost, a plain TCP proxy (socket.pipe both ways) to the next port. The benchmark chains
 * three, as the tunnel has three processes in a row (connector, server, agent).
 */
import net from 'node:net';
import { once } from 'node:events';
import { serveRole } from './ipc.ts';

let server: net.Server | undefined;

serveRole(
  {
    start: async (payload) => {
      const target = payload as number;
      server = net.createServer((socket) => {
        const upstream = net.connect({ host: '127.0.0.1', port: target });
        socket.pipe(upstream).pipe(socket);
        socket.on('error', () => upstream.destroy());
        upstream.on('error', () => socket.destroy());
      });
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      return (server.address() as net.AddressInfo).port;
    },
  },
  async () => {
    server?.close();
  },
);
