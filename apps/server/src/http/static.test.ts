import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/harness.ts';

const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const page = `<!doctype html><title>Fleetgate</title><script type="module" src="/assets/index-AbC123_x.js"></script>${' '.repeat(2000)}`;

/** A build as apps/web/precompress.ts leaves it: brotli and gzip beside each text file. */
function writeBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'fleetgate-web-'));
  mkdirSync(path.join(dist, 'assets'));
  const files: Record<string, string> = {
    'index.html': page,
    'assets/index-AbC123_x.js': script,
    'info.json': JSON.stringify({ version: '0.1.0+1', builtAt: '2026-01-01T00:00:00Z' }),
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(path.join(dist, name), content);
    if (name.endsWith('.svg')) continue; // small files stay uncompressed
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(content));
  }
  // A font: no compressed variants, served as it is to every browser.
  writeFileSync(path.join(dist, 'assets/roboto-latin-400-normal-D27F5sTu.woff2'), Buffer.from([1, 2, 3]));
  return dist;
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One request with exactly the given Accept-Encoding (fetch would add and undo its own). */
function get(baseUrl: string, pathname: string, acceptEncoding?: string): Promise<Answer> {
  const url = new URL(pathname, baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      agent: false,
      headers: {
        'api-version': '2',
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const immutable = 'public, max-age=31536000, immutable';
/** RFC 9239 prefers text/javascript; browsers run modules served as either. */
const javascript = /^(text|application)\/javascript; charset=utf-8$/;

describe('the built web app', () => {
  const t = useTestServer({ config: { webDist: writeBuild() } });
  const fetchFile = (pathname: string, acceptEncoding?: string) =>
    get(t.server.baseUrl, pathname, acceptEncoding);

  it('serves a hashed script brotli-compressed to browsers that accept br, cached for a year', async () => {
    const answer = await fetchFile('/assets/index-AbC123_x.js', 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(javascript);
    expect(answer.headers['cache-control']).toBe(immutable);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
    expect(answer.body.length).toBeLessThan(script.length / 10);
  });

  it('serves gzip to browsers that accept gzip only', async () => {
    const answer = await fetchFile('/assets/index-AbC123_x.js', 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toMatch(javascript);
    expect(answer.headers['cache-control']).toBe(immutable);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(answer.body).toString()).toBe(script);
  });

  it('serves the file as it is without Accept-Encoding, for identity, or when br is refused', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, identity']) {
      const answer = await fetchFile('/assets/index-AbC123_x.js', acceptEncoding);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['content-type']).toMatch(javascript);
      expect(answer.headers['cache-control']).toBe(immutable);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.body.toString()).toBe(script);
    }
  });

  it('serves files without compressed variants (fonts) as they are, cached for a year', async () => {
    const answer = await fetchFile('/assets/roboto-latin-400-normal-D27F5sTu.woff2', 'br, gzip');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toBe('font/woff2');
    expect(answer.headers['cache-control']).toBe(immutable);
    expect([...answer.body]).toEqual([1, 2, 3]);
  });

  it('serves index.html for the client routes, compressed and revalidated on every load', async () => {
    // `/assets/<publicId>` is the console's assets route beside the directory of built files.
    for (const pathname of [
      '/',
      '/login',
      '/devices/dev_123',
      '/groups/type/x?tab=1',
      '/assets/abc123def456',
    ]) {
      const answer = await fetchFile(pathname, 'br');
      expect(answer.status, pathname).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(answer.body).toString()).toBe(page);
    }
    const plain = await fetchFile('/devices');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body.toString()).toBe(page);
  });

  it('revalidates the files that keep their names: the build info and the favicon', async () => {
    const info = await fetchFile('/info.json', 'gzip');
    expect(info.headers['cache-control']).toBe('no-cache');
    expect(info.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(gunzipSync(info.body).toString())).toMatchObject({ version: '0.1.0+1' });
    const icon = await fetchFile('/favicon.svg', 'br');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers['content-type']).toBe('image/svg+xml');
  });

  it('answers 404 (not the page) for unknown assets, so a stale page never runs HTML as a script', async () => {
    for (const pathname of [
      '/assets/index-Missing1.js',
      '/assets/index-AbC123_x.js.br',
      '/assets/index-AbC123_x.js.gz',
      '/favicon.ico',
    ]) {
      const answer = await fetchFile(pathname, 'br, gzip');
      expect(answer.status, pathname).toBe(404);
      expect(answer.headers['content-type']).toMatch(/^text\/plain/);
      expect(answer.body.toString()).not.toContain('<title>');
    }
  });

  it('keeps unknown API paths JSON 404s', async () => {
    const answer = await fetchFile('/api/NoSuchThing', 'br');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
  });
});
