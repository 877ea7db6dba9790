import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalListener } from './local-listener.ts';
import { resolveSocksTarget, socksServices } from './service-names.ts';
import { canonicalHost, socksHandshake, socksReplies } from './socks5.ts';
import { echoThrough, socksConnect } from './socks-client.test-support.ts';

const agent = {
  publicId: 'agentabc0001',
  name: 'Line 1 Gateway',
  activeVpnSession: { vpnAddress: '10.187.0.2' },
  servers: [
    { publicId: 'srvhmi000001', name: 'HMI', host: '192.168.10.5', port: 80 },
    { publicId: 'srvplc000001', name: 'PLC s7', host: 'FD00::10', port: 102 },
    { publicId: 'srvhidden001', name: 'ssh', host: '192.168.10.5', port: 22 },
  ],
};
const services = socksServices(agent, new Set(['srvhmi000001', 'srvplc000001']));

describe("SOCKS5 names of a device's services", () => {
  it('maps <service>.<agent name or publicId> (any port) and the configured host:port, nothing else', () => {
    const domain = (host: string, port = 80) => resolveSocksTarget(services, { host, port, kind: 'domain' });
    expect(domain('hmi.line-1-gateway')).toBe('srvhmi000001');
    expect(domain('HMI.agentabc0001.', 8080)).toBe('srvhmi000001');
    expect(domain('plc-s7.line-1-gateway', 102)).toBe('srvplc000001');
    expect(resolveSocksTarget(services, { host: '192.168.10.5', port: 80, kind: 'ipv4' })).toBe(
      'srvhmi000001',
    );
    expect(resolveSocksTarget(services, { host: 'fd00:0:0:0:0:0:0:10', port: 102, kind: 'ipv6' })).toBe(
      'srvplc000001',
    );
    // The agent's other service is not in the ticket; other ports and names are not services.
    expect(resolveSocksTarget(services, { host: '192.168.10.5', port: 22, kind: 'ipv4' })).toBeUndefined();
    expect(domain('ssh.line-1-gateway')).toBeUndefined();
    expect(domain('example.com', 443)).toBeUndefined();
    expect(canonicalHost('[FD00:0::10]')).toBe('fd00::10');
  });
});

describe('SOCKS5 handshake', () => {
  let listener: LocalListener;
  let port: number;
  let echoServer: net.Server;
  beforeAll(async () => {
    echoServer = net.createServer((socket) => socket.pipe(socket));
    echoServer.listen(0, '127.0.0.1');
    await once(echoServer, 'listening');
    const echoPort = (echoServer.address() as net.AddressInfo).port;
    // A proxy whose only service is "echo.test", connected straight to a local echo server.
    listener = new LocalListener((socket) => {
      void socksHandshake(
        socket,
        (request) => request.kind === 'domain' && request.host === 'echo.test',
      ).then((accepted) => {
        if (!accepted) return;
        const upstream = net.connect({ host: '127.0.0.1', port: echoPort });
        upstream.write(accepted.rest);
        socket.pipe(upstream).pipe(socket);
      });
    });
    port = await listener.listen(0);
  });
  afterAll(async () => {
    await listener.close();
    echoServer.close();
  });

  it('connects an allowed name and carries bytes', async () => {
    const { reply, socket } = await socksConnect(port, { host: 'echo.test', port: 7 });
    expect(reply).toBe(socksReplies.succeeded);
    const data = Buffer.from('hello through socks');
    expect((await echoThrough(socket, data)).toString()).toBe(data.toString());
  });

  it('answers 0x02 for anything else, 0x07 for other commands and refuses authentication-only clients', async () => {
    const other = await socksConnect(port, { host: 'example.com', port: 80 });
    expect(other.reply).toBe(socksReplies.notAllowed);
    await once(other.socket, 'close');
    const ip = await socksConnect(port, { host: '10.0.0.1', port: 80 });
    expect(ip.reply).toBe(socksReplies.notAllowed);
    const bind = await socksConnect(port, { host: 'echo.test', port: 7 }, { command: 2 });
    expect(bind.reply).toBe(socksReplies.commandNotSupported);
    const auth = await socksConnect(port, { host: 'echo.test', port: 7 }, { methods: [2] });
    expect(auth.reply).toBe(0xff);
  });

  it('drops a client that does not speak SOCKS5', async () => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.on('error', () => undefined);
    socket.write('GET / HTTP/1.1\r\n\r\n');
    await once(socket, 'close');
  });
});
