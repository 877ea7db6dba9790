import { describe, expect, it } from 'vitest';
import { browserResponseHeaders, rebase, rewriteSetCookie, sessionCookies } from './proxy-headers.ts';
import { sessionHostIdOf, sessionOrigin, vncSocketUrl } from './session-host.ts';

const hostId = '0123456789abcdef0123456789abcdef';

describe('session hosts', () => {
  it('knows a session host by its 32 hex label under the domain, on any port', () => {
    expect(sessionHostIdOf(`${hostId}.localhost:8080`, 'localhost')).toBe(hostId);
    expect(sessionHostIdOf(`${hostId.toUpperCase()}.Web.Example.com.`, 'web.example.com')).toBe(hostId);
    for (const host of [
      'localhost:8080',
      `${hostId}.localhost.evil.com`,
      `x.${hostId}.localhost`,
      `${hostId.slice(1)}.localhost`,
      `${hostId}.localhost:port`,
      undefined,
    ])
      expect(sessionHostIdOf(host, 'localhost')).toBeUndefined();
  });

  it("takes PUBLIC_URL's scheme and port, never a request's Host", () => {
    expect(sessionOrigin('https://portal.example.com', 'web.example.com', hostId)).toBe(
      `https://${hostId}.web.example.com`,
    );
    expect(sessionOrigin('http://127.0.0.1:8080', 'localhost', hostId)).toBe(
      `http://${hostId}.localhost:8080`,
    );
    expect(vncSocketUrl('https://portal.example.com/', 'tok')).toBe(
      'wss://portal.example.com/relay/vnc?token=tok',
    );
  });
});

describe('header rewriting', () => {
  const origins = { session: `https://${hostId}.web.example.com`, device: 'http://192.168.1.10:8080' };

  it('moves URLs on the device origin to the session origin and leaves others', () => {
    expect(rebase('http://192.168.1.10:8080/a?b#c', origins.device, origins.session)).toBe(
      `${origins.session}/a?b#c`,
    );
    expect(rebase('http://192.168.1.10:8080', origins.device, origins.session)).toBe(origins.session);
    expect(rebase('https://192.168.1.10:8080/a', origins.device, origins.session)).toBe(
      'https://192.168.1.10:8080/a',
    );
    expect(rebase('/relative', origins.device, origins.session)).toBe('/relative');
    expect(rebase('http://192.168.1.10:80/x', 'http://192.168.1.10', origins.session)).toBe(
      `${origins.session}/x`,
    );
  });

  it('keeps Secure on an https session origin, drops Domain and any cookie named like ours', () => {
    expect(rewriteSetCookie('a=1; Domain=.example.com; Secure; SameSite=None', true)).toBe(
      'a=1; Secure; SameSite=None',
    );
    expect(rewriteSetCookie('a=1; domain=x; secure', false)).toBe('a=1');
    expect(rewriteSetCookie('__fleetgate_web=x; Path=/', true)).toBeUndefined();
    expect(rewriteSetCookie(' __FLEETGATE_web2=x', true)).toBeUndefined();
  });

  it('drops hop-by-hop response headers and those Connection names', () => {
    const raw = [
      'Connection',
      'close, X-Private',
      'X-Private',
      '1',
      'Keep-Alive',
      'timeout=5',
      'Location',
      'http://192.168.1.10:8080/next',
      'Content-Type',
      'text/html',
    ];
    expect(browserResponseHeaders(raw, origins)).toEqual([
      ['Location', `${origins.session}/next`],
      ['Content-Type', 'text/html'],
    ]);
  });

  it('drops Clear-Site-Data: it would clear every session host of the domain, not only this one', () => {
    const raw = ['Clear-Site-Data', '"cookies", "storage"', 'clear-site-data', '"*"', 'X-Kept', '1'];
    expect(browserResponseHeaders(raw, origins)).toEqual([['X-Kept', '1']]);
  });

  it('reads every session cookie of a Cookie header (a page may plant more than one)', () => {
    expect(sessionCookies('a=1; __fleetgate_web=one; __fleetgate_web=two')).toEqual(['one', 'two']);
    expect(sessionCookies(undefined)).toEqual([]);
  });
});
