import dns from 'node:dns';
import type { Agent } from 'node:http';
import net, { type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { errorMessages } from '@fleetgate/contracts';

/**
 * Outbound connections made for users (MQTT tests, later webhooks, functions, SSO discovery)
 * must not become a way into the server's own networks. Every feature connects through this
 * module: resolve once, check every address, connect to the checked address.
 */
export type OutboundPolicy = {
  /** The operator's OUTBOUND_ALLOW_PRIVATE: loopback, private and link-local targets are fine. */
  allowPrivate: boolean;
};

export type CheckedAddress = { address: string; family: number };

/** A target the policy refuses. The message says only that: not whether anything listens there. */
export class DestinationNotAllowedError extends Error {
  readonly code = 'EDESTINATIONNOTALLOWED';
  constructor() {
    super(errorMessages.destinationNotAllowed);
  }
}

/**
 * Whether an address is public unicast. ipaddr.js names every special range (loopback,
 * private, carrierGradeNat, linkLocal, uniqueLocal, unspecified, multicast, broadcast, reserved,
 * and the IPv6 forms that embed an IPv4 address: 6to4, Teredo, NAT64); only `unicast` is public.
 * IPv4-mapped IPv6 addresses are judged as the IPv4 address they map to.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(bare)) return false;
  return ipaddr.process(bare).range() === 'unicast';
}

export const allowsAddress = (address: string, policy: OutboundPolicy) =>
  policy.allowPrivate || isPublicAddress(address);

/**
 * Resolves `host` once and checks every address it resolves to, so a name with one public and
 * one private address is refused. Connect to the returned address (or through `pinnedLookup`),
 * never to the name again: a second DNS answer could point elsewhere (DNS rebinding).
 * Numeric spellings such as `2130706433` or `0x7f.1` go through the resolver, which returns the
 * address the system would really connect to. DNS errors (ENOTFOUND …) are passed on.
 */
export async function checkDestination(host: string, policy: OutboundPolicy): Promise<CheckedAddress> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const family = net.isIP(bare);
  const addresses =
    family === 0 ? await dns.promises.lookup(bare, { all: true }) : [{ address: bare, family }];
  return checked(addresses, policy);
}

/**
 * A `lookup` for net.connect, tls.connect, http(s).Agent and ws: resolves, checks every address,
 * and hands the checked ones to the socket, which connects without resolving again. Sockets call
 * `lookup` only for names; `guardAgent` also covers literal addresses (redirects to an IP).
 */
export function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      let first: CheckedAddress;
      try {
        first = checked(addresses, policy);
      } catch (refusal) {
        return callback(refusal as DestinationNotAllowedError, '');
      }
      if (options.all) return callback(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}

/** A `lookup` that answers with an address `checkDestination` already checked, without DNS. */
export function pinnedLookup(destination: CheckedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) return callback(null, [destination]);
    return callback(null, destination.address, destination.family);
  };
}

/**
 * Makes an http(s).Agent connect only to allowed targets, including every redirect a client
 * follows through it: names through `guardedLookup`, literal addresses checked here.
 */
export function guardAgent<T extends Agent>(agent: T, policy: OutboundPolicy): T {
  const create = agent.createConnection.bind(agent);
  agent.createConnection = (options, callback) => {
    const host = (options.host ?? options.hostname ?? 'localhost').replace(/^\[(.*)\]$/, '$1');
    if (net.isIP(host) !== 0 && !allowsAddress(host, policy)) return refusedSocket();
    return create({ ...options, lookup: guardedLookup(policy) }, callback);
  };
  return agent;
}

function checked(addresses: readonly CheckedAddress[], policy: OutboundPolicy): CheckedAddress {
  if (addresses.length === 0 || addresses.some((entry) => !allowsAddress(entry.address, policy)))
    throw new DestinationNotAllowedError();
  return addresses[0]!;
}

/** A socket that fails like a refused connection would, so callers handle one kind of error. */
function refusedSocket(): net.Socket {
  const socket = new net.Socket();
  process.nextTick(() => socket.destroy(new DestinationNotAllowedError()));
  return socket;
}
