import { once } from 'node:events';
import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { Multiplexer } from '@fleetgate/tunnel-protocol';
import { bridgeStream } from '../../../agent/src/lan-bridge.ts';
import { RfbTestClient, type RfbClientOptions } from '../../../agent/src/rfb-client.test-support.ts';
import { colours, pumpButton } from '../../../agent/src/rfb-screen.ts';
import type { PixelFormat } from '../../../agent/src/rfb-pixels.ts';
import { startRfbServer, type RfbServer } from '../../../agent/src/rfb-server.ts';
import { bridgeRfb } from './rfb-bridge.ts';

const button = { x: pumpButton.x + 10, y: pumpButton.y + 10 };
const u16 = (n: number) => [n >> 8, n & 0xff];
const bgrBigEndian: PixelFormat = {
  bitsPerPixel: 32,
  depth: 24,
  bigEndian: true,
  redMax: 255,
  greenMax: 255,
  blueMax: 255,
  redShift: 0,
  greenShift: 8,
  blueShift: 16,
};

let rfb: RfbServer;
let wss: WebSocketServer;
const sockets: (WebSocket | net.Socket)[] = [];
const servers: net.Server[] = [];
beforeEach(async () => {
  rfb = await startRfbServer({ intervalMs: 0 });
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) {
    if (socket instanceof WebSocket) socket.terminate();
    else socket.destroy();
  }
  await new Promise((resolve) => wss?.close(resolve));
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  await rfb.close();
});

/** A tunnel stream as the relay gets one: a multiplexer joined in memory to an agent-side one
 * whose LAN bridge connects to the RFB server, with the tunnel's own flow control. */
function tunnelStream() {
  const services = [{ name: 'vnc', host: '127.0.0.1', port: rfb.port, type: 'vnc' as const }];
  const relay: Multiplexer = new Multiplexer({
    role: 'initiator',
    send: (frame) => setImmediate(() => agent.receive(frame)),
  });
  const agent: Multiplexer = new Multiplexer({
    role: 'acceptor',
    send: (frame) => setImmediate(() => relay.receive(frame)),
    onStream: (stream, target) => bridgeStream(stream, target, services),
  });
  return relay.open('vnc');
}

/**
 * A device that speaks RFB 3.3 only and does not look at the viewer's version (as in the finding
 * of issue 15): the simulator behind a proxy that sends the viewer `RFB 003.003` and tells the
 * simulator 3.3 whatever the viewer answered. `received` is everything that reached it from the
 * viewer.
 */
async function device33() {
  const received: Buffer[] = [];
  const v33 = Buffer.from('RFB 003.003\n', 'latin1');
  const server = net.createServer((viewer) => {
    const simulator = net.connect(rfb.port, '127.0.0.1');
    sockets.push(viewer, simulator);
    let fromSimulator = 0;
    let fromViewer = 0;
    viewer.write(v33);
    simulator.on('data', (chunk: Buffer) => {
      const skip = Math.max(0, Math.min(12 - fromSimulator, chunk.length));
      fromSimulator += chunk.length;
      if (chunk.length > skip) viewer.write(chunk.subarray(skip));
    });
    viewer.on('data', (chunk: Buffer) => {
      received.push(chunk);
      const skip = Math.max(0, Math.min(12 - fromViewer, chunk.length));
      if (fromViewer < 12 && fromViewer + chunk.length >= 12) simulator.write(v33);
      fromViewer += chunk.length;
      if (chunk.length > skip) simulator.write(chunk.subarray(skip));
    });
    for (const [a, b] of [
      [viewer, simulator],
      [simulator, viewer],
    ] as const) {
      a.on('error', () => b.destroy());
      a.on('close', () => b.destroy());
    }
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as net.AddressInfo).port, received };
}

