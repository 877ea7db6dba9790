import http from 'node:http';
import type net from 'node:net';
import WebSocket from 'ws';
import type { AgentDetails } from './portal-client.ts';
import type { ConnectorStatus } from './status.ts';

/** Test helpers: a portal that answers only what the connector asks, and a local API client. */

export type FakePortal = {
  url: string;
  calls: string[];
  /** What `GET Agent/{id}` answers; a function may delay or fail. */
  agent: (id: string) => Promise<{ status: number; data: unknown }>;
  ticket: (id: string) => Promise<{ status: number; data: unknown }>;
  close: () => Promise<void>;
};

export const goodToken = 'good-token-0123456789';
/** A second user signed in on the same computer. */
export const otherToken = 'other-token-0123456789';
export const tokenUsers: Record<string, { publicId: string; name: string }> = {
  [goodToken]: { publicId: 'user00000001', name: 'Engineer' },
  [otherToken]: { publicId: 'user00000002', name: 'Ada Admin' },
};

export const offlineAgent = (publicId: string): AgentDetails => ({
  publicId,
  name: 'Line 1 gateway',
  activeVpnSession: null,
  servers: [],
});

export async function startFakePortal(): Promise<FakePortal> {
  const portal: FakePortal = {
    url: '',
    calls: [],
    agent: async (id) => ({ status: 200, data: offlineAgent(id) }),
    ticket: async () => ({ status: 409, data: [{ message: 'AGENT_OFFLINE' }] }),
    close: async () => undefined,
  };
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://portal').pathname;
    portal.calls.push(`${request.method} ${path}`);
    const send = (status: number, data: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify(
          status < 300 ? { type: 'X', status: 'success', data } : { type: 'Error', status: 'error', data },
        ),
      );
    };
    if (path === '/api') {
      const rels = {
        MyUser: '/api/MyUser',
        Agent: '/api/Agent/{publicId}',
        AgentTunnelTicketList: '/api/AgentTunnelTicketList/{publicId}',
      };
      return send(
        200,
        Object.entries(rels).map(([rel, p]) => ({ rel, href: portal.url + p, methods: ['GET'] })),
      );
    }
    const user = tokenUsers[(request.headers.authorization ?? '').replace(/^Bearer /, '')];
    if (!user) return send(401, [{ message: 'Authentication required' }]);
    if (path === '/api/MyUser') return send(200, user);
    // Like the portal: company routes without Api-Company are refused, never run in a default company.
    if (!request.headers['api-company'])
      return send(400, [{ message: 'No company selected', propertyName: 'Api-Company' }]);
    const agent = /^\/api\/Agent\/(\w+)$/.exec(path);
    if (agent) return void portal.agent(agent[1]!).then((r) => send(r.status, r.data));
    const ticket = /^\/api\/AgentTunnelTicketList\/(\w+)$/.exec(path);
    if (ticket) return void portal.ticket(ticket[1]!).then((r) => send(r.status, r.data));
    send(404, [{ message: 'Not found' }]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  portal.url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  portal.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return portal;
}

/** Calls the connector's local API as a portal page (or a tool) would. */
export async function local(
  base: string,
  method: string,
  path: string,
  options: {
    origin?: string;
    token?: string;
    controller?: string;
    body?: unknown;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.origin) headers.Origin = options.origin;
  if (options.token) headers['Api-Access-Token'] = options.token;
  if (options.controller) headers['VPN-Client-Controller-Identifier'] = options.controller;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(base + path, {
    method,
    headers,
    body: options.body === undefined ? null : JSON.stringify(options.body),
    redirect: 'manual',
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // HTML or empty: kept as text.
  }
  return { status: response.status, headers: response.headers, body };
}

/** Subscribes to the status WebSocket and collects every pushed status. */
export async function watchStatus(base: string, origin: string, token: string) {
  const seen: ConnectorStatus[] = [];
  // Each wait looks only at statuses after the one the previous wait matched.
  let cursor = 0;
  let waiter: { check: (s: ConnectorStatus) => boolean; resolve: (s: ConnectorStatus) => void } | undefined;
  const scan = () => {
    if (!waiter) return;
    while (cursor < seen.length) {
      const status = seen[cursor++]!;
      if (waiter.check(status)) {
        const { resolve } = waiter;
        waiter = undefined;
        return resolve(status);
      }
    }
  };
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/?token=${encodeURIComponent(token)}`, {
    headers: { Origin: origin },
  });
  ws.on('message', (data: Buffer) => {
    seen.push(JSON.parse(data.toString()) as ConnectorStatus);
    scan();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    seen,
    /** The first status after the last match that passes the check. */
    until: (check: (s: ConnectorStatus) => boolean, timeoutMs = 10_000) =>
      new Promise<ConnectorStatus>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiter = undefined;
          reject(
            new Error(`status not reached; seen ${JSON.stringify(seen.map((s) => [s.status, s.code]))}`),
          );
        }, timeoutMs);
        waiter = {
          check,
          resolve: (status) => {
            clearTimeout(timer);
            resolve(status);
          },
        };
        scan();
      }),
    close: () => ws.close(),
  };
}

/** The status of a WebSocket upgrade (101 when it opens). */
export function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
  const ws = new WebSocket(url, { headers });
  ws.on('error', () => undefined);
  return new Promise((resolve) => {
    ws.on('unexpected-response', (_request, response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('open', () => {
      resolve(101);
      ws.close();
    });
  });
}
