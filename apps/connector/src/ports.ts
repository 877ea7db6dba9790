import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readJsonFile } from './settings.ts';

/** The lowest port a local service may use: below it a user needs root rights to listen. */
export const minLocalPort = 1024;
export const maxLocalPort = 65535;
/** The connector's own API and settings page; never handed to a device service. */
export const apiPort = 9250;

/** The local port of one device service: an agent's server, by publicIds; the names are for people. */
export type ServicePort = {
  agentId: string;
  agentName: string;
  serviceId: string;
  serviceName: string;
  port: number;
};

/** What ports.json holds: the SOCKS5 port and every service port given out so far (or set by the user). */
export type PortRecord = { socksPort: number | null; services: ServicePort[] };

export type PortError = { message: string; propertyName: string };

export const portMessages = {
  range: `Must be a whole number from ${minLocalPort} to ${maxLocalPort}`,
  reserved: 'Reserved for the connector itself',
  duplicate: 'Used twice',
} as const;

/** ports.json next to settings.json. */
export function portsPath(settingsFile: string): string {
  return path.join(path.dirname(settingsFile), 'ports.json');
}

const publicIdPattern = /^[0-9a-z]{12}$/;
const isPort = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= minLocalPort && value <= maxLocalPort;

/**
 * Checks a port record (from ports.json or the settings page). Errors name `socksPort` or
 * `services.<index>`; a port the connector uses itself, or one given twice, is refused.
 */
export function parsePorts(
  input: unknown,
  reserved: readonly number[] = [apiPort],
): { ports: PortRecord; errors: [] } | { ports?: undefined; errors: PortError[] } {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { errors: [{ message: 'Invalid value', propertyName: '' }] };
  const record = input as Record<string, unknown>;
  const errors: PortError[] = [];
  // Each port once: the first to take it is named in the error of the next.
  const used = new Map<number, string>();
  const check = (value: number, propertyName: string, label: string) => {
    if (reserved.includes(value)) errors.push({ message: portMessages.reserved, propertyName });
    else if (used.has(value)) {
      errors.push({
        message: `${portMessages.duplicate}: ${value} is also ${used.get(value)}`,
        propertyName,
      });
    } else used.set(value, label);
  };
  let socksPort: number | null = null;
  if (record.socksPort !== undefined && record.socksPort !== null) {
    if (isPort(record.socksPort)) check((socksPort = record.socksPort), 'socksPort', 'the SOCKS5 proxy');
    else errors.push({ message: portMessages.range, propertyName: 'socksPort' });
  }
  const services: ServicePort[] = [];
  const list = record.services ?? [];
  if (!Array.isArray(list))
    return { errors: [...errors, { message: 'Invalid value', propertyName: 'services' }] };
  list.forEach((item: unknown, index) => {
    const propertyName = `services.${index}`;
    const entry = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const { agentId, serviceId } = entry;
    if (
      typeof agentId !== 'string' ||
      !publicIdPattern.test(agentId) ||
      typeof serviceId !== 'string' ||
      !publicIdPattern.test(serviceId)
    ) {
      return void errors.push({ message: 'Invalid value', propertyName });
    }
    if (!isPort(entry.port)) return void errors.push({ message: portMessages.range, propertyName });
    if (services.some((s) => s.agentId === agentId && s.serviceId === serviceId))
      return void errors.push({ message: portMessages.duplicate, propertyName });
    const label = (value: unknown) => (typeof value === 'string' ? value.slice(0, 255) : '');
    check(
      entry.port,
      propertyName,
      `${label(entry.serviceName) || serviceId} of ${label(entry.agentName) || agentId}`,
    );
    services.push({
      agentId,
      agentName: label(entry.agentName),
      serviceId,
      serviceName: label(entry.serviceName),
      port: entry.port,
    });
  });
  return errors.length > 0 ? { errors } : { ports: { socksPort, services }, errors: [] };
}

/** Reads ports.json; missing means nothing remembered yet, a broken file is an error worth stopping for. */
export async function readPorts(file: string): Promise<PortRecord> {
  const parsed = await readJsonFile(file);
  if (parsed === undefined) return { socksPort: null, services: [] };
  const result = parsePorts(parsed);
  if (!result.ports) {
    const where = result.errors.map((e) => `${e.propertyName}: ${e.message}`).join('; ');
    throw new Error(`${file}: invalid ports (${where})`);
  }
  return result.ports;
}

/** Writes atomically, like settings.json. */
async function writePorts(file: string, ports: PortRecord): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(ports, null, 2) + '\n', { mode: 0o600 });
  await rename(temporary, file);
}

/** Which port a listener is for: the SOCKS5 proxy or one service of one device. */
export type PortOwner =
  | { kind: 'socks' }
  | { kind: 'service'; agentId: string; agentName: string; serviceId: string; serviceName: string };

/** Where a listener ended up; `movedFrom` when its remembered port was taken by another program. */
export type BoundPort = { port: number; movedFrom?: number };

/**
 * Opens a listener on a port (0: any free one); resolves with the bound port and a way to close
 * it again, rejects when the port is taken.
 */
export type Listen = (port: number) => Promise<{ port: number; close: () => Promise<void> }>;

