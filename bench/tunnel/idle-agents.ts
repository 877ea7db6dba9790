/**
 * Many idle agents, in their own process: each a real WebSocket to `/relay/agent` with its
 * credential, exactly the agent's authentication, and nothing else (the client library answers
 * the relay's pings). Attached `batch` at a time (all at once for an attach storm), the i-th
 * credential to the i-th relay address in turn (one per server process).
 */
import WebSocket from 'ws';
import { serveRole } from './ipc.ts';

export type AttachManyRequest = {
  relayUrls: string[];
  credentials: string[];
  batch: number;
  deadlineMs: number;
};
export type AttachManyResult = {
  attached: number;
  refused: Record<string, number>;
  failed: number;
  seconds: number;
  /** Attached per relay address, in the order of `relayUrls`. */
  attachedPer: number[];
};

const sockets: WebSocket[] = [];

function attachOne(relayUrl: string, credential: string): Promise<'attached' | number | 'failed'> {
  return new Promise((resolve) => {
    const ws = new WebSocket(relayUrl, {
      headers: { Authorization: `Bearer ${credential}` },
      handshakeTimeout: 30_000,
    });
    ws.on('unexpected-response', (_request, response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', () => resolve('failed'));
    ws.on('open', () => {
      sockets.push(ws);
      resolve('attached');
    });
  });
}

async function attachMany({
  relayUrls,
  credentials,
  batch,
  deadlineMs,
}: AttachManyRequest): Promise<AttachManyResult> {
  const started = performance.now();
  const result: AttachManyResult = {
    attached: 0,
    refused: {},
    failed: 0,
    seconds: 0,
    attachedPer: relayUrls.map(() => 0),
  };
  for (let start = 0; start < credentials.length; start += batch) {
    if (performance.now() - started > deadlineMs) break;
    const outcomes = await Promise.all(
      credentials.slice(start, start + batch).map(async (credential, i) => {
        const at = (start + i) % relayUrls.length;
        return { at, outcome: await attachOne(relayUrls[at]!, credential) };
      }),
    );
    for (const { at, outcome } of outcomes) {
      if (outcome === 'attached') {
        result.attached += 1;
        result.attachedPer[at]! += 1;
      } else if (outcome === 'failed') result.failed += 1;
      else result.refused[outcome] = (result.refused[outcome] ?? 0) + 1;
    }
  }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

serveRole(
  {
    attach: async (payload) => attachMany(payload as AttachManyRequest),
    /** How many are still open: the relay must not have dropped idle ones. */
    open: async () => sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length,
  },
  async () => {
    for (const ws of sockets) ws.terminate();
  },
);
