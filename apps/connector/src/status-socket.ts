import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { errorMessages } from '@fleetgate/contracts';
import { HttpError } from './http-io.ts';
import { admit, portalOf, tokenHeader, verifyToken, type LocalApiContext } from './local-api.ts';
import type { ConnectorStatus } from './status.ts';

/**
 * The WebSocket on `/` that pushes the status on every change (and once on opening). Browsers
 * cannot set headers on a WebSocket, so the token may come as `?token=`.
 */
export class StatusSocket {
  readonly #ctx: LocalApiContext;
  readonly #wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });

  constructor(ctx: LocalApiContext) {
    this.#ctx = ctx;
    ctx.status.on('change', this.#broadcast);
  }

  readonly handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    this.#admit(request).then(
      () => this.#wss.handleUpgrade(request, socket, head, (ws) => this.#attach(ws)),
      (error: unknown) => {
        const status = error instanceof HttpError ? error.status : 500;
        socket.end(
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
        );
      },
    );
  };

  close() {
    this.#ctx.status.off('change', this.#broadcast);
    for (const ws of this.#wss.clients) ws.terminate();
    this.#wss.close();
  }

  async #admit(request: IncomingMessage) {
    const url = new URL(request.url ?? '/', 'http://connector');
    if (url.pathname !== '/') throw new HttpError(404, [{ message: errorMessages.notFound }]);
    const caller = admit(this.#ctx, request, ['portal', 'local']);
    const fromHeader = request.headers[tokenHeader.toLowerCase()];
    const token = (typeof fromHeader === 'string' ? fromHeader : undefined) ?? url.searchParams.get('token');
    if (!token) throw new HttpError(401, [{ message: errorMessages.unauthenticated }]);
    await verifyToken(this.#ctx, portalOf(this.#ctx, caller), token);
  }

  #attach(ws: WebSocket) {
    ws.on('error', () => ws.terminate());
    // The page only listens; anything it sends is ignored.
    ws.send(JSON.stringify(this.#ctx.status.current));
  }

  readonly #broadcast = (status: ConnectorStatus) => {
    const text = JSON.stringify(status);
    for (const ws of this.#wss.clients) if (ws.readyState === ws.OPEN) ws.send(text);
  };
}
