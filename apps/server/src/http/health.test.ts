import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/harness.ts';
import { rawRequest } from '../../test/raw-http.ts';
import { eventually } from '../relay/relay.test-support.ts';

const get = async (baseUrl: string, path: string, init: RequestInit = {}) => {
  const response = await fetch(new URL(path, baseUrl), init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
};

describe('/healthz and /readyz on a running server', () => {
  const t = useTestServer();

  it('/healthz answers 200 without a token, Api-Version or database', async () => {
    const answer = await get(t.server.baseUrl, '/healthz');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ status: 'ok' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('/readyz answers 200 naming each check', async () => {
    const answer = await get(t.server.baseUrl, '/readyz');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', relay: 'ok' },
    });
  });

  it('answer a load balancer that calls by address (any Host), while other paths still refuse it', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const answer = await rawRequest(t.server.baseUrl, { path, host: '10.1.2.3:8080' });
      expect(answer.status).toBe(200);
    }
    expect((await rawRequest(t.server.baseUrl, { path: '/api', host: '10.1.2.3:8080' })).status).toBe(421);
  });

  it('odd requests are never a 5xx: HEAD, query strings, other methods, long headers', async () => {
    expect((await get(t.server.baseUrl, '/healthz', { method: 'HEAD' })).status).toBe(200);
    expect((await get(t.server.baseUrl, '/readyz', { method: 'HEAD' })).status).toBe(200);
    expect((await get(t.server.baseUrl, `/readyz?x=${'%00'.repeat(50)}&y=[]`)).status).toBe(200);
    expect((await get(t.server.baseUrl, '/healthz', { method: 'POST', body: '{}' })).status).toBe(404);
    const long = await get(t.server.baseUrl, '/readyz', {
      headers: { Authorization: `Bearer ${'x'.repeat(8000)}` },
    });
    expect(long.status).toBe(200);
  });

  it('a burst of /readyz calls all answer (they share one database check)', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => get(t.server.baseUrl, '/readyz')));
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });
});

describe('/readyz when the relay stops accepting, then the database is gone', () => {
  const t = useTestServer();

  it('answers 503 naming the relay once it is closing', async () => {
    expect((await get(t.server.baseUrl, '/readyz')).status).toBe(200);
    await t.server.built.relay.close();
    const answer = await get(t.server.baseUrl, '/readyz');
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.text)).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', migrations: 'ok', relay: 'closing' },
    });
    // Still alive: only readiness changed.
    expect((await get(t.server.baseUrl, '/healthz')).status).toBe(200);
  });

  it('answers 503 naming the database once it cannot be reached, not a 500', async () => {
    await t.server.db.destroy();
    // The last check is reused for a second at most.
    const answer = await eventually(async () => {
      const candidate = await get(t.server.baseUrl, '/readyz');
      return candidate.text.includes('unreachable') ? candidate : undefined;
    });
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.text)).toEqual({
      status: 'unavailable',
      checks: { database: 'unreachable', migrations: 'unknown', relay: 'closing' },
    });
    expect((await get(t.server.baseUrl, '/healthz')).status).toBe(200);
  });
});

describe('/readyz when the server is shutting down', () => {
  const t = useTestServer();

  it('answers 503 to a request that arrives once close() began', async () => {
    const { port } = new URL(t.server.baseUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const ended = new Promise((resolve) => socket.once('close', resolve));
    // An unfinished request keeps the connection busy, so closing does not cut it as idle.
    socket.write(`GET /readyz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    await eventually(async () => (received === '' ? true : undefined));
    const closing = t.server.built.app.close();
    await eventually(async () => (t.server.built.relay.accepting ? undefined : true));
    socket.write('\r\n');
    await ended;
    await closing;
    expect(received).toMatch(/^HTTP\/1\.1 503 /);
  });
});