/** A WebSocket viewer that speaks raw bytes to the bridge, with the device on `port`. */
async function rawViewer(port: number, viewOnly: boolean) {
  wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(wss, 'listening');
  wss.on('connection', (ws) => {
    const device = net.connect(port, '127.0.0.1');
    sockets.push(ws, device);
    bridgeRfb(ws, device, { viewOnly });
  });
  const ws = new WebSocket(`ws://127.0.0.1:${(wss.address() as net.AddressInfo).port}`);
  sockets.push(ws);
  const received: Buffer[] = [];
  ws.on('message', (data: Buffer) => received.push(data));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await once(ws, 'open');
  const until = async (bytes: number) => {
    while (Buffer.concat(received).length < bytes) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  return { ws, closed, until };
}

/**
 * A viewer on a WebSocket, the bridge, and a real TCP connection to the simulator's RFB server
 * (or, with `via: 'tunnel'`, a tunnel stream) as the device side. `transport.chunk` splits
 * whatever the viewer sends into WebSocket messages of that many bytes; `transport.merged` sends
 * everything the callback sends as one message.
 */
async function bridged(
  viewOnly: boolean,
  options: RfbClientOptions = {},
  chunk = 0,
  via: 'tcp' | 'tunnel' | { port: number } = 'tcp',
) {
  wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(wss, 'listening');
  const counts = { up: 0, down: 0 };
  wss.on('connection', (ws) => {
    sockets.push(ws);
    const device =
      via === 'tunnel' ? tunnelStream() : net.connect(via === 'tcp' ? rfb.port : via.port, '127.0.0.1');
    if (device instanceof net.Socket) sockets.push(device);
    bridgeRfb(ws, device, {
      viewOnly,
      count: { up: (n) => (counts.up += n), down: (n) => (counts.down += n) },
    });
  });
  const ws = new WebSocket(`ws://127.0.0.1:${(wss.address() as net.AddressInfo).port}`);
  sockets.push(ws);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const transport = {
    chunk,
    held: undefined as Buffer[] | undefined,
    merged(send: () => void) {
      this.held = [];
      send();
      const bytes = Buffer.concat(this.held);
      this.held = undefined;
      this.write(bytes);
    },
    write(bytes: Buffer) {
      if (this.held) return void this.held.push(bytes);
      const size = this.chunk || bytes.length;
      for (let offset = 0; offset < bytes.length; offset += size)
        ws.send(bytes.subarray(offset, offset + size));
    },
  };
  const client = new RfbTestClient((bytes) => transport.write(bytes), options);
  ws.on('message', (data: Buffer) => client.receive(data));
  ws.on('close', () => client.markClosed());
  await once(ws, 'open');
  await client.ready();
  await client.update(false);
  return { ws, client, closed, counts, transport };
}

describe('RFB bridge', () => {
  it('with full control carries a click that switches the pump, both clipboards and counts the bytes', async () => {
    const { client, counts } = await bridged(false);
    expect(client.pixel(button.x, button.y)).toBe(colours.pumpOn);
    client.click(button.x, button.y);
    await client.update(true);
    expect(client.pixel(button.x, button.y)).toBe(colours.pumpOff);
    expect(rfb.pumpOn()).toBe(false);
    await client.until(() => client.cutTexts.length > 0);
    expect(client.cutTexts).toEqual(['PUMP OFF']);

    const before = client.pixels.slice(204 * 400, 211 * 400);
    client.cutText('Batch 42');
    await client.update(true);
    expect(client.pixels.slice(204 * 400, 211 * 400)).not.toEqual(before);
    // Down: at least the three screens of 400×240 pixels at 4 bytes.
    expect(counts.down).toBeGreaterThan(400 * 240 * 4);
    expect(counts.up).toBeGreaterThan(12 + 1 + 1 + 3 * 6 + 8);
  });

  it.each(['003.007', '003.003'] as const)(
    'with full control follows an RFB %s handshake',
    async (version) => {
      const { client } = await bridged(false, { version });
      client.click(button.x, button.y);
      await client.update(true);
      expect(rfb.pumpOn()).toBe(false);
      expect(client.pixel(button.x, button.y)).toBe(colours.pumpOff);
    },
  );

  it.each([false, true])('works with a device that speaks RFB 3.3 only (view-only: %s)', async (viewOnly) => {
    const device = await device33();
    const { client } = await bridged(viewOnly, { version: '003.003' }, 0, device);
    client.click(button.x, button.y);
    await client.update(!viewOnly);
    expect(rfb.pumpOn()).toBe(viewOnly);
    expect(client.pixel(button.x, button.y)).toBe(viewOnly ? colours.pumpOn : colours.pumpOff);
  });

  it('view-only closes with 1008 a viewer claiming RFB 3.8 to a 3.3 device, before anything reaches it', async () => {
    const device = await device33();
    const { ws, closed, until } = await rawViewer(device.port, true);
    await until(12);
    // The reviewer's desync: a 3.3 device takes 01 as ClientInit and 04 as a KeyEvent, and then
    // the ClientFence below as the rest of that KeyEvent and a click on the pump button.
    const payload = Buffer.from([
      ...u16(button.x),
      ...u16(button.y),
      5,
      0,
      ...u16(button.x),
      ...u16(button.y),
      0,
    ]);
    const fence = Buffer.concat([Buffer.from([248, 0, 0, 0, 0, 0xff, 0xe3, 5, payload.length]), payload]);
    for (const part of [Buffer.from('RFB 003.008\n', 'latin1'), Buffer.from([1]), Buffer.from([4]), fence])
      ws.send(part);
    const outcome = await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000))]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rfb.pumpOn()).toBe(true);
    expect(Buffer.concat(device.received)).toEqual(Buffer.alloc(0));
    expect(outcome).toEqual({ code: 1008, reason: 'not an RFB message a view-only viewer may send' });
  });

  it('with full control, the same bytes are the click the view-only filter keeps from the device', async () => {
    const device = await device33();
    const { ws, until } = await rawViewer(device.port, false);
    await until(12);
    const payload = Buffer.from([
      ...u16(button.x),
      ...u16(button.y),
      5,
      0,
      ...u16(button.x),
      ...u16(button.y),
      0,
    ]);
    const fence = Buffer.concat([Buffer.from([248, 0, 0, 0, 0, 0xff, 0xe3, 5, payload.length]), payload]);
    for (const part of [Buffer.from('RFB 003.008\n', 'latin1'), Buffer.from([1]), Buffer.from([4]), fence])
      ws.send(part);
    while (rfb.pumpOn()) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(rfb.pumpOn()).toBe(false);
  });

  it('with full control carries input split into single bytes', async () => {
    const { client } = await bridged(false, {}, 1);
    client.key(0x20, true);
    client.key(0x20, false);
    await client.update(true);
    expect(client.pixel(button.x, button.y)).toBe(colours.pumpOff);
  });

  it('view-only shows the screen in the viewer’s pixel format and drops clicks, keys and pasted text', async () => {
    const { client } = await bridged(true, { format: bgrBigEndian, encodings: [0, -239, -316] });
    expect(client.pixel(button.x, button.y)).toBe(colours.pumpOn);
    expect(client.cursorUpdates).toBe(1);
    const before = client.pixels.slice();
    client.click(button.x, button.y);
    client.key(0x20, true);
    client.key(0x20, false);
    client.cutText('Batch 42');
    // A full update is answered at once, after everything sent before it.
    await client.update(false);
    expect(rfb.pumpOn()).toBe(true);
    expect(client.pixels).toEqual(before);
    expect(client.cutTexts).toEqual([]);
    expect(client.closed).toBe(false);
  });

  it.each([
    ['split into single bytes', 1],
    ['split across messages', 5],
  ])('view-only follows messages %s, and merged into one', async (_, chunk) => {
    const { client, transport } = await bridged(true, { format: bgrBigEndian }, chunk);
    expect(client.pixel(button.x, button.y)).toBe(colours.pumpOn);
    let update: Promise<unknown> = Promise.resolve();
    transport.merged(() => {
      client.click(button.x, button.y);
      client.cutText('x'.repeat(300));
      client.key(0x20, true);
      update = client.update(false);
    });
    await update;
    expect(rfb.pumpOn()).toBe(true);
    expect(client.pixel(button.x, button.y)).toBe(colours.pumpOn);
    expect(client.cutTexts).toEqual([]);
  });

  it.each(['003.007', '003.003'] as const)('view-only follows an RFB %s handshake', async (version) => {
    const { client } = await bridged(true, { version });
    client.click(button.x, button.y);
    await client.update(false);
    expect(rfb.pumpOn()).toBe(true);
    expect(client.pixel(button.x, button.y)).toBe(colours.pumpOn);
  });

  it.each([false, true])('carries the screen through a tunnel stream (view-only: %s)', async (viewOnly) => {
    const { client } = await bridged(viewOnly, { format: bgrBigEndian }, 0, 'tunnel');
    client.click(button.x, button.y);
    // Several whole screens in a row: more than the tunnel's flow-control window.
    for (let i = 0; i < 4; i += 1) await client.update(false);
    expect(rfb.pumpOn()).toBe(viewOnly);
    expect(client.pixel(button.x, button.y)).toBe(viewOnly ? colours.pumpOn : colours.pumpOff);
  });

  it('view-only closes with 1008 on a message it cannot parse', async () => {
    const { ws, closed } = await bridged(true);
    ws.send(Buffer.from([99, 1, 2, 3]));
    expect(await closed).toEqual({ code: 1008, reason: 'not an RFB message a view-only viewer may send' });
  });

  it('view-only closes with 1008 when the viewer does not speak RFB', async () => {
    wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await once(wss, 'listening');
    wss.on('connection', (ws) => {
      const tunnel = net.connect(rfb.port, '127.0.0.1');
      sockets.push(ws, tunnel);
      bridgeRfb(ws, tunnel, { viewOnly: true });
    });
    const ws = new WebSocket(`ws://127.0.0.1:${(wss.address() as net.AddressInfo).port}`);
    sockets.push(ws);
    await once(ws, 'open');
    ws.send(Buffer.from('GET / HTTP/1.1\r\n\r\n'));
    const [code] = (await once(ws, 'close')) as [number];
    expect(code).toBe(1008);
  });

  it('refuses text messages (1003) and ends when the device closes', async () => {
    const text = await bridged(false);
    text.ws.send('hello');
    expect((await text.closed).code).toBe(1003);

    await new Promise((resolve) => wss.close(resolve));
    const garbage = await bridged(false);
    // Full control passes anything; the device closes on what it cannot read.
    garbage.ws.send(Buffer.from([99, 1, 2, 3]));
    expect(await garbage.closed).toEqual({ code: 1000, reason: 'device closed the connection' });
  });
});
