/**
 * Many idle agents, in their own process: each a real WebSocket to `/relay/agent` with its
 * credential, exactly the agent's authentication, and nothing else. Attached `batch` at a time
 * (all at once for an attach storm), the i-th credential to the i-th relay address in turn (one
 * per server process).
 *
 * The client side is written out here (idle-socket.ts) rather than taken from `ws`: the servers
 * see the same handshake and frames, and this process, which shares the machine's cores with
 * them, spends about half as much per attach, so the storm measures the servers, not it.
 */
import { attachIdleSocket, type IdleSocket } from './idle-socket.ts';
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

const sockets: IdleSocket[] = [];

async function attachOne(relayUrl: string, credential: string): Promise<'attached' | number | 'failed'> {
  const outcome = await attachIdleSocket(relayUrl, credential, 30_000);
  if (typeof outcome !== 'object') return outcome;
  sockets.push(outcome);
  return 'attached';
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
    open: async () => sockets.filter((socket) => socket.open).length,
  },
  async () => {
    for (const socket of sockets) socket.destroy();
  },
);
