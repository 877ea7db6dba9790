import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hmiAssetPaths } from './hmi-page.ts';
import { startSimulator, type Simulator } from './simulator.ts';

let simulator: Simulator;
let base: string;

beforeAll(async () => {
  simulator = await startSimulator('Test PLC');
  base = `http://127.0.0.1:${simulator.services.find((s) => s.name === 'hmi')!.port}`;
});
afterAll(() => simulator.close());

/** Every same-origin sub-resource the page references (src and href attributes). */
const subResources = (html: string) =>
  [...html.matchAll(/\s(?:src|href)="(\/[^"]*)"/g)].map((match) => match[1]!);

describe('simulated HMI web application', () => {
  it('serves a page of 18 tiles that references 20 assets, each with its content type', async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<title>Test PLC HMI</title>');
    expect(html.match(/class="tile"><img/g)).toHaveLength(18);
    expect(html).toContain('id="screensaver-none"');
    const paths = subResources(html);
    expect(new Set(paths).size).toBe(20);
    expect(paths).toEqual(hmiAssetPaths);
    const expected = (path: string) =>
      path.endsWith('.css')
        ? 'text/css; charset=utf-8'
        : path.endsWith('.js')
          ? 'text/javascript; charset=utf-8'
          : 'image/svg+xml';
    for (const path of paths) {
      const asset = await fetch(base + path);
      expect(asset.status, path).toBe(200);
      expect(asset.headers.get('content-type'), path).toBe(expected(path));
      expect(asset.headers.get('cache-control'), path).toBe('no-cache');
      expect(asset.headers.get('etag'), path).toMatch(/^"[\w-]{22}"$/);
      const body = await asset.text();
      if (path.endsWith('.svg')) expect(body, path).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
  });

  it('answers a revalidation with 304 and no body, and a changed tag with the asset', async () => {
    const first = await fetch(`${base}/icons/pump.svg`);
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${base}/icons/pump.svg`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const stale = await fetch(`${base}/icons/pump.svg`, { headers: { 'if-none-match': '"old"' } });
    expect(stale.status).toBe(200);
  });

  it('serves the display screensaver once one is set, with its tag in the page', async () => {
    const own = await startSimulator('Panel');
    const port = own.services.find((s) => s.name === 'hmi')!.port;
    const bytes = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    own.setScreensaver({ contentType: 'image/gif', bytes, etag: '"tag-1"' });
    try {
      const html = await (await fetch(`http://127.0.0.1:${port}/`)).text();
      expect(html).toContain('<img id="screensaver" src="/screensaver?v=tag-1" alt="Display screensaver">');
      expect(html).not.toContain('screensaver-none');
      const image = await fetch(`http://127.0.0.1:${port}/screensaver?v=tag-1`);
      expect(image.status).toBe(200);
      expect(Object.fromEntries(image.headers)).toMatchObject({
        'content-type': 'image/gif',
        'cache-control': 'no-cache',
        etag: '"tag-1"',
        'x-content-type-options': 'nosniff',
      });
      expect(Buffer.from(await image.arrayBuffer())).toEqual(bytes);
    } finally {
      await own.close();
    }
  });

  it('refuses unknown paths and other methods', async () => {
    expect((await fetch(`${base}/icons/nope.svg`)).status).toBe(404);
    expect((await fetch(`${base}/screensaver`)).status).toBe(404);
    const put = await fetch(`${base}/hmi.css`, { method: 'PUT', body: 'x' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD');
  });

  it('sends live pump speeds on /live several times a second', async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/live`);
    const values = await new Promise<{ rpm: number }[]>((resolve, reject) => {
      const received: { rpm: number }[] = [];
      ws.on('error', reject);
      ws.on('message', (data: Buffer) => {
        received.push(JSON.parse(data.toString()) as { rpm: number });
        if (received.length === 3) resolve(received);
      });
    });
    ws.close();
    for (const value of values) {
      expect(Number.isInteger(value.rpm)).toBe(true);
      expect(value.rpm).toBeGreaterThan(1400);
      expect(value.rpm).toBeLessThan(1500);
    }
  });

  it('refuses a WebSocket on any other path', async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/other`);
    const status = await new Promise<number>((resolve) =>
      ws.on('unexpected-response', (_request, response) => resolve(response.statusCode!)),
    );
    expect(status).toBe(404);
  });

  it('closes open live sockets when the simulator stops', async () => {
    const own = await startSimulator('Closing PLC');
    const port = own.services.find((s) => s.name === 'hmi')!.port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/live`);
    await new Promise((resolve) => ws.once('message', resolve));
    const closed = new Promise((resolve) => ws.once('close', resolve));
    await own.close();
    await closed;
  });

  it('echoes a set point sent as JSON', async () => {
    const response = await fetch(`${base}/api/setpoint`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rpm: 1500 }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as { setpoint: unknown; receivedOn: string };
    expect(body.setpoint).toEqual({ rpm: 1500 });
    expect(Date.parse(body.receivedOn)).not.toBeNaN();
  });

  it('refuses a set point that is not a JSON object, too large, or not POSTed', async () => {
    const post = (body: string, type = 'application/json') =>
      fetch(`${base}/api/setpoint`, { method: 'POST', headers: { 'content-type': type }, body });
    expect((await post('{nope')).status).toBe(400);
    expect((await post('[1]')).status).toBe(400);
    expect((await post('{"rpm":1}', 'text/plain')).status).toBe(415);
    expect((await post(JSON.stringify({ pad: 'x'.repeat(5000) }))).status).toBe(413);
    const get = await fetch(`${base}/api/setpoint`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('still answers raw HTTP/1.0 as the tunnel test sends it', async () => {
    const port = Number(new URL(base).port);
    const text = await new Promise<string>((resolve) => {
      let received = '';
      const socket = net.connect(port, '127.0.0.1', () => socket.end('GET / HTTP/1.0\r\nHost: hmi\r\n\r\n'));
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.on('end', () => resolve(received));
    });
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(text).toContain('id="rpm"');
  });
});

describe('simulated machine on the HMI page', () => {
  const alarm = (body: string) =>
    fetch(`${base}/api/alarm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('trips and resets the alarm (Modbus coil 1) and shows the register map', async () => {
    const tripped = await alarm(JSON.stringify({ on: true }));
    expect(tripped.status).toBe(200);
    expect(await tripped.json()).toEqual({ alarm: true });
    expect(simulator.machine.state.alarm).toBe(true);
    const page = await (await fetch(`${base}/`)).text();
    expect(page).toContain('<span id="alarm-state" class="on">ALARM</span>');
    expect(page).toContain('<button type="button" id="alarm-trip">Trip alarm</button>');
    for (const address of ['hr:0', 'hr:1', 'hr:2', 'hr:4', 'coil:0', 'coil:1'])
      expect(page).toContain(`<tr><td>${address}</td>`);

    const reset = await alarm(JSON.stringify({ on: false }));
    expect(await reset.json()).toEqual({ alarm: false });
    expect(simulator.machine.state.alarm).toBe(false);
  });

  it('refuses anything but {on: boolean} by POST', async () => {
    expect((await alarm(JSON.stringify({ on: 'yes' }))).status).toBe(400);
    expect((await alarm('{')).status).toBe(400);
    expect((await fetch(`${base}/api/alarm`)).status).toBe(405);
    expect(simulator.machine.state.alarm).toBe(false);
  });
});
