/**
 * Many idle agents, in their own process: each a real WebSocket to `/relay/agent` with its
 * credential, exactly the agent's authentication, and nothing else (the client library answers
 * the relay's pings). Attached in batches so the relay's per-attach database work is not flooded.
 */
import WebSocket from 'ws';
import { serveRole } from './ipc.ts';

export type AttachManyRequest = {
  relayUrl: string;
  credentials: string[];
  batch: number;
  deadlineMs: number;
};
export type AttachManyResult = {
  attached: number;
  refused: Record<string, number>;
  failed: number;
  seconds: number;
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
  relayUrl,
  credentials,
  batch,
  deadlineMs,
}: AttachManyRequest): Promise<AttachManyResult> {
  const started = performance.now();
  const result: AttachManyResult = { attached: 0, refused: {}, failed: 0, seconds: 0 };
  for (let start = 0; start < credentials.length; start += batch) {
    if (performance.now() - started > deadlineMs) break;
    const outcomes = await Promise.all(
      credentials.slice(start, start + batch).map((credential) => attachOne(relayUrl, credential)),
    );
    for (const outcome of outcomes) {
      if (outcome === 'attached') result.attached += 1;
      else if (outcome === 'failed') result.failed += 1;
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
