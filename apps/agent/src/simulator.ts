import http from 'node:http';
import net from 'node:net';
import { startRfbServer } from './rfb-server.ts';
import type { ScreensaverImage } from './screensaver.ts';
import type { LanService } from './services.ts';

export type Simulator = {
  services: LanService[];
  /** What the simulated display shows when idle (the company's screensaver), or null for none. */
  setScreensaver: (image: ScreensaverImage | null) => void;
  close: () => Promise<void>;
};

/** The display panel: the screensaver image (its tag in the URL, so a new one is not cached), or a note. */
const displayPanel = (image: ScreensaverImage | null) =>
  image
    ? `<img id="screensaver" src="/screensaver?v=${encodeURIComponent(image.etag.replace(/"/g, ''))}" alt="Display screensaver">`
    : '<p id="screensaver-none">No screensaver is set for this display.</p>';

const hmiPage = (name: string, image: ScreensaverImage | null) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${name} HMI</title>
<style>body{font-family:sans-serif;background:#10243e;color:#fff;padding:2rem}
.tile{display:inline-block;background:#1c3a5e;border-radius:8px;padding:1rem 1.5rem;margin:.5rem}
.value{font-size:2rem;font-weight:bold}
.display{display:block;margin:1.5rem .5rem;max-width:40rem}.display img{display:block;max-width:100%;max-height:20rem;border-radius:4px}</style></head>
<body><h1>${name} — line 1</h1>
<div class="tile">Pump<div class="value" id="rpm">1450 rpm</div></div>
<div class="tile">Tank level<div class="value">72 %</div></div>
<div class="tile">State<div class="value">RUNNING</div></div>
<section class="tile display" aria-labelledby="display-title"><h2 id="display-title">Display screensaver</h2>
${displayPanel(image)}</section>
</body></html>`;

/**
 * Demo LAN services for a simulated device: an HTTP HMI page, a TCP echo service and the HMI's
 * screen over VNC on loopback, so a demo and the tests have something real to reach through the tunnel.
 */
export async function startSimulator(
  name = 'Simulated PLC',
  ports: { hmi?: number; echo?: number; vnc?: number } = {},
): Promise<Simulator> {
  let screensaver: ScreensaverImage | null = null;
  const hmi = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://hmi');
    if (url.pathname === '/screensaver') {
      if (!screensaver) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        return response.end('No screensaver is set for this display.\n');
      }
      response.writeHead(200, {
        'content-type': screensaver.contentType,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
        etag: screensaver.etag,
      });
      return response.end(screensaver.bytes);
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    response.end(hmiPage(name, screensaver));
  });
  const sockets = new Set<net.Socket>();
  const echo = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setNoDelay(true);
    socket.on('error', () => socket.destroy());
    socket.pipe(socket);
  });
  const hmiPort = await listen(hmi, ports.hmi ?? 0);
  const echoPort = await listen(echo, ports.echo ?? 0);
  // The HMI's screen over VNC (RFB): an animated tank and a pump button to click.
  const vnc = await startRfbServer({ port: ports.vnc ?? 0, name });
  return {
    services: [
      { name: 'hmi', host: '127.0.0.1', port: hmiPort, type: 'http' },
      { name: 'echo', host: '127.0.0.1', port: echoPort, type: 'tcp' },
      { name: 'vnc', host: '127.0.0.1', port: vnc.port, type: 'vnc' },
    ],
    setScreensaver: (image) => (screensaver = image),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all([closeServer(hmi), closeServer(echo), vnc.close()]);
    },
  };
}

function listen(server: net.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
  });
}

function closeServer(server: net.Server): Promise<void> {
  return new Promise((resolve) => {
    if ('closeAllConnections' in server) (server as http.Server).closeAllConnections();
    server.close(() => resolve());
  });
}
