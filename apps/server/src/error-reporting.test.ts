import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig, sentryDsnOf } from './config.ts';
import { openDatabase, type Db } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { startErrorReporting } from './error-reporting.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { jsonPayload, startSentryReceiver, type SentryReceiver } from '../test/sentry-receiver.ts';

type SentryEvent = {
  release?: string;
  level?: string;
  tags?: Record<string, string>;
  request?: unknown;
  exception?: {
    values: {
      type: string;
      value: string;
      stacktrace?: { frames: { filename?: string; function?: string }[] };
    }[];
  };
};

describe('SENTRY_DSN', () => {
  it('is optional', () => {
    expect(sentryDsnOf(undefined)).toBeUndefined();
    expect(sentryDsnOf('  ')).toBeUndefined();
    expect(loadConfig({}).sentryDsn).toBeUndefined();
  });

  it('takes a DSN with a public key and a project', () => {
    const dsn = 'https://abc123@o1.ingest.example.com/42';
    expect(loadConfig({ SENTRY_DSN: dsn }).sentryDsn).toBe(dsn);
  });

  it('refuses what is not a DSN, and a secret key every browser would see', () => {
    for (const value of [
      'not a url',
      'ftp://key@host/1',
      'https://host.example/1',
      'https://key@host.example/',
    ])
      expect(() => sentryDsnOf(value), value).toThrow(/^SENTRY_DSN is not a Sentry DSN/);
    expect(() => sentryDsnOf('https://key:secret@host.example/1')).toThrow(/must not contain a secret key/);
  });
});

describe('security headers with a DSN', () => {
  async function headersFor(sentryDsn: string | undefined) {
    const app = Fastify();
    await registerSecurityHeaders(app, 'http://localhost:8080', undefined, sentryDsn);
    app.get('/', async (_request, reply) => reply.type('text/html').send('<!doctype html>'));
    app.get('/api/x', async () => ({}));
    const page = await app.inject({ method: 'GET', url: '/' });
    const api = await app.inject({ method: 'GET', url: '/api/x' });
    await app.close();
    return { page: page.headers, api: api.headers };
  }

  it("lets the app connect to the DSN's origin and profile its pages", async () => {
    const { page, api } = await headersFor('https://abc123@o1.ingest.example.com/42');
    expect(page['content-security-policy']).toMatch(/connect-src [^;]* https:\/\/o1\.ingest\.example\.com;/);
    expect(page['document-policy']).toBe('js-profiling');
    expect(api['document-policy']).toBeUndefined();
  });

  it('without one, allows neither', async () => {
    const { page } = await headersFor(undefined);
    expect(page['content-security-policy']).not.toMatch(/ingest/);
    expect(page['document-policy']).toBeUndefined();
  });
});

describe('reporting of unhandled route errors', () => {
  let receiver: SentryReceiver;
  let db: Db;
  let webDist: string;

  beforeAll(async () => {
    receiver = await startSentryReceiver();
    db = await openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(db);
    webDist = await mkdtemp(path.join(tmpdir(), 'fleetgate-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Fleetgate</title>');
  });

  afterAll(async () => {
    await receiver?.close();
    await db?.destroy();
    await rm(webDist, { recursive: true, force: true });
  });

  /** The server with a route that fails as a bug would, called once; its answer and page headers. */
  async function failOnce(env: Record<string, string>, message: string, secret = randomUUID()) {
    const config = { ...loadConfig(env), webDist, logLevel: 'silent' };
    const { app } = await buildApp({
      config,
      db,
      logger: false,
      reportWorkerMs: false,
      mqttCollector: false,
    });
    app.get('/failing-route', async () => {
      throw new Error(message);
    });
    const host = new URL(config.publicUrl).host;
    try {
      const failed = await app.inject({
        method: 'GET',
        url: `/failing-route?secret=${secret}`,
        headers: { host },
      });
      const page = await app.inject({ method: 'GET', url: '/', headers: { host } });
      return { failed, page };
    } finally {
      await app.close();
    }
  }

  it('sends nothing without SENTRY_DSN', async () => {
    const stop = await startErrorReporting(undefined);
    const { failed, page } = await failOnce({}, 'unreported failure');
    await stop();
    expect(failed.statusCode).toBe(500);
    expect(page.headers['document-policy']).toBeUndefined();
    await sleep(500);
    expect(receiver.envelopes).toEqual([]);
  });

  it('sends the error with its stack to the DSN when SENTRY_DSN is set', async () => {
    const message = `server-boom-${Date.now().toString(36)}`;
    const stop = await startErrorReporting(receiver.dsn);
    try {
      const secret = randomUUID();
      const { failed, page } = await failOnce({ SENTRY_DSN: receiver.dsn }, message, secret);
      // The client still gets the generic answer, not the error.
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toContain(message);
      expect(page.headers['document-policy']).toBe('js-profiling');

      const item = await receiver.waitForItem(
        (candidate) => candidate.header.type === 'event' && candidate.payload.includes(message),
        10_000,
      );
      const event = jsonPayload<SentryEvent>(item);
      const [exception] = event.exception!.values;
      expect(exception).toMatchObject({ type: 'Error', value: message });
      const frames = exception!.stacktrace!.frames;
      expect(frames.length).toBeGreaterThan(0);
      expect(frames.some((frame) => frame.filename?.endsWith('error-reporting.test.ts'))).toBe(true);
      expect(event.tags).toMatchObject({ 'http.method': 'GET', 'http.route': '/failing-route' });
      expect(event.release).toMatch(/^fleetgate-server@\d+\.\d+\.\d+/);
      // The query string (and with it anything secret in it) stays on the server.
      expect(receiver.envelopes.some((envelope) => envelope.body.includes(secret))).toBe(false);
    } finally {
      await stop();
    }
  });
});
