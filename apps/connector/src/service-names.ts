import { vpnHostLabel } from '@fleetgate/contracts';
import { canonicalHost, type SocksRequest } from './socks5.ts';
import type { AgentDetails } from './portal-client.ts';

/** A service reachable through the SOCKS5 proxy: the names that lead to it and the relay target. */
export type SocksService = { publicId: string; hostnames: string[]; hostPort: string };

/** `Pump PLC` → `pump-plc` (shared with the portal, which shows these names). */
export const hostLabel = vpnHostLabel;

/**
 * The SOCKS5 names of each service: `<service>.<agent name>` and `<service>.<agent publicId>`
 * (any port: the name says which service), or the service's own `host:port` as configured.
 */
export function socksServices(agent: AgentDetails, publicIds: ReadonlySet<string>): SocksService[] {
  const agentLabels = [hostLabel(agent.name), agent.publicId].filter((label) => label !== '');
  return agent.servers
    .filter((server) => publicIds.has(server.publicId))
    .map((server) => ({
      publicId: server.publicId,
      hostnames: agentLabels.map((label) => `${hostLabel(server.name)}.${label}`),
      hostPort: `${canonicalHost(server.host)}:${server.port}`,
    }));
}

/** The relay target for a SOCKS5 request, or undefined: anything not a service is refused. */
export function resolveSocksTarget(
  services: readonly SocksService[],
  request: SocksRequest,
): string | undefined {
  const host = canonicalHost(request.host);
  const hostPort = `${host}:${request.port}`;
  const byName = request.kind === 'domain' ? services.find((s) => s.hostnames.includes(host)) : undefined;
  return (byName ?? services.find((s) => s.hostPort === hostPort))?.publicId;
}
