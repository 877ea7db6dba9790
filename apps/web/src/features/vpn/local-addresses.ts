import { vpnHostLabel, type AgentServer } from '@fleetgate/contracts';
import type { ConnectorStatus } from './connector-client.ts';

/** Device ports that serve web pages by convention; names that say so count too (below). */
const httpPorts = new Set([80, 8000, 8008, 8080, 8081, 8088, 8888]);
const httpsPorts = new Set([443, 8443]);
/** Service names of web front ends: `http`, `web-ui`, `HMI` (an operator panel, a web page here). */
const webName = /(^|[^a-z])(https?|web|www|hmi|ui)([^a-z]|$)/i;

/**
 * The scheme a browser opens a service with, or null for other TCP services (PLC protocols,
 * SSH…). Services carry no type: the device port and the name tell.
 */
export function webScheme(server: { name: string; port: number }): 'http' | 'https' | null {
  if (httpsPorts.has(server.port) || /(^|[^a-z])https([^a-z]|$)/i.test(server.name)) return 'https';
  if (httpPorts.has(server.port) || webName.test(server.name)) return 'http';
  return null;
}

export type LocalServiceAddress = {
  publicId: string;
  name: string;
  /** `127.0.0.1:<port>`: where the service is on this computer while connected. */
  address: string;
  /** A link for web services, else null. */
  url: string | null;
  /** `host:port` on the device's network, when the device is known. */
  deviceAddress: string | null;
  /** The address it had until this connect, when another program held that port. */
  movedFrom: string | null;
};

export type LocalAddresses = {
  services: LocalServiceAddress[];
  /** `127.0.0.1:<port>` of the SOCKS5 proxy, null when it is not listening. */
  socks: string | null;
  /** A ready command through the proxy, for the first (web) service. */
  socksExample: string | null;
};

const loopback = (port: number) => `127.0.0.1:${port}`;
/** A service's `host:port` on the device's network; IPv6 hosts in brackets. */
export const deviceAddress = ({ host, port }: { host: string; port: number }) =>
  `${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * The local addresses of the connector's session with this device, or null when it has none
 * (not connected, or connected to another device).
 */
export function localAddresses(
  status: ConnectorStatus | null,
  agentId: string | undefined,
  agent: { name: string; servers: AgentServer[] } | undefined,
): LocalAddresses | null {
  if (!status || status.status !== 'connected' || !agentId || status.activeRequest?.agentId !== agentId)
    return null;
  const services = status.services.map((service): LocalServiceAddress => {
    const server = agent?.servers.find((s) => s.publicId === service.publicId);
    const scheme = webScheme(server ?? { name: service.name, port: 0 });
    return {
      publicId: service.publicId,
      name: service.name,
      address: loopback(service.localPort),
      url: scheme && `${scheme}://${loopback(service.localPort)}/`,
      deviceAddress: server ? deviceAddress(server) : null,
      movedFrom: service.movedFrom === undefined ? null : loopback(service.movedFrom),
    };
  });
  const socks = status.socksPort === null ? null : loopback(status.socksPort);
  const example = services.find((s) => s.url) ?? services[0];
  const agentLabel = agent ? vpnHostLabel(agent.name) : agentId;
  const socksExample =
    socks && example
      ? `curl --socks5-hostname ${socks} ${example.url?.startsWith('https') ? 'https' : 'http'}://${vpnHostLabel(example.name)}.${agentLabel || agentId}/`
      : null;
  return { services, socks, socksExample };
}
