import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  formatLogLine,
  loggerOptions,
  prettyLogStream,
  redactSecrets,
  RequestLogController,
} from './logging.ts';

const at = new Date(2026, 10, 24, 12, 4, 5).getTime();

/** A server logging into memory at `level`, as JSON lines. */
async function serverLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    for (const text of chunk.toString().split('\n').filter(Boolean))
      lines.push(JSON.parse(text) as Record<string, unknown>);
  });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLogController() });
  app.get('/hello', async () => 'hi');
  app.get('/broken', async () => {
    throw new Error('broken on purpose');
  });
  await app.ready();
  return { app, lines };
}

describe('request logging', () => {
  it('writes no line per request at the default info level', async () => {
    const { app, lines } = await serverLoggingAt('info');
    await app.inject({ method: 'GET', url: '/hello' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    await app.close();
    expect(lines.filter((line) => 'url' in line)).toEqual([]);
  });

  it('writes one line per answered request at debug', async () => {
    const { app, lines } = await serverLoggingAt('debug');
    await app.inject({ method: 'GET', url: '/hello?x=1' });
    await app.close();
    const requests = lines.filter((line) => 'url' in line);
    expect(requests).toEqual([
      expect.objectContaining({
        level: 20,
        method: 'GET',
        url: '/hello?x=1',
        statusCode: 200,
        msg: 'request completed',
      }),
    ]);
  });

  it('still reports failed requests at error', async () => {
    const { app, lines } = await serverLoggingAt('info');
    await app.inject({ method: 'GET', url: '/broken' });
    await app.close();
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, err: expect.objectContaining({ message: 'broken on purpose' }) }),
    );
  });
});

describe('readable log lines', () => {
  it('show time, level and message, then the other fields', () => {
    expect(
      formatLogLine({ level: 30, time: at, pid: 1, hostname: 'h', msg: 'shutting down', signal: 'SIGINT' }),
    ).toBe('12:04:05 INFO  shutting down signal=SIGINT');
  });

  it('show a request as method, path, status and time', () => {
    const line = formatLogLine({
      level: 20,
      time: at,
      reqId: 'req-1',
      method: 'GET',
      url: '/api/MyUser',
      statusCode: 200,
      responseTime: 3.14159,
      msg: 'request completed',
    });
    expect(line).toBe('12:04:05 DEBUG GET /api/MyUser 200 3.1 ms');
  });

  it('show an error with its stack below', () => {
    const line = formatLogLine({
      level: 50,
      time: at,
      msg: 'token cleanup failed',
      err: { stack: 'Error: x\n    at y' },
    });
    expect(line).toBe('12:04:05 ERROR token cleanup failed\n  Error: x\n      at y');
  });

  it('are written by the pretty stream one per record, and the logger uses it only when asked', async () => {
    const out = new PassThrough();
    let written = '';
    out.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const stream = prettyLogStream(out);
    stream.write(
      `${JSON.stringify({ level: 40, time: at, msg: 'first' })}\n${JSON.stringify({ level: 30, time: at, msg: 'second' })}\n`,
    );
    await new Promise((resolve) => stream.end(resolve));
    expect(written).toBe('12:04:05 WARN  first\n12:04:05 INFO  second\n');
    expect(loggerOptions({ logLevel: 'info', logFormat: 'json' })).toEqual({ level: 'info' });
    expect(loggerOptions({ logLevel: 'debug', logFormat: 'pretty' })).toMatchObject({ level: 'debug' });
  });
});

describe('redactSecrets', () => {
  it('keeps the path and the parameters, but not the values of single-use secrets', () => {
    expect(redactSecrets('/recover?token=abc123')).toBe('/recover?token=[redacted]');
    expect(redactSecrets('/sso-callback?code=x&state=y&iss=https%3A%2F%2Fidp')).toBe(
      '/sso-callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fidp',
    );
    expect(redactSecrets('/api/AgentList?page-size=5')).toBe('/api/AgentList?page-size=5');
  });
});
