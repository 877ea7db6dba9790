import { createHash } from 'node:crypto';
import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { hmiCss, hmiIcon, hmiJs, hmiPage, hmiTiles } from './hmi-page.ts';
import type { ScreensaverImage } from './screensaver.ts';

/** How often the live values go out on `/live`: a few times a second, as a panel refreshes. */
export const hmiLiveIntervalMs = 250;
/** A set point is a few numbers; anything larger is not one. */
const setpointMaxBytes = 4096;

type Asset = { contentType: string; body: Buffer; etag: string };

const asset = (contentType: string, text: string): Asset => {
  const body = Buffer.from(text);
  return {
    contentType,
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
  };
};

/**
 * The page's sub-resources. A real panel serves them from its firmware: they change only with an
 * update, but then must not be stale. So `no-cache` with an ETag, as embedded web servers
 * commonly do: the browser revalidates each one and a 304 costs a few bytes, whereas a max-age
 * would show the old script against a new firmware's data for that long.
 */
const assets = new Map<string, Asset>([
  ['/hmi.css', asset('text/css; charset=utf-8', hmiCss)],
  ['/hmi.js', asset('text/javascript; charset=utf-8', hmiJs)],
  ...hmiTiles.map((tile) => [`/icons/${tile.icon}.svg`, asset('image/svg+xml', hmiIcon(tile))] as const),
]);

export type HmiServer = {
  server: http.Server;
  /** Closes the open `/live` sockets: upgraded sockets would otherwise keep `server.close` waiting. */
  endLive: () => void;
};

export type HmiServerOptions = {
  name: string;
  /** The company's screensaver the display currently shows, or null. */
  screensaver: () => ScreensaverImage | null;
  /** The machine's alarm bit (Modbus coil 1): `POST /api/alarm {on}` sets it. Without it the call is 404. */
  alarm?: { get: () => boolean; set: (on: boolean) => void };
};

/**
 * The simulated HMI's HTTP server: the page, its assets, the screensaver image, live values on a
 * WebSocket (`/live`) and a set-point call (`POST /api/setpoint`, answered with what was sent),
 * so web access has every kind of traffic a real panel makes to carry.
 */
export function createHmiServer({ name, screensaver, alarm }: HmiServerOptions): HmiServer {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://hmi');
    if (url.pathname === '/api/setpoint') return setpoint(request, response);
    if (url.pathname === '/api/alarm' && alarm) return alarmCall(request, response, alarm);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      return response.end('Method not allowed\n');
    }
    if (url.pathname === '/screensaver') return screensaverImage(screensaver(), response);
    const found = assets.get(url.pathname);
    if (found) return sendAsset(found, request, response);
    if (url.pathname !== '/') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      return response.end('Not found\n');
    }
    // Live values and the screensaver change: the page itself is never reused unseen.
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    response.end(request.method === 'HEAD' ? undefined : hmiPage(name, screensaver(), alarm?.get()));
  });
  const live = liveValues();
  server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://hmi').pathname !== '/live') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    live.wss.handleUpgrade(request, socket, head, (ws) => live.add(ws));
  });
  return { server, endLive: () => live.close() };
}

function sendAsset(found: Asset, request: http.IncomingMessage, response: http.ServerResponse) {
  const headers = {
    'content-type': found.contentType,
    'cache-control': 'no-cache',
    etag: found.etag,
    'x-content-type-options': 'nosniff',
  };
  if (request.headers['if-none-match'] === found.etag) {
    response.writeHead(304, headers);
    return response.end();
  }
  response.writeHead(200, { ...headers, 'content-length': found.body.length });
  response.end(request.method === 'HEAD' ? undefined : found.body);
}

function screensaverImage(image: ScreensaverImage | null, response: http.ServerResponse) {
  if (!image) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    return response.end('No screensaver is set for this display.\n');
  }
  response.writeHead(200, {
    'content-type': image.contentType,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
    etag: image.etag,
  });
  response.end(image.bytes);
}

/** `POST /api/alarm` with `{on: boolean}`: trips or resets the machine's alarm; answers `{alarm}`. */
function alarmCall(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  alarm: NonNullable<HmiServerOptions['alarm']>,
) {
  readJson(request, response, (body, answer) => {
    const on = (body as { on?: unknown }).on;
    if (typeof on !== 'boolean') return answer(400, { error: 'Send {"on": true} or {"on": false}' });
    alarm.set(on);
    answer(200, { alarm: alarm.get() });
  });
}

/** `POST /api/setpoint` with a JSON object: answers `{setpoint: <what was sent>, receivedOn}`. */
function setpoint(request: http.IncomingMessage, response: http.ServerResponse) {
  readJson(request, response, (body, answer) =>
    answer(200, { setpoint: body, receivedOn: new Date().toISOString() }),
  );
}

type Answer = (status: number, body: unknown, headers?: http.OutgoingHttpHeaders) => void;

/** Reads a small JSON object body (POST only) and hands it on, or answers the error. */
function readJson(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  handle: (body: object, answer: Answer) => void,
) {
  const answer: Answer = (status, body, headers = {}) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      ...headers,
    });
    response.end(JSON.stringify(body));
  };
  if (request.method !== 'POST') return answer(405, { error: 'Use POST' }, { allow: 'POST' });
  if (!/^application\/json\b/i.test(request.headers['content-type'] ?? ''))
    return answer(415, { error: 'Send JSON' });
  const chunks: Buffer[] = [];
  let size = 0;
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    // Answered once; the rest is read and dropped, and the connection closes after the answer.
    if (size > setpointMaxBytes) {
      if (!response.headersSent) answer(413, { error: 'Too large' }, { connection: 'close' });
      return;
    }
    chunks.push(chunk);
  });
  request.on('end', () => {
    if (response.headersSent) return;
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return answer(400, { error: 'Not JSON' });
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return answer(400, { error: 'Send an object' });
    handle(body, answer);
  });
}

/** The pump's speed drifting around its set point, sent to every open `/live` socket. */
function liveValues() {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const sockets = new Set<WebSocket>();
  let timer: NodeJS.Timeout | undefined;
  const started = Date.now();
  const values = () => {
    const seconds = (Date.now() - started) / 1000;
    const rpm = Math.round(1450 + 30 * Math.sin(seconds / 2) + 5 * Math.sin(seconds * 3.1));
    return JSON.stringify({ rpm, at: new Date().toISOString() });
  };
  const tick = () => {
    const message = values();
    for (const ws of sockets) ws.send(message);
  };
  return {
    wss,
    add(ws: WebSocket) {
      sockets.add(ws);
      ws.on('error', () => ws.terminate());
      ws.on('close', () => {
        sockets.delete(ws);
        if (sockets.size === 0) {
          clearInterval(timer);
          timer = undefined;
        }
      });
      timer ??= setInterval(tick, hmiLiveIntervalMs);
      // The first value at once, so the page is live as soon as it connects.
      ws.send(values());
    },
    close() {
      clearInterval(timer);
      for (const ws of sockets) ws.terminate();
      wss.close();
    },
  };
}
