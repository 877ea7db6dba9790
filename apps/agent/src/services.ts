/** A LAN service the agent may reach: the only targets a tunnel stream can open. */
export type LanService = { name: string; host: string; port: number };

export type ServiceTarget = { host: string; port: number };

/**
 * Parses `name=host:port` (command line) into a service. IPv6 hosts are written in brackets:
 * `plc=[fd00::10]:502`.
 */
export function parseServiceSpec(spec: string): LanService {
  const match = /^([A-Za-z0-9_.-]{1,64})=(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9_.-]{1,253}):(\d{1,5})$/.exec(spec);
  const port = Number(match?.[3]);
  if (!match || port < 1 || port > 65535) throw new Error(`Not a service (name=host:port): ${spec}`);
  return { name: match[1]!, host: match[2]!.replace(/^\[|\]$/g, ''), port };
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
