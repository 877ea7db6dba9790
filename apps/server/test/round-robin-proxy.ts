import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP load balancer for tests, as an operator would put in front of several server processes:
 * each new connection goes to the next backend in turn, without stickiness and without knowing
 * HTTP or WebSocket. A backend that refuses is skipped (as a health-checking balancer would);
 * when all refuse, the client's connection is dropped.
 */
export type RoundRobinProxy = {
  url: string;
  /** Stops accepting and cuts every connection it carries. */
  close: () => Promise<void>;
};

export async function startRoundRobinProxy(backends: () => readonly number[]): Promise<RoundRobinProxy> {
  let next = 0;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    track(client);
    client.pause();
    const ports = backends();
    const connect = (tries: number) => {
      if (tries >= ports.length) return client.destroy();
      const port = ports[next++ % ports.length]!;
      const upstream = net.connect(port, '127.0.0.1');
      upstream.once('error', () => {
        upstream.destroy();
        connect(tries + 1);
      });
      upstream.once('connect', () => {
        track(upstream);
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    connect(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
