import net from 'node:net';
import { ServerTCP } from 'modbus-serial';

/**
 * The simulated machine behind the simulator's Modbus TCP server. Holding registers and input
 * registers hold the same values, as do coils and discrete inputs:
 *
 * | address      | value                                   | type                         |
 * |--------------|-----------------------------------------|------------------------------|
 * | hr:0 / ir:0  | temperature, °C × 10 (20–80 °C)         | int16                        |
 * | hr:1 / ir:1  | pressure, mbar                          | uint16                       |
 * | hr:2–3       | production counter, parts               | uint32 (big-endian words)    |
 * | hr:4–5       | flow, m³/h                              | float32 (big-endian words)   |
 * | coil:0 / di:0| running                                 | bool                         |
 * | coil:1 / di:1| alarm (write coil 1 or use the HMI page)| bool                         |
 */
export const modbusRegisterMap: readonly {
  address: string;
  name: string;
  dataType: string;
  scale: number;
  unit: string;
}[] = [
  { address: 'hr:0', name: 'Temperature', dataType: 'int16', scale: 0.1, unit: '°C' },
  { address: 'hr:1', name: 'Pressure', dataType: 'uint16', scale: 1, unit: 'mbar' },
  { address: 'hr:2', name: 'Parts produced', dataType: 'uint32', scale: 1, unit: 'pcs' },
  { address: 'hr:4', name: 'Flow', dataType: 'float32', scale: 1, unit: 'm³/h' },
  { address: 'coil:0', name: 'Running', dataType: 'bool', scale: 1, unit: '' },
  { address: 'coil:1', name: 'Alarm', dataType: 'bool', scale: 1, unit: '' },
];

/** How often the machine moves on (a part, a temperature step). */
const defaultTickMs = 500;
const registerCount = 6;

export type MachineState = {
  temperatureC: number;
  pressureMbar: number;
  counter: number;
  flow: number;
  running: boolean;
  alarm: boolean;
};

/**
 * A machine that runs in cycles: while running the temperature rises towards 75 °C, pressure and
 * flow hold around their working point with noise and a part is counted each tick; stopped, it
 * cools towards 22 °C. An alarm stops it until the alarm is reset.
 */
export class Machine {
  readonly state: MachineState = {
    temperatureC: 24,
    pressureMbar: 1013,
    counter: 0,
    flow: 0,
    running: true,
    alarm: false,
  };
  #ticks = 0;
  readonly #random: () => number;

  constructor(random: () => number = Math.random) {
    this.#random = random;
  }

  tick(): void {
    const s = this.state;
    this.#ticks += 1;
    // Runs 2 minutes, pauses 20 s, unless an alarm holds it.
    s.running = !s.alarm && this.#ticks % 280 < 240;
    const noise = (span: number) => (this.#random() - 0.5) * span;
    const target = s.running ? 75 : 22;
    s.temperatureC = clamp(s.temperatureC + (target - s.temperatureC) * 0.02 + noise(0.4), 20, 80);
    s.pressureMbar = Math.round(clamp((s.running ? 4800 : 1013) + noise(60), 0, 65_535));
    s.flow = s.running ? Math.max(0, 36.5 + noise(2)) : 0;
    if (s.running) s.counter = (s.counter + 1) % 2 ** 32;
  }

  setAlarm(on: boolean): void {
    this.state.alarm = on;
    if (on) this.state.running = false;
  }

  /** The six registers (hr:0–5 = ir:0–5). */
  registers(): number[] {
    const s = this.state;
    const words = Buffer.alloc(registerCount * 2);
    words.writeInt16BE(Math.round(s.temperatureC * 10), 0);
    words.writeUInt16BE(s.pressureMbar, 2);
    words.writeUInt32BE(s.counter, 4);
    words.writeFloatBE(s.flow, 8);
    return Array.from({ length: registerCount }, (_, i) => words.readUInt16BE(i * 2));
  }

  bit(address: number): boolean {
    if (address === 0) return this.state.running;
    if (address === 1) return this.state.alarm;
    return false;
  }
}

export type ModbusSimulator = { port: number; machine: Machine; close: () => Promise<void> };

/**
 * Serves the machine over Modbus TCP on loopback (any unit id); coil 1 is writable (the alarm).
 * Port 0 picks a free port (the library itself would take 0 as its default, 502).
 */
export async function startModbusSimulator(
  port = 0,
  machine = new Machine(),
  /** How often the machine moves on; 0 holds it still (tests set its state themselves). */
  tickMs = defaultTickMs,
): Promise<ModbusSimulator> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await listenModbus(port || (await freePort()), machine, tickMs);
    } catch (error) {
      // A free port another process took between the probe and the listen: try another one.
      if (port !== 0 || attempt >= 4 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
}

async function listenModbus(port: number, machine: Machine, tickMs: number): Promise<ModbusSimulator> {
  const register = (address: number) => machine.registers()[address] ?? 0;
  const server = new ServerTCP(
    {
      getHoldingRegister: register,
      getInputRegister: register,
      getMultipleHoldingRegisters: (address: number, length: number) =>
        Array.from({ length }, (_, i) => register(address + i)),
      getMultipleInputRegisters: (address: number, length: number) =>
        Array.from({ length }, (_, i) => register(address + i)),
      getCoil: (address: number) => machine.bit(address),
      getDiscreteInput: (address: number) => machine.bit(address),
      setCoil: (address: number, value: boolean) => {
        if (address === 1) machine.setAlarm(value);
      },
      setRegister: () => undefined,
    },
    { host: '127.0.0.1', port },
  );
  server.on('socketError', () => undefined);
  server.on('serverError', () => undefined);
  const inner = (server as unknown as { _server: net.Server })._server;
  await new Promise<void>((resolve, reject) => {
    if (inner.listening) return resolve();
    inner.once('listening', () => resolve());
    inner.once('error', reject);
  });
  const timer = tickMs > 0 ? setInterval(() => machine.tick(), tickMs) : undefined;
  timer?.unref();
  return {
    port: (inner.address() as net.AddressInfo).port,
    machine,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        for (const socket of server.socks.keys()) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
