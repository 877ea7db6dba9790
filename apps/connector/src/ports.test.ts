import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LocalListener } from './local-listener.ts';
import { parsePorts, PortBook, portMessages, portsPath, readPorts, type PortOwner } from './ports.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'fleetgate-ports-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const listeners: LocalListener[] = [];
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((l) => l.close()));
});
/** Listens like the tunnel session does: rejects when the port is taken. */
const listen = async (port: number) => {
  const listener = new LocalListener((socket) => socket.destroy());
  const bound = await listener.listen(port);
  listeners.push(listener);
  return { port: bound, close: () => listener.close() };
};
/** A port held by "another program" for the test. */
async function occupy(port = 0): Promise<{ port: number; close: () => Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1', exclusive: true }, resolve);
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
/**
 * A base with a run of free ports after it. Taken below Linux's ephemeral range (32768-60999):
 * a system-picked base had its next ports handed to other test files' connections meanwhile.
 */
async function freeBase(run = 4): Promise<number> {
  for (;;) {
    const base = 21000 + Math.floor(Math.random() * 10000);
    const held: { close: () => Promise<void> }[] = [];
    try {
      for (let i = 0; i < run; i++) held.push(await occupy(base + i));
      return base;
    } catch {
      // One of them is taken: try another run.
    } finally {
      await Promise.all(held.map((h) => h.close()));
    }
  }
}

const hmi: PortOwner = {
  kind: 'service',
  agentId: 'agent0000001',
  agentName: 'Line 1 gateway',
  serviceId: 'server000001',
  serviceName: 'hmi',
};
const echo: PortOwner = { ...hmi, serviceId: 'server000002', serviceName: 'echo' };
const socks: PortOwner = { kind: 'socks' };

describe('parsePorts', () => {
  const entry = { agentId: 'agent0000001', serviceId: 'server000001', agentName: 'Gw', serviceName: 'hmi' };

  it('accepts ports from 1024 to 65535, each once, and keeps the names', () => {
    expect(parsePorts({ socksPort: 1024, services: [{ ...entry, port: 65535 }] }, [9250])).toEqual({
      ports: { socksPort: 1024, services: [{ ...entry, port: 65535 }] },
      errors: [],
    });
    expect(parsePorts({}, [9250])).toEqual({ ports: { socksPort: null, services: [] }, errors: [] });
  });

  it('names each refused port: out of range, reserved for the connector, used twice', () => {
    const result = parsePorts(
      {
        socksPort: 80,
        services: [
          { ...entry, port: 9250 },
          { ...entry, serviceId: 'server000002', port: 40000 },
          { ...entry, serviceId: 'server000003', serviceName: 'echo', port: 40000 },
          { ...entry, serviceId: 'server000004', port: 65536 },
          { ...entry, serviceId: 'server000005', port: 4.5 },
          { ...entry, serviceId: 'x', port: 41000 },
        ],
      },
      [9250],
    );
    expect(result.errors).toEqual([
      { message: portMessages.range, propertyName: 'socksPort' },
      { message: portMessages.reserved, propertyName: 'services.0' },
      { message: 'Used twice: 40000 is also hmi of Gw', propertyName: 'services.2' },
      { message: portMessages.range, propertyName: 'services.3' },
      { message: portMessages.range, propertyName: 'services.4' },
      { message: 'Invalid value', propertyName: 'services.5' },
    ]);
    expect(parsePorts({ socksPort: 30000, services: [{ ...entry, port: 30000 }] }).errors).toEqual([
      { message: 'Used twice: 30000 is also the SOCKS5 proxy', propertyName: 'services.0' },
    ]);
    expect(parsePorts([], [9250]).errors).toHaveLength(1);
    expect(parsePorts({ services: 'x' }, [9250]).errors).toEqual([
      { message: 'Invalid value', propertyName: 'services' },
    ]);
  });
});

describe('PortBook', () => {
  it('gives SOCKS5 and each service a port from the base upwards and the same ones again', async () => {
    const base = await freeBase();
    const book = new PortBook({ socksPort: null, services: [] });
    const first = [
      await book.bind(socks, listen, base, new Set()),
      await book.bind(hmi, listen, base, new Set([base])),
      await book.bind(echo, listen, base, new Set([base, base + 1])),
    ];
    expect(first.map((b) => b.port)).toEqual([base, base + 1, base + 2]);
    // Another base later does not move ports already given.
    await Promise.all(listeners.splice(0).map((l) => l.close()));
    const again = [
      await book.bind(echo, listen, 20000, new Set()),
      await book.bind(hmi, listen, 20000, new Set()),
      await book.bind(socks, listen, 20000, new Set()),
    ];
    expect(again).toEqual([{ port: base + 2 }, { port: base + 1 }, { port: base }]);
  });

  it('takes the next free port when another program holds the remembered one, and remembers that', async () => {
    const base = await freeBase();
    const book = new PortBook({ socksPort: null, services: [] });
    const { port } = await book.bind(hmi, listen, base, new Set());
    await Promise.all(listeners.splice(0).map((l) => l.close()));
    const other = await occupy(port);
    const moved = await book.bind(hmi, listen, base, new Set());
    expect(moved.movedFrom).toBe(port);
    expect(moved.port).not.toBe(port);
    await other.close();
    await Promise.all(listeners.splice(0).map((l) => l.close()));
    // Freed again, the service stays where it went: a changing port is worse than an odd one.
    expect(await book.bind(hmi, listen, base, new Set())).toEqual({ port: moved.port });
  });

  it('never gives a port of another service or the connector to a new one', async () => {
    const base = await freeBase();
    const book = new PortBook(
      {
        socksPort: null,
        services: [
          {
            agentId: 'agent0000001',
            agentName: 'Gw',
            serviceId: 'server000001',
            serviceName: 'hmi',
            port: base,
          },
        ],
      },
      { reserved: () => [9250, base + 1] },
    );
    expect((await book.bind(echo, listen, base, new Set())).port).toBe(base + 2);
    // Without a base the system picks; still never a remembered one.
    const picked = await book.bind(socks, listen, null, new Set());
    expect([base, base + 1, base + 2]).not.toContain(picked.port);
  });

  it('closes and skips a port the system picks that belongs to another service', async () => {
    const book = new PortBook({
      socksPort: null,
      services: [
        {
          agentId: 'agent0000001',
          agentName: 'Gw',
          serviceId: 'server000009',
          serviceName: 'x',
          port: 40001,
        },
      ],
    });
    const closed: number[] = [];
    const picks = [40001, 40002];
    const fake = async () => {
      const port = picks.shift()!;
      return { port, close: async () => void closed.push(port) };
    };
    expect(await book.bind(hmi, fake, null, new Set())).toEqual({ port: 40002 });
    expect(closed).toEqual([40001]);
  });

  it('keeps the ports in ports.json beside settings.json and reads them back', async () => {
    const settingsFile = path.join(dir, 'a', 'settings.json');
    const file = portsPath(settingsFile);
    expect(file).toBe(path.join(dir, 'a', 'ports.json'));
    expect(await readPorts(file)).toEqual({ socksPort: null, services: [] });
    const base = await freeBase();
    const book = new PortBook({ socksPort: null, services: [] }, { file });
    await book.bind(socks, listen, base, new Set());
    await book.bind(hmi, listen, base, new Set([base]));
    await book.flushed();
    const stored = await readPorts(file);
    expect(stored).toEqual({
      socksPort: base,
      services: [
        {
          agentId: 'agent0000001',
          agentName: 'Line 1 gateway',
          serviceId: 'server000001',
          serviceName: 'hmi',
          port: base + 1,
        },
      ],
    });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(stored);
    await writeFile(file, '{"socksPort": 80}');
    await expect(readPorts(file)).rejects.toThrow(/invalid ports \(socksPort: Must be a whole number/);
    await writeFile(file, '{');
    await expect(readPorts(file)).rejects.toThrow(/not valid JSON/);
  });
});
