import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocketServer } from 'ws';

/** Test devices behind the agent: an HMI web server (page, image, echo, redirects, a WebSocket), an https one, a "VNC" echo. */

export type DeviceRequest = { method: string; url: string; headers: IncomingHttpHeaders };

export const logo = Buffer.alloc(48 * 1024, 7);
export const page = '<!doctype html><title>HMI</title><h1>Boiler 1</h1><img src="/logo.png">';

export type Device = {
  port: number;
  requests: DeviceRequest[];
  connections: () => number;
  close: () => Promise<void>;
};

function handler(requests: DeviceRequest[], devicePort: () => number): http.RequestListener {
  return (request, response) => {
    requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    const url = request.url ?? '/';
    if (url === '/') {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      return response.end(page);
    }
    if (url === '/logo.png') {
      response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': logo.length });
      return response.end(logo);
    }
    if (url === '/echo') {
      // Streams the body back as it arrives.
      response.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      return request.pipe(response);
    }
    if (url === '/headers') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      return response.end(JSON.stringify(request.headers));
    }
    if (url === '/login') {
      response.writeHead(302, [
        ['Location', `http://127.0.0.1:${devicePort()}/home?x=1`],
        ['Set-Cookie', 'sid=abc; Domain=127.0.0.1; Path=/; Secure; HttpOnly'],
        ['Set-Cookie', 'theme=dark; Path=/'],
        ['Set-Cookie', '__fleetgate_web=planted; Path=/'],
        // For the parent domain of every session host (and of a portal sharing it).
        ['Set-Cookie', 'spread=1; Domain=localhost; Path=/'],
        ['Content-Length', '0'],
      ]);
      return response.end();
    }
    response.writeHead(404, { 'Content-Type': 'text/plain' });
    response.end('not found');
  };
}

function track(server: net.Server) {
  let count = 0;
  server.on('connection', () => count++);
  return () => count;
}

/** The HMI web server, with a WebSocket echo on /ws. */
export async function startHttpDevice(): Promise<Device> {
  const requests: DeviceRequest[] = [];
  let port = 0;
  const server = http.createServer(handler(requests, () => port));
  const wss = new WebSocketServer({ server, path: '/ws' });
  wss.on('connection', (ws, request) => {
    requests.push({ method: 'UPGRADE', url: request.url ?? '', headers: request.headers });
    ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
  });
  const connections = track(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as net.AddressInfo).port;
  return {
    port,
    requests,
    connections,
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      server.closeAllConnections();
      server.close();
    },
  };
}

/** An https device with a self-signed certificate (made with openssl for this run). */
export async function startHttpsDevice(): Promise<Device> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fleetgate-device-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const requests: DeviceRequest[] = [];
  let port = 0;
  const server = https.createServer(
    { key: readFileSync(key), cert: readFileSync(cert) },
    handler(requests, () => port),
  );
  rmSync(dir, { recursive: true, force: true });
  const connections = track(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as net.AddressInfo).port;
  return {
    port,
    requests,
    connections,
    close: async () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/**
 * A TCP echo standing in for a VNC server: it greets with its RFB version first, as a VNC
 * server does (the view-only filter waits for it), then echoes what it gets.
 */
export async function startEchoDevice(): Promise<Device> {
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    socket.write('RFB 003.008\n');
    socket.pipe(socket);
  });
  const connections = track(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as net.AddressInfo).port,
    requests: [],
    connections,
    close: async () => {
      server.close();
    },
  };
}

export type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * A browser-like request to a session host: to the server's loopback address with the session
 * host in Host (as Chromium does for *.localhost).
 */
export function browse(
  origin: string,
  pathAndQuery: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    agent?: http.Agent;
    serverPort: number;
  },
): Promise<Answer> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: options.serverPort,
        method: options.method ?? 'GET',
        path: pathAndQuery,
        agent: options.agent ?? false,
        headers: { Host: url.host, ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Raw bytes to the server (what a client that does not follow HTTP sends); the whole answer back. */
export async function rawExchange(port: number, text: string): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(text);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  await Promise.race([once(socket, 'close'), new Promise((resolve) => setTimeout(resolve, 3000))]);
  socket.destroy();
  return Buffer.concat(chunks).toString('latin1');
}
