import { serviceTypes, type ServiceType } from '@fleetgate/contracts';

/**
 * A LAN service the agent may reach: the only targets a tunnel stream can open. `type` (how the
 * portal offers it: a web page, a VNC screen or plain TCP) is reported at enrolment; without it
 * the server takes the default by port.
 */
export type LanService = { name: string; host: string; port: number; type?: ServiceType };

export type ServiceTarget = { host: string; port: number };

/**
 * Parses `name=host:port` (command line) into a service, optionally with its type as a scheme:
 * `panel=http://10.0.0.5:8080`, `screen=vnc://10.0.0.5:5900` (also `https://`, `tcp://`).
 * IPv6 hosts are written in brackets: `plc=[fd00::10]:502`.
 */
export function parseServiceSpec(spec: string): LanService {
  const match =
    /^([A-Za-z0-9_.-]{1,64})=(?:([a-z]+):\/\/)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9_.-]{1,253}):(\d{1,5})$/.exec(
      spec,
    );
  const port = Number(match?.[4]);
  if (!match || port < 1 || port > 65535) throw new Error(`Not a service (name=host:port): ${spec}`);
  const type = match[2];
  if (type !== undefined && !isServiceType(type))
    throw new Error(`Not a service type (${serviceTypes.join(', ')}): ${spec}`);
  const service: LanService = { name: match[1]!, host: match[3]!.replace(/^\[|\]$/g, ''), port };
  return type ? { ...service, type } : service;
}

/** The command-line form of a service, which `parseServiceSpec` reads back. */
export function formatServiceSpec(service: LanService): string {
  const host = String(service.host).includes(':') ? `[${service.host}]` : service.host;
  return `${service.name}=${service.type ? `${service.type}://` : ''}${host}:${service.port}`;
}

function isServiceType(value: string): value is ServiceType {
  return (serviceTypes as readonly string[]).includes(value);
}

/**
 * Resolves a stream's target against the allow-list: a service name or exactly one of the
 * configured host:port pairs. Anything else is refused, whatever the peer asks for.
 */
export function resolveTarget(services: readonly LanService[], target: string): ServiceTarget | undefined {
  const byName = services.find((s) => s.name === target);
  if (byName) return { host: byName.host, port: byName.port };
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(target);
  if (!match) return undefined;
  const host = match[1] ?? match[2]!;
  const port = Number(match[3]);
  const allowed = services.find((s) => s.host.toLowerCase() === host.toLowerCase() && s.port === port);
  return allowed && { host: allowed.host, port: allowed.port };
}
