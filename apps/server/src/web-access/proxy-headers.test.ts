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

  it('keeps Secure on an https session origin, drops it on http, and drops any cookie named like ours', () => {
    const http = { ...origins, session: `http://${hostId}.localhost:8080` };
    expect(rewriteSetCookie('a=1; Secure; SameSite=None', origins)).toBe('a=1; Secure; SameSite=None');
    expect(rewriteSetCookie('a=1; secure', http)).toBe('a=1');
    expect(rewriteSetCookie('__fleetgate_web=x; Path=/', origins)).toBeUndefined();
    expect(rewriteSetCookie(' __FLEETGATE_web2=x', origins)).toBeUndefined();
    expect(rewriteSetCookie('__Host-fleetgate_web=x; Path=/; Secure', origins)).toBeUndefined();
    expect(rewriteSetCookie('__host-FLEETGATE_WEB=x; Path=/; Secure', origins)).toBeUndefined();
  });

  it("makes a cookie for the device's or the session's own host host-only, and drops one for any other domain", () => {
    expect(rewriteSetCookie('sid=1; Domain=192.168.1.10; Path=/', origins)).toBe('sid=1; Path=/');
    expect(rewriteSetCookie(`sid=1; domain=.${hostId}.WEB.example.com`, origins)).toBe('sid=1');
    expect(rewriteSetCookie('sid=1; Domain=; HttpOnly', origins)).toBe('sid=1; HttpOnly');
    const ipv6 = { ...origins, device: 'http://[fd00::1]:8080' };
    expect(rewriteSetCookie('sid=1; Domain=fd00::1', ipv6)).toBe('sid=1');
    // A parent of the session host reaches every other session host, and the portal when it
    // shares the registrable domain; an unrelated one is nothing the browser would take anyway.
    for (const domain of ['web.example.com', '.example.com', 'example.com', 'com', 'evil.test'])
      expect(rewriteSetCookie(`big=${'x'.repeat(3900)}; Domain=${domain}; Path=/`, origins)).toBeUndefined();
    expect(
      browserResponseHeaders(['Set-Cookie', 'a=1; Domain=example.com', 'Set-Cookie', 'b=2; Path=/'], origins),
    ).toEqual([['Set-Cookie', 'b=2; Path=/']]);
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
    expect(sessionCookies('a=1; __fleetgate_web=one; __fleetgate_web=two', false)).toEqual(['one', 'two']);
    expect(sessionCookies(undefined, false)).toEqual([]);
  });

  it('reads only the __Host- session cookie on https: no other host can have set it', () => {
    const header = '__fleetgate_web=planted; __Host-fleetgate_web=ours';
    expect(sessionCookies(header, true)).toEqual(['ours']);
    expect(sessionCookies(header, false)).toEqual(['planted']);
  });
});
