import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from './app.ts';
import {
  helpCentreUrlOf,
  loadConfig,
  parseTrustProxy,
  webAccessDomainOf,
  webAccessDomainWarning,
} from './config.ts';
import { openDatabase, type Db } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';

describe('a local start', () => {
  it('listens on loopback only unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('logs readable lines on a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT is json or pretty, not xml');
  });
});

describe('HELP_CENTRE_URL', () => {
  it('is optional', () => {
    expect(loadConfig({}).helpCentreUrl).toBeUndefined();
    expect(loadConfig({ HELP_CENTRE_URL: '' }).helpCentreUrl).toBeUndefined();
    expect(loadConfig({ HELP_CENTRE_URL: '  ' }).helpCentreUrl).toBeUndefined();
  });

  it('takes an absolute http(s) address, with path and query', () => {
    expect(loadConfig({ HELP_CENTRE_URL: 'https://help.example.com' }).helpCentreUrl).toBe(
      'https://help.example.com/',
    );
    expect(
      loadConfig({ HELP_CENTRE_URL: ' http://127.0.0.1:9400/docs?product=fleetgate ' }).helpCentreUrl,
    ).toBe('http://127.0.0.1:9400/docs?product=fleetgate');
  });

  it.each([
    'help.example.com',
    '/help',
    'ftp://help.example.com/',
    'javascript:alert(1)',
    'data:text/html,hi',
    'https://',
  ])('refuses %j at start, naming the variable', (value) => {
    expect(() => loadConfig({ HELP_CENTRE_URL: value })).toThrow(
      `HELP_CENTRE_URL is not an absolute http(s) address: ${value}`,
    );
  });

  it('refuses credentials without repeating them', () => {
    let message = '';
    try {
      loadConfig({ HELP_CENTRE_URL: 'https://bot:s3cret@help.example.com/' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^HELP_CENTRE_URL must not contain a user name or password/);
    expect(message).not.toContain('s3cret');
  });

  it("refuses the instance's own origin, whose pages could lift the frame's sandbox", () => {
    expect(() =>
      loadConfig({
        PUBLIC_URL: 'https://fleet.example.com',
        HELP_CENTRE_URL: 'https://fleet.example.com/help',
      }),
    ).toThrow(/^HELP_CENTRE_URL must be on another origin than PUBLIC_URL \(https:\/\/fleet\.example\.com\)/);
    expect(() => helpCentreUrlOf('http://localhost:8080/help', 'http://localhost:8080')).toThrow(
      /another origin/,
    );
    // Another port or scheme is another origin.
    expect(helpCentreUrlOf('http://localhost:8081/help', 'http://localhost:8080')).toBe(
      'http://localhost:8081/help',
    );
    expect(helpCentreUrlOf('http://fleet.example.com/help', 'https://fleet.example.com')).toBe(
      'http://fleet.example.com/help',
    );
  });
});

describe('a start with a bad setting', () => {
  it('stops with exit code 1 and one line naming the setting', () => {
    // The repo pins Node 24 (type stripping); the system Node may be older.
    const pinned = path.resolve(import.meta.dirname, '../../../node_modules/.bin/node');
    const result = spawnSync(existsSync(pinned) ? pinned : process.execPath, ['apps/server/src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: {
        ...process.env,
        HELP_CENTRE_URL: 'ftp://help.example.com/',
        DATA_DIR: '/nonexistent/never-used',
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'Configuration error: HELP_CENTRE_URL is not an absolute http(s) address: ftp://help.example.com/\n',
    );
    // No stack trace.
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
  });

  it('takes proxy addresses, CIDRs and named ranges', () => {
    expect(parseTrustProxy('10.0.0.5, 10.1.0.0/16,fd00::/8,::1,loopback')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it.each(['true', '*', ' true '])('refuses %j at start, saying why', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/any client choose its own address/);
  });

  it.each(['1', '2'])('refuses the hop count %j: it cannot tell a proxy from a direct client', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(/cannot tell a proxy from a client/);
  });

  it.each(['proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/8', '10.0.0.1,,10.0.0.2', '::1/129'])(
    'refuses %j',
    (value) => {
      expect(() => parseTrustProxy(value)).toThrow(/^TRUST_PROXY/);
    },
  );
});

describe('client addresses behind TRUST_PROXY', () => {
  let db: Db;
  let built: BuiltApp;

  beforeAll(async () => {
    const databaseUrl = process.env.DATABASE_URL;
    db = await openDatabase({ databaseUrl, dataDir: 'memory://' });
    if (!databaseUrl) await migrateToLatest(db);
    const config = { ...loadConfig({ TRUST_PROXY: '10.0.0.0/8' }), databaseUrl, webDist: undefined };
    built = await buildApp({
      config,
      db,
      logger: false,
      loginLimits: { perAccount: 1000, perAddress: 2, windowSeconds: 600 },
    });
  });

  afterAll(async () => {
    await built?.app.close();
    await db?.destroy();
  });

  const failedLogin = (remoteAddress: string, forwardedFor: string, n: number) =>
    built.app.inject({
      method: 'POST',
      url: '/api/AccessTokenList',
      remoteAddress,
      headers: {
        'api-version': '2',
        host: 'localhost:8080',
        'x-forwarded-for': forwardedFor,
        authorization: `Basic ${Buffer.from(`nobody-${n}@example.com::wrong password`).toString('base64')}`,
      },
      payload: { expiresIn: 3600 },
    });

  it('ignores X-Forwarded-For from an untrusted peer: its limit holds whatever it claims', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await failedLogin('203.0.113.7', `198.51.100.${i}`, i)).statusCode);
    expect(statuses).toEqual([401, 401, 429, 429]);
  });

  it('takes the client address from a trusted proxy', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await failedLogin('10.0.0.2', `198.51.100.${i}`, i)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401]);
    // The same client through the proxy is limited like any other.
    expect((await failedLogin('10.0.0.2', '198.51.100.0', 9)).statusCode).toBe(401);
    expect((await failedLogin('10.0.0.3', '198.51.100.0', 9)).statusCode).toBe(429);
  });
});

