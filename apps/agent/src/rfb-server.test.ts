import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connectRfb } from './rfb-client.test-support.ts';
import { colours, pumpButton, screenHeight, screenWidth, type Rect } from './rfb-screen.ts';
import type { PixelFormat } from './rfb-pixels.ts';
import { startRfbServer, type RfbServer } from './rfb-server.ts';

const buttonCentre = { x: pumpButton.x + 10, y: pumpButton.y + 10 };
const whole = { x: 0, y: 0, w: screenWidth, h: screenHeight };
/** 32 bits, big-endian, blue in the low byte of the other order: what a picky viewer may ask. */
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

let server: RfbServer;
const cleanup: (() => void)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) close();
  await server?.close();
});

async function viewer(options: Parameters<typeof connectRfb>[1] = {}) {
  const connection = await connectRfb(server.port, options);
  cleanup.push(connection.close);
  return connection.client;
}

const area = (rects: Rect[]) => rects.reduce((sum, r) => sum + r.w * r.h, 0);
const inside = (outer: Rect, inner: Rect) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.w <= outer.x + outer.w &&
  inner.y + inner.h <= outer.y + outer.h;

describe('simulator RFB server', () => {
  it('greets an RFB 3.8 viewer with its screen: header, tank and a green pump button', async () => {
    server = await startRfbServer({ name: 'Line 1 PLC', intervalMs: 0 });
    const client = await viewer();
    expect({ name: client.name, width: client.width, height: client.height }).toEqual({
      name: 'Line 1 PLC',
      width: 400,
      height: 240,
    });
    expect(await client.update(false)).toEqual([whole]);
    expect(client.pixel(2, 2)).toBe(colours.header);
    expect(client.pixel(buttonCentre.x, buttonCentre.y)).toBe(colours.pumpOn);
    expect(client.pixel(pumpButton.x, pumpButton.y)).toBe(colours.text);
    expect(client.pixel(200, 235)).toBe(colours.background);
  });

  it('switches the pump on a click on the button, sends only what changed and puts the state on the clipboard', async () => {
    server = await startRfbServer({ intervalMs: 0 });
    const client = await viewer({ format: bgrBigEndian });
    await client.update(false);
    const before = client.pixels.slice();

    client.click(buttonCentre.x, buttonCentre.y);
    const rects = await client.update(true);
    expect(server.pumpOn()).toBe(false);
    expect(client.pixel(buttonCentre.x, buttonCentre.y)).toBe(colours.pumpOff);
    expect(rects.some((r) => inside(r, { ...buttonCentre, w: 1, h: 1 }))).toBe(true);
    // Each rectangle sent holds a changed pixel: nothing unchanged is resent.
    for (const r of rects) {
      let changed = false;
      for (let y = r.y; y < r.y + r.h && !changed; y += 1)
        for (let x = r.x; x < r.x + r.w && !changed; x += 1)
          changed = before[y * screenWidth + x] !== client.pixel(x, y);
      expect(changed, JSON.stringify(r)).toBe(true);
    }
    expect(area(rects)).toBeLessThan((screenWidth * screenHeight) / 4);
    await client.until(() => client.cutTexts.length === 1);
    expect(client.cutTexts).toEqual(['PUMP OFF']);

    client.click(buttonCentre.x, buttonCentre.y);
    await client.update(true);
    expect(client.pixel(buttonCentre.x, buttonCentre.y)).toBe(colours.pumpOn);
    await client.until(() => client.cutTexts.length === 2);
    expect(client.cutTexts).toEqual(['PUMP OFF', 'PUMP ON']);
  });

  it('ignores a click beside the button and a press dragged off it; the space bar switches the pump', async () => {
    server = await startRfbServer({ intervalMs: 0 });
    const client = await viewer();
    await client.update(false);
    client.click(pumpButton.x - 5, buttonCentre.y);
    client.pointer(1, buttonCentre.x, buttonCentre.y);
    client.pointer(1, 10, 10);
    client.pointer(0, 10, 10);
    // A full update is answered at once, so the events above have been handled by now.
    await client.update(false);
    expect(server.pumpOn()).toBe(true);

    client.key(0x20, true);
    client.key(0x20, false);
    await client.update(true);
    expect(server.pumpOn()).toBe(false);
    expect(client.pixel(buttonCentre.x, buttonCentre.y)).toBe(colours.pumpOff);
  });

  it('waits with an incremental update until something changes, then sends that', async () => {
    server = await startRfbServer({ intervalMs: 0 });
    const client = await viewer();
    await client.update(false);
    const pending = client.update(true);
    const other = await viewer();
    await other.update(false);
    // The second viewer changes the viewer count at the bottom of the screen.
    const rects = await pending;
    expect(rects.length).toBeGreaterThan(0);
    for (const r of rects) expect(r.y).toBeGreaterThanOrEqual(208);
  });

  it('moves the tank level on its own', async () => {
    server = await startRfbServer({ intervalMs: 20 });
    const client = await viewer();
    await client.update(false);
    const rects = await client.update(true);
    expect(rects.length).toBeGreaterThan(0);
  });

  it('lets several viewers watch: each sees a click of another, and gets the clipboard', async () => {
    server = await startRfbServer({ intervalMs: 0 });
    const [a, b, c] = [await viewer(), await viewer(), await viewer({ format: bgrBigEndian })];
    for (const client of [a, b, c]) await client.update(false);
    b.click(buttonCentre.x, buttonCentre.y);
    for (const client of [a, b, c]) {
      await client.update(true);
      expect(client.pixel(buttonCentre.x, buttonCentre.y)).toBe(colours.pumpOff);
      await client.until(() => client.cutTexts.length === 1);
      expect(client.cutTexts).toEqual(['PUMP OFF']);
    }
  });

  it('gives the screen to a viewer alone when it does not share', async () => {
    server = await startRfbServer({ intervalMs: 0 });
    const first = await viewer();
    const alone = await viewer({ shared: false });
    await first.until(() => first.closed);
    expect(first.closed).toBe(true);
    expect(await alone.update(false)).toEqual([whole]);
  });

  it('shows text pasted by a viewer', async () => {
    server = await startRfbServer({ intervalMs: 0 });
    const client = await viewer();
    await client.update(false);
    const before = client.pixels.slice(204 * screenWidth, 211 * screenWidth);
    client.cutText('Recipe 7');
    const rects = await client.update(true);
    for (const r of rects) expect(r.y).toBeGreaterThanOrEqual(192);
    expect(client.pixels.slice(204 * screenWidth, 211 * screenWidth)).not.toEqual(before);
  });

  it('answers a burst of whole-screen requests in full, reading on as the viewer takes them', async () => {
    server = await startRfbServer({ intervalMs: 0 });
    const connection = await connectRfb(server.port);
    cleanup.push(connection.close);
    const request = Buffer.from([3, 0, 0, 0, 0, 0, 1, 144, 0, 240]);
    // 40 screens of 384 000 bytes asked for at once: far more than the server keeps unsent.
    connection.socket.write(Buffer.concat(new Array(40).fill(request)));
    const { client } = connection;
    await client.until(() => client.updates.length === 40);
    expect(client.updates.every((rects) => rects.length === 1 && rects[0]!.w === 400)).toBe(true);
    expect(client.closed).toBe(false);
  });

  it.each(['003.007', '003.003'] as const)('speaks RFB %s', async (version) => {
    server = await startRfbServer({ intervalMs: 0 });
    const client = await viewer({ version });
    expect(await client.update(false)).toEqual([whole]);
    expect(client.pixel(buttonCentre.x, buttonCentre.y)).toBe(colours.pumpOn);
  });

  it('sends 16-bit colour and a pointer shape when asked', async () => {
    server = await startRfbServer({ intervalMs: 0 });
    const client = await viewer({
      format: {
        ...bgrBigEndian,
        bitsPerPixel: 16,
        depth: 16,
        bigEndian: false,
        redMax: 31,
        greenMax: 63,
        blueMax: 31,
        redShift: 11,
        greenShift: 5,
        blueShift: 0,
      },
      encodings: [0, -239],
    });
    await client.update(false);
    expect(client.cursorUpdates).toBe(1);
    const green = client.pixel(buttonCentre.x, buttonCentre.y);
    // 5/6/5 bits per channel: close to the true colour.
    expect(Math.abs((green >> 16) - (colours.pumpOn >> 16))).toBeLessThan(9);
    expect(Math.abs(((green >> 8) & 0xff) - ((colours.pumpOn >> 8) & 0xff))).toBeLessThan(5);
    expect(Math.abs((green & 0xff) - (colours.pumpOn & 0xff))).toBeLessThan(9);
  });

  it.each([
    ['a wrong greeting', [Buffer.from('HTTP/1.1 200\n')]],
    ['an unknown security type', [Buffer.from('RFB 003.008\n'), Buffer.from([2])]],
    ['an unknown message', [Buffer.from('RFB 003.008\n'), Buffer.from([1, 1]), Buffer.from([99, 0, 0, 0])]],
    [
      'a colour-map pixel format',
      [
        Buffer.from('RFB 003.008\n'),
        Buffer.from([1, 1]),
        Buffer.from([0, 0, 0, 0, 8, 8, 0, 0, ...new Array(12).fill(0)]),
      ],
    ],
    [
      'an oversized paste',
      [Buffer.from('RFB 003.008\n'), Buffer.from([1, 1]), Buffer.from([6, 0, 0, 0, 0x7f, 0xff, 0xff, 0xff])],
    ],
  ])('closes the connection on %s and keeps serving others', async (_, messages) => {
    server = await startRfbServer({ intervalMs: 0 });
    const socket = net.connect(server.port, '127.0.0.1');
    cleanup.push(() => socket.destroy());
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('data', resolve));
    for (const message of messages) socket.write(message);
    await new Promise((resolve) => socket.once('close', resolve));
    const client = await viewer();
    expect(await client.update(false)).toEqual([whole]);
  });
});
