import http from 'node:http';
import net from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkDestination,
  DestinationNotAllowedError,
  guardAgent,
  guardedLookup,
  isPublicAddress,
} from './outbound-guard.ts';

const strict = { allowPrivate: false };
const open = { allowPrivate: true };

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['2001:4860:4860::8888', true],
    ['::ffff:8.8.8.8', true],
    ['127.0.0.1', false],
    ['127.255.255.254', false],
    ['10.0.0.1', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['100.64.0.1', false],
    ['100.127.255.255', false],
    ['169.254.169.254', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['[::1]', false],
    ['::', false],
    ['fe80::1', false],
    ['fe80::1%eth0', false],
    ['febf::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:169.254.169.254', false],
    ['64:ff9b::7f00:1', false],
    ['2002:7f00:1::', false],
    ['not an address', false],
    ['', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it.each(['2130706433', '0x7f000001', '0x7f.0.0.1', '0177.0.0.1', '017700000001', '127.1', '0x0a.1'])(
    'judges the numeric spelling %s as the private address it means',
    (spelling) => {
      expect(isPublicAddress(spelling)).toBe(false);
    },
  );
});

describe('checkDestination', () => {
  it.each([
    '127.0.0.1',
    'localhost',
    '[::1]',
    '::ffff:127.0.0.1',
    '2130706433',
    '0x7f.0.0.1',
    '0177.0.0.1',
    '017700000001',
    '10.1.2.3',
    '169.254.169.254',
  ])('refuses %s by default', async (host) => {
    await expect(checkDestination(host, strict)).rejects.toThrow(DestinationNotAllowedError);
  });

  it('returns the checked address to connect to when the operator allows private targets', async () => {
    expect(await checkDestination('127.0.0.1', open)).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await checkDestination('[::1]', open)).toEqual({ address: '::1', family: 6 });
    // A numeric spelling comes back as the address the system would connect to.
    expect(await checkDestination('2130706433', open)).toEqual({ address: '127.0.0.1', family: 4 });
  });

  it('lets public literals through without asking DNS', async () => {
    expect(await checkDestination('8.8.8.8', strict)).toEqual({ address: '8.8.8.8', family: 4 });
  });

  it('passes DNS failures on as they are', async () => {
    await expect(checkDestination('no-such-host.invalid', strict)).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
  });
});

describe('guardedLookup and guardAgent', () => {
  let server: http.Server;
  let port: number;
  let requests = 0;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      requests++;
      // A redirect to a literal loopback address: the guard must check where it leads, too.
      if (request.url === '/redirect') response.writeHead(302, { location: `http://127.0.0.1:${port}/` });
      response.end('private');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (url: string, agent: http.Agent) =>
    new Promise<number>((resolve, reject) => {
      http
        .get(url, { agent }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
        .on('error', reject);
    });

  it('refuses names and literal addresses of private targets before connecting', async () => {
    const before = requests;
    const agent = guardAgent(new http.Agent(), strict);
    await expect(get(`http://localhost:${port}/`, agent)).rejects.toThrow('Destination not allowed');
    await expect(get(`http://127.0.0.1:${port}/`, agent)).rejects.toThrow('Destination not allowed');
    const socket = net.connect({ host: 'localhost', port, lookup: guardedLookup(strict) });
    const [error] = (await once(socket, 'error')) as [Error];
    expect(error).toBeInstanceOf(DestinationNotAllowedError);
    expect(requests).toBe(before);
  });

  it('connects when the operator allows private targets, redirects included', async () => {
    const agent = guardAgent(new http.Agent(), open);
    expect(await get(`http://localhost:${port}/redirect`, agent)).toBe(302);
    expect(await get(`http://127.0.0.1:${port}/`, agent)).toBe(200);
  });
});