describe('WEB_ACCESS_DOMAIN', () => {
  it('defaults to localhost, whose sub-domains browsers resolve to loopback', () => {
    expect(loadConfig({}).webAccessDomain).toBe('localhost');
    expect(loadConfig({ WEB_ACCESS_DOMAIN: 'Web.Example.COM.' }).webAccessDomain).toBe('web.example.com');
  });

  it('takes a DNS name only, never an address, a port or a wildcard', () => {
    for (const value of [
      'https://web.example.com',
      'web.example.com:8443',
      '*.example.com',
      '10.0.0.1',
      'a..b',
    ])
      expect(() => webAccessDomainOf(value, 'https://portal.example.com')).toThrow('WEB_ACCESS_DOMAIN');
  });

  it("refuses a domain that contains PUBLIC_URL's host, whose cookies device pages could set", () => {
    expect(() => webAccessDomainOf('example.com', 'https://portal.example.com')).toThrow(
      'must not contain PUBLIC_URL',
    );
    expect(webAccessDomainOf('web.example.com', 'https://portal.example.com')).toBe('web.example.com');
  });

  it("warns when the session hosts share PUBLIC_URL's registrable domain, and only then", () => {
    const warning = webAccessDomainWarning('https://fleet.example.test', 'web.example.test');
    expect(warning).toContain('shares the registrable domain example.test');
    expect(warning).toContain('WEB_ACCESS_DOMAIN=example-devices.net');
    expect(webAccessDomainWarning('https://fleet.example.co.uk', 'example.co.uk')).toContain(
      'registrable domain example.co.uk',
    );
    for (const [publicUrl, domain] of [
      ['https://fleet.example.com', 'example-devices.net'],
      ['https://fleet.example.co.uk', 'devices.co.uk'],
      // Private suffixes count as browsers count them: each github.io site is its own.
      ['https://fleet.github.io', 'devices.github.io'],
      // The local defaults: `localhost` and an address have no registrable domain to share.
      ['http://localhost:8080', 'localhost'],
      ['http://127.0.0.1:8080', 'localhost'],
    ])
      expect(webAccessDomainWarning(publicUrl!, domain!)).toBeUndefined();
  });
});
