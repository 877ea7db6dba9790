import net from 'node:net';

/** A TCP server on 127.0.0.1 only; `port` 0 picks a free one. Tracks its sockets so close() ends them. */
export class LocalListener {
  readonly #server: net.Server;
  readonly #sockets = new Set<net.Socket>();

  constructor(onSocket: (socket: net.Socket) => void) {
    // Half-open: a tool that has finished sending still receives the rest of the answer.
    this.#server = net.createServer({ noDelay: true, allowHalfOpen: true }, (socket) => {
      this.#sockets.add(socket);
      // A reset by the local client must never take the connector down, whoever handles it next.
      socket.on('error', () => socket.destroy());
      socket.once('close', () => this.#sockets.delete(socket));
      onSocket(socket);
    });
  }

  listen(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
        this.#server.off('error', reject);
        resolve((this.#server.address() as net.AddressInfo).port);
      });
    });
  }

  /** Stops listening and ends every connection it accepted. */
  close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    return new Promise((resolve) => {
      if (!this.#server.listening) return resolve();
      this.#server.close(() => resolve());
    });
  }
}
