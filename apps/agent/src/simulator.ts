import type http from 'node:http';
import net from 'node:net';
import { createHmiServer } from './hmi-server.ts';
import { startModbusSimulator, type Machine } from './modbus-machine.ts';
import { startRfbServer } from './rfb-server.ts';
import type { ScreensaverImage } from './screensaver.ts';
import type { LanService } from './services.ts';

export type Simulator = {
  services: LanService[];
  /** What the simulated display shows when idle (the company's screensaver), or null for none. */
  setScreensaver: (image: ScreensaverImage | null) => void;
  /** The machine behind the Modbus TCP service (the HMI page trips and resets its alarm). */
  machine: Machine;
  close: () => Promise<void>;
};

/**
 * Demo LAN services for a simulated device: an HTTP HMI web application (hmi-server.ts), a TCP
 * echo service, the HMI's screen over VNC and the machine's values over Modbus TCP on loopback, so a demo and the tests have something
 * real to reach through the tunnel.
 */
export async function startSimulator(
  name = 'Simulated PLC',
  ports: { hmi?: number; echo?: number; vnc?: number; modbus?: number } = {},
): Promise<Simulator> {
  let screensaver: ScreensaverImage | null = null;
  // The machine's values over Modbus TCP (modbus-machine.ts has the register map).
  const modbus = await startModbusSimulator(ports.modbus ?? 0);
  const { server: hmi, endLive } = createHmiServer({
    name,
    screensaver: () => screensaver,
    alarm: {
      get: () => modbus.machine.state.alarm,
      set: (on) => modbus.machine.setAlarm(on),
    },
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
      { name: 'modbus', host: '127.0.0.1', port: modbus.port, type: 'tcp' },
    ],
    setScreensaver: (image) => (screensaver = image),
    machine: modbus.machine,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      endLive();
      await Promise.all([closeServer(hmi), closeServer(echo), vnc.close(), modbus.close()]);
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
