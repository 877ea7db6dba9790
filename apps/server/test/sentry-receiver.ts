import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { unzipSync } from 'node:zlib';

/** One item of an envelope: its header line and its payload bytes. */
export type EnvelopeItem = {
  header: { type?: string; length?: number } & Record<string, unknown>;
  payload: Buffer;
};

/** A Sentry envelope as it arrived: what the SDK sent, parsed, and the raw body. */
export type Envelope = { header: Record<string, unknown>; items: EnvelopeItem[]; body: Buffer };

/**
 * Parses Sentry's envelope format: a header line, then per item a header line and a payload that
 * is either `length` bytes (binary payloads such as replay recordings) or the rest of its line.
 */
export function parseEnvelope(body: Buffer): Envelope {
  let offset = 0;
  const line = () => {
    const end = body.indexOf(0x0a, offset);
    const text = body.subarray(offset, end === -1 ? body.length : end);
    offset = end === -1 ? body.length : end + 1;
    return text;
  };
  const header = JSON.parse(line().toString('utf8')) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const headerLine = line();
    if (headerLine.length === 0) continue;
    const itemHeader = JSON.parse(headerLine.toString('utf8')) as EnvelopeItem['header'];
    let payload: Buffer;
    if (typeof itemHeader.length === 'number') {
      payload = body.subarray(offset, offset + itemHeader.length);
      offset += itemHeader.length;
      if (body[offset] === 0x0a) offset += 1;
    } else {
      payload = line();
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items, body };
}

/** An item's payload as JSON (events, transactions, replay events). */
export function jsonPayload<T = Record<string, unknown>>(item: EnvelopeItem): T {
  return JSON.parse(item.payload.toString('utf8')) as T;
}

/**
 * The readable text of a replay recording: its first line is a JSON header, the rest the rrweb
 * events, which the browser SDK compresses (zlib) when its compression worker runs.
 */
export function replayRecordingText(item: EnvelopeItem): string {
  const newline = item.payload.indexOf(0x0a);
  const recording = item.payload.subarray(newline + 1);
  try {
    return unzipSync(recording).toString('utf8');
  } catch {
    return recording.toString('utf8');
  }
}

export type SentryReceiver = {
  /** A DSN that points the SDKs here. */
  dsn: string;
  envelopes: Envelope[];
  /** Waits until an envelope holds an item that `match` accepts, and returns that item. */
  waitForItem: (match: (item: EnvelopeItem) => boolean, timeoutMs?: number) => Promise<EnvelopeItem>;
  close: () => Promise<void>;
};

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  // The Node SDK gzips large envelopes.
  return request.headers['content-encoding'] === 'gzip' ? unzipSync(body) : body;
}

/**
 * A stand-in for Sentry's ingestion on a free loopback port: accepts envelopes at
 * `/api/<project>/envelope/` from any origin (as Sentry does, so the browser SDK reads the answer
 * rather than keeping the envelope for a retry) and keeps them parsed.
 */
export async function startSentryReceiver(): Promise<SentryReceiver> {
  const envelopes: Envelope[] = [];
  const server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', '*');
    response.setHeader('access-control-allow-methods', 'POST, OPTIONS');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    if (request.method !== 'POST' || !/^\/api\/\d+\/envelope\//.test(request.url ?? '')) {
      return void response.writeHead(404).end();
    }
    readBody(request).then(
      (body) => {
        envelopes.push(parseEnvelope(body));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      },
      () => response.writeHead(400).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const waitForItem = async (match: (item: EnvelopeItem) => boolean, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = envelopes.flatMap((envelope) => envelope.items).find(match);
      if (found) return found;
      if (Date.now() > deadline) {
        const seen = envelopes.map((envelope) => envelope.items.map((item) => item.header.type).join('+'));
        throw new Error(
          `No matching envelope item within ${timeoutMs} ms; received: ${seen.join(', ') || 'none'}`,
        );
      }
      await sleep(100);
    }
  };
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    envelopes,
    waitForItem,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