/** How far the scan for a free port goes before it asks the system for any free one. */
const scanLimit = 500;

/**
 * The local ports, remembered per device service (agent publicId + service publicId) and for
 * SOCKS5, so a tool or bookmark keeps working from one connect to the next. A port is given
 * out once (from the base port upwards, or by the system without one), kept in ports.json, and
 * reused; when another program holds it, the next free one is taken and remembered instead.
 */
export class PortBook {
  readonly #file: string | undefined;
  readonly #reserved: () => readonly number[];
  readonly #log: (line: string) => void;
  #record: PortRecord;
  #saving: Promise<void> = Promise.resolve();

  /** Without a file the ports are remembered until the process ends (tests, no settings file). */
  constructor(
    record: PortRecord,
    options: {
      file?: string | undefined;
      reserved?: () => readonly number[];
      log?: (line: string) => void;
    } = {},
  ) {
    this.#record = record;
    this.#file = options.file;
    this.#reserved = options.reserved ?? (() => [apiPort]);
    this.#log = options.log ?? (() => undefined);
  }

  get current(): PortRecord {
    return this.#record;
  }

  get reserved(): readonly number[] {
    return this.#reserved();
  }

  /** Replaces the record (the settings page); already checked with parsePorts. */
  replace(record: PortRecord): Promise<void> {
    this.#record = record;
    return this.#save();
  }

  /**
   * Binds the owner's port: the remembered one, else (or when it is taken) a free one, which
   * is then remembered. `inUse` are ports this session has already bound.
   */
  async bind(owner: PortOwner, listen: Listen, basePort: number | null, inUse: ReadonlySet<number>) {
    const remembered = this.#portOf(owner);
    if (remembered !== undefined && !inUse.has(remembered)) {
      try {
        const { port } = await listen(remembered);
        this.#remember(owner, port);
        return { port } satisfies BoundPort;
      } catch {
        // Taken by another program: a new port below, and the user is told.
      }
    }
    const port = await this.#bindFree(owner, listen, basePort, inUse);
    this.#remember(owner, port);
    return (remembered === undefined ? { port } : { port, movedFrom: remembered }) satisfies BoundPort;
  }

  /** The first free port from the base port that is nobody's, or one the system picks. */
  async #bindFree(owner: PortOwner, listen: Listen, basePort: number | null, inUse: ReadonlySet<number>) {
    const blocked = new Set<number>([...this.#reserved(), ...inUse, ...this.#portsOfOthers(owner)]);
    if (basePort !== null) {
      let tried = 0;
      for (let port = basePort; port <= maxLocalPort && tried < scanLimit; port++) {
        if (blocked.has(port)) continue;
        tried++;
        try {
          return (await listen(port)).port;
        } catch {
          // In use: the next one.
        }
      }
    }
    // The system's choice, unless it is a port remembered for another service (then another).
    for (let attempt = 0; ; attempt++) {
      const bound = await listen(0);
      if (!blocked.has(bound.port) || attempt >= 20) return bound.port;
      await bound.close();
    }
  }

  #portOf(owner: PortOwner): number | undefined {
    if (owner.kind === 'socks') return this.#record.socksPort ?? undefined;
    return this.#record.services.find((s) => s.agentId === owner.agentId && s.serviceId === owner.serviceId)
      ?.port;
  }

  #portsOfOthers(owner: PortOwner): number[] {
    const services = this.#record.services.filter(
      (s) => owner.kind === 'socks' || s.agentId !== owner.agentId || s.serviceId !== owner.serviceId,
    );
    const socks = owner.kind === 'socks' || this.#record.socksPort === null ? [] : [this.#record.socksPort];
    return [...socks, ...services.map((s) => s.port)];
  }

  /** Keeps the port (and the current names) and saves when anything changed. */
  #remember(owner: PortOwner, port: number) {
    const record = this.#record;
    let next: PortRecord;
    if (owner.kind === 'socks') {
      if (record.socksPort === port) return;
      next = { ...record, socksPort: port };
    } else {
      const entry: ServicePort = {
        agentId: owner.agentId,
        agentName: owner.agentName,
        serviceId: owner.serviceId,
        serviceName: owner.serviceName,
        port,
      };
      const index = record.services.findIndex(
        (s) => s.agentId === owner.agentId && s.serviceId === owner.serviceId,
      );
      if (index >= 0 && JSON.stringify(record.services[index]) === JSON.stringify(entry)) return;
      const services = [...record.services];
      if (index >= 0) services[index] = entry;
      else services.push(entry);
      next = { ...record, services };
    }
    this.#record = next;
    // The port works either way; a file that cannot be written only costs its memory.
    this.#save().catch((error: unknown) =>
      this.#log(`ports not saved: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  /** Saves one after the other, so the last record is what the file holds. */
  #save(): Promise<void> {
    const file = this.#file;
    if (!file) return Promise.resolve();
    const record = this.#record;
    this.#saving = this.#saving.catch(() => undefined).then(() => writePorts(file, record));
    return this.#saving;
  }

  /** Resolves when every save so far is written (tests, stopping). */
  flushed(): Promise<void> {
    return this.#saving.catch(() => undefined);
  }
}
