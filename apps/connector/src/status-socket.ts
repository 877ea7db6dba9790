import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { errorMessages } from '@fleetgate/contracts';
import { HttpError } from './http-io.ts';
import { admit, portalOf, tokenHeader, verifyToken, type LocalApiContext } from './local-api.ts';
import { statusFor, type ConnectorStatus } from './status.ts';

/**
 * The WebSocket on `/` that pushes the status on every change (and once on opening). Browsers
 * cannot set headers on a WebSocket, so the token may come as `?token=`.
 */
export class StatusSocket {
  readonly #ctx: LocalApiContext;
  readonly #wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  /** Whose view each socket gets (its token's user), and the last one it was sent. */
  readonly #viewers = new Map<WebSocket, { userId: string; last: string }>();

  constructor(ctx: LocalApiContext) {
    this.#ctx = ctx;
    ctx.status.on('change', this.#broadcast);
  }

  readonly handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    this.#admit(request).then(
      (userId) => this.#wss.handleUpgrade(request, socket, head, (ws) => this.#attach(ws, userId)),
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

  async #admit(request: IncomingMessage): Promise<string> {
    const url = new URL(request.url ?? '/', 'http://connector');
    if (url.pathname !== '/') throw new HttpError(404, [{ message: errorMessages.notFound }]);
    const caller = admit(this.#ctx, request, ['portal', 'local']);
    const fromHeader = request.headers[tokenHeader.toLowerCase()];
    const token = (typeof fromHeader === 'string' ? fromHeader : undefined) ?? url.searchParams.get('token');
    if (!token) throw new HttpError(401, [{ message: errorMessages.unauthenticated }]);
    return (await verifyToken(this.#ctx, portalOf(this.#ctx, caller), token)).publicId;
  }

  #attach(ws: WebSocket, userId: string) {
    ws.on('error', () => ws.terminate());
    ws.on('close', () => this.#viewers.delete(ws));
    // The page only listens; anything it sends is ignored.
    const last = JSON.stringify(statusFor(this.#ctx.status.current, userId));
    this.#viewers.set(ws, { userId, last });
    ws.send(last);
  }

  /** Each socket hears its own user's view, and only when that view changed. */
  readonly #broadcast = (status: ConnectorStatus) => {
    for (const [ws, viewer] of this.#viewers) {
      if (ws.readyState !== ws.OPEN) continue;
      const text = JSON.stringify(statusFor(status, viewer.userId));
      if (text === viewer.last) continue;
      viewer.last = text;
      ws.send(text);
    }
  };
}
