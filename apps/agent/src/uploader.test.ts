import http from 'node:http';
import type net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appNotInstalledMessage, dataLoggingErrors, type AgentSampleBatchInput } from '@fleetgate/contracts';
import { Spool, type SpooledSample } from './spool.ts';
import { Uploader } from './uploader.ts';

type Reply = { status: number; headers?: Record<string, string>; body?: unknown };

/** A stand-in for the server: its discovery and AgentSampleBatch answering from a script. */
async function receiver(script: ((batch: AgentSampleBatchInput) => Reply)[]) {
  const received: { auth: string | undefined; batch: AgentSampleBatchInput }[] = [];
  const server = http.createServer((request, response) => {
    const send = ({ status, headers = {}, body }: Reply) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(body === undefined ? '' : JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url === '/api')
      return send({
        status: 200,
        body: {
          type: 'DiscoveryList',
          status: 'success',
          data: [
            {
              rel: 'AgentSampleBatch',
              href: 'http://elsewhere.example/api/AgentSampleBatch',
              methods: ['POST'],
            },
          ],
        },
      });
    if (request.method !== 'POST' || request.url !== '/api/AgentSampleBatch') return send({ status: 404 });
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const batch = JSON.parse(text) as AgentSampleBatchInput;
      received.push({ auth: request.headers.authorization, batch });
      const next = script.shift() ?? ok;
      send(next(batch));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ok = (batch: AgentSampleBatchInput): Reply => ({
  status: 200,
  body: {
    type: 'AgentSampleBatchAck',
    status: 'success',
    data: { batchId: batch.batchId, stored: batch.samples.length, rejected: 0, rejectedIndexes: [] },
  },
});
const failure = (status: number, message: string, headers?: Record<string, string>) => (): Reply => ({
  status,
  headers,
  body: { type: 'Error', status: 'error', data: [{ message }] },
});

const samples = (from: number, count: number): SpooledSample[] =>
  Array.from({ length: count }, (_, i) => ['abcdefghijkl', 1_700_000_000_000 + from + i, from + i]);

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200; i += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('uploader', () => {
  let dir: string;
  let uploader: Uploader | undefined;
  let server: Awaited<ReturnType<typeof receiver>> | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fleetgate-uploader-'));
  });
  afterEach(async () => {
    await uploader?.stop();
    await server?.close();
    uploader = undefined;
    server = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  const start = (url: string, spool: Spool, lines: string[] = []) =>
    new Uploader({
      server: url,
      credential: 'agent-secret',
      spool,
      log: (line) => lines.push(line),
      idleMs: 20,
      minDelayMs: 10,
      maxDelayMs: 40,
    }).start();

  it('keeps a batch through network errors, 5xx and 429 and removes it only on the 200', async () => {
    server = await receiver([
      failure(503, 'Service unavailable'),
      failure(429, 'Too many requests', { 'retry-after': '0' }),
    ]);
    const spool = await Spool.open({ dir, maxSamples: 1000 });
    await spool.append(samples(0, 20));
    const lines: string[] = [];
    uploader = start(server.url, spool, lines);
    await until(() => spool.size === 0, 'the spool to empty');
    const batches = server.received.map((r) => r.batch);
    // The same batch three times (resent as it was), then the rest.
    expect(batches.slice(0, 3).map((b) => b.batchId)).toEqual(Array(3).fill(batches[0]!.batchId));
    expect(batches[0]!.samples).toEqual(batches[2]!.samples);
    const delivered = batches.slice(2).flatMap((b) => b.samples.map(([, t]) => t));
    expect(delivered).toEqual(samples(0, 20).map(([, t]) => t));
    // The credential goes to the configured server, whatever host the discovery names.
    expect(server.received.every((r) => r.auth === 'Bearer agent-secret')).toBe(true);
    expect(
      lines.some((l) => l.startsWith('data logging: cannot send samples (the server answered 503)')),
    ).toBe(true);
  });

  it('retries while the server cannot be reached and sends once it is back', async () => {
    const spool = await Spool.open({ dir, maxSamples: 1000 });
    await spool.append(samples(0, 3));
    const probe = await receiver([]);
    const url = probe.url;
    await probe.close();
    const lines: string[] = [];
    uploader = start(url, spool, lines);
    await until(
      () => lines.some((l) => l.startsWith('data logging: cannot send samples')),
      'a failed attempt',
    );
    expect(spool.size).toBe(3);
    const port = Number(new URL(url).port);
    // The same port again, so the uploader's configured server comes back.
    const back = await new Promise<http.Server>((resolve) => {
      const s = http.createServer((request, response) => {
        if (request.url === '/api') {
          response.writeHead(200, { 'content-type': 'application/json' });
          return response.end(
            JSON.stringify({
              status: 'success',
              data: [{ rel: 'AgentSampleBatch', href: '/api/AgentSampleBatch', methods: ['POST'] }],
            }),
          );
        }
        let text = '';
        request.on('data', (c: Buffer) => (text += c.toString()));
        request.on('end', () => {
          const batch = JSON.parse(text) as AgentSampleBatchInput;
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({
              status: 'success',
              data: { batchId: batch.batchId, stored: batch.samples.length },
            }),
          );
        });
      });
      s.listen(port, '127.0.0.1', () => resolve(s));
    });
    try {
      await until(() => spool.size === 0, 'the spool to empty');
    } finally {
      await uploader.stop();
      back.closeAllConnections();
      await new Promise((resolve) => back.close(resolve));
    }
  });

  it('reports dropped samples and clears the count only once acknowledged', async () => {
    server = await receiver([failure(500, 'Internal error')]);
    const spool = await Spool.open({ dir, maxSamples: 1000 });
    await spool.append(samples(0, 1100));
    expect(spool.dropped).toBe(100);
    uploader = start(server.url, spool);
    await until(() => spool.size === 0, 'the spool to empty');
    const batches = server.received.map((r) => r.batch);
    expect(batches[0]!.dropped).toBe(100);
    expect(batches[1]!.dropped).toBe(100);
    expect(batches.slice(2).every((b) => b.dropped === 0)).toBe(true);
    expect(spool.dropped).toBe(0);
  });

  it('drops a batch the server refuses because logging is not activated, and goes on', async () => {
    server = await receiver([failure(403, dataLoggingErrors.loggingNotActive)]);
    const spool = await Spool.open({ dir, maxSamples: 20 });
    await spool.append(samples(0, 2));
    await spool.append(samples(2, 2));
    const lines: string[] = [];
    uploader = start(server.url, spool, lines);
    await until(() => spool.size === 0, 'the spool to empty');
    expect(lines).toContain(
      'data logging: 1 sample(s) dropped: data logging is not activated for this agent',
    );
    expect(server.received).toHaveLength(4);
  });

  it('drops a batch the server refuses as a whole (400) or because the app is not installed, and goes on', async () => {
    server = await receiver([
      failure(400, 'Invalid'),
      failure(403, appNotInstalledMessage('dataLogging')),
      failure(403, 'Forbidden'),
    ]);
    // Segments of three samples, so each batch holds three.
    const spool = await Spool.open({ dir, maxSamples: 60 });
    await spool.append(samples(0, 9));
    const lines: string[] = [];
    uploader = start(server.url, spool, lines);
    await until(() => spool.size === 0, 'the spool to empty');
    expect(lines).toContain('data logging: 3 sample(s) dropped: the server refused the batch (400: Invalid)');
    expect(lines).toContain(
      'data logging: 3 sample(s) dropped: the Data logging app is not installed in the company',
    );
    // Any other 403 keeps the batch and tries it again.
    expect(
      lines.some((l) => l.startsWith('data logging: cannot send samples (the server answered 403')),
    ).toBe(true);
    const times = server.received.map((r) => r.batch.samples.map(([, t]) => t - 1_700_000_000_000));
    expect(times).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6, 7, 8],
      [6, 7, 8],
    ]);
  });

  it('logs the samples the server refused one by one, and moves on', async () => {
    server = await receiver([
      (batch) => ({
        status: 200,
        body: {
          type: 'AgentSampleBatch',
          status: 'success',
          data: { batchId: batch.batchId, stored: 1, rejected: 1, rejectedIndexes: [1] },
        },
      }),
    ]);
    const spool = await Spool.open({ dir, maxSamples: 1000 });
    await spool.append(samples(0, 2));
    const lines: string[] = [];
    uploader = start(server.url, spool, lines);
    await until(() => spool.size === 0, 'the spool to empty');
    expect(lines).toContain(
      'data logging: the server refused 1 of 2 sample(s) (time out of range or not a number), for example tag abcdefghijkl at 1700000000001 ms with 1',
    );
    expect(server.received).toHaveLength(1);
  });

  it('stops on 401 and keeps the samples', async () => {
    server = await receiver([failure(401, 'Not signed in')]);
    const spool = await Spool.open({ dir, maxSamples: 1000 });
    await spool.append(samples(0, 5));
    const lines: string[] = [];
    uploader = start(server.url, spool, lines);
    await until(() => uploader!.refused, 'the refusal');
    expect(lines).toContain(
      'data logging: the server refused the credential (401): re-enrol the agent; samples are kept but no longer sent',
    );
    expect(spool.size).toBe(5);
    expect(server.received).toHaveLength(1);
  });
});
