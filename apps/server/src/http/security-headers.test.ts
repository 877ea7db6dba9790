import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/harness.ts';
import { rawRequest } from '../../test/raw-http.ts';

const webDist = mkdtempSync(path.join(tmpdir(), 'fleetgate-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Fleetgate</title>');

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Map<string, string[]> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectSecurityHeaders(headers: Headers) {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-frame-options')).toBe('DENY');
  const csp = directives(headers.get('content-security-policy'));
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('connect-src')).toEqual(
    expect.arrayContaining(["'self'", 'http://127.0.0.1:*', 'ws://127.0.0.1:*']),
  );
}

describe('security headers on a plain-HTTP instance', () => {
  const t = useTestServer({ config: { webDist } });

  it('are on API answers, errors, 404s and the web app, without HSTS', async () => {
    const responses = [
      await t.call('GET', '/api'),
      await t.call('GET', 'MyUser'),
      await t.call('GET', 'NoSuchThing'),
      await t.call('GET', '/api', { headers: { 'Api-Version': '1' } }),
    ];
    expect(responses.map((response) => response.status)).toEqual([200, 401, 404, 400]);
    for (const response of responses) {
      expectSecurityHeaders(response.headers);
      expect(response.headers.get('strict-transport-security')).toBeNull();
      // Per user, company or host: never kept by a shared cache.
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    for (const page of ['/', '/devices', '/missing.js']) {
      const response = await fetch(`${t.server.baseUrl}${page}`);
      expectSecurityHeaders(response.headers);
    }
    const index = await fetch(`${t.server.baseUrl}/devices`);
    expect(await index.text()).toContain('<title>Fleetgate</title>');
  });

  it('are on the 421 answer to a foreign Host', async () => {
    const response = await rawRequest(t.server.baseUrl, { path: '/api', host: 'evil.example' });
    expect(response.status).toBe(421);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('frame-src without a help centre', () => {
  const t = useTestServer();

  it("admits only this origin and the connector's probe page", async () => {
    const response = await t.call('GET', '/api');
    expect(directives(response.headers.get('content-security-policy')).get('frame-src')).toEqual([
      "'self'",
      'http://127.0.0.1:*',
      'http://localhost:*',
    ]);
  });
});

describe('frame-src with HELP_CENTRE_URL', () => {
  const t = useTestServer({
    config: { webDist, helpCentreUrl: 'https://help.example.com:8443/docs/start?x=1' },
  });

  it("admits exactly the help centre's origin, on API answers and the web app alike", async () => {
    const answers = [await t.call('GET', '/api'), await fetch(`${t.server.baseUrl}/devices`)];
    for (const response of answers) {
      expectSecurityHeaders(response.headers);
      const csp = directives(response.headers.get('content-security-policy'));
      expect(csp.get('frame-src')).toEqual([
        "'self'",
        'http://127.0.0.1:*',
        'http://localhost:*',
        'https://help.example.com:8443',
      ]);
      // Only framing is widened: scripts, connections and the rest keep their sources.
      expect(csp.get('connect-src')).not.toContain('https://help.example.com:8443');
      expect(csp.get('default-src')).toEqual(["'self'"]);
    }
  });
});

describe('security headers on an HTTPS instance', () => {
  const t = useTestServer({
    config: { publicUrl: 'https://fleet.example.com', allowedHosts: ['127.0.0.1'] },
  });

  it('add HSTS', async () => {
    const response = await t.call('GET', '/api');
    expectSecurityHeaders(response.headers);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it("let the VNC viewer reach the relay at PUBLIC_URL's host, also from another host name", async () => {
    const response = await t.call('GET', '/api');
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp.get('connect-src')).toContain('wss://fleet.example.com');
    expect(csp.get('connect-src')).not.toContain('wss:');
  });
});
