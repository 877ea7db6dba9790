import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { errorMessages, webhookErrors } from '@fleetgate/contracts';
import { badRequest } from '../../http/errors.ts';
import {
  checkDestination,
  DestinationNotAllowedError,
  type CheckedAddress,
} from '../../net/outbound-guard.ts';

/**
 * Where webhooks may point. The server calls these addresses for a company, so they go through
 * the outbound guard like every other outbound connection: https only, public addresses only
 * unless the operator allows private ones (OUTBOUND_ALLOW_PRIVATE). `allowHttpLoopback`
 * (WEBHOOKS_ALLOW_HTTP_LOOPBACK) admits plain http to this computer, for development and tests.
 */
export type WebhookTargetPolicy = { allowPrivate: boolean; allowHttpLoopback: boolean };

/**
 * Resolving a name while saving gives up after this long (the delivery resolves again anyway):
 * the request waits for it, so a name whose servers never answer must not hold it for long.
 */
const resolveTimeoutMs = 3000;

const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1');
const isLoopbackName = (host: string) => host === 'localhost' || host.endsWith('.localhost');
const isLoopbackAddress = (address: string) =>
  ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';

/** What is wrong with the address as written, or null; the resolved addresses are checked apart. */
export function webhookUrlProblem(value: string, policy: WebhookTargetPolicy): string | null {
  const url = URL.parse(value);
  if (!url || url.hostname === '' || url.username !== '' || url.password !== '' || url.hash !== '')
    return webhookErrors.invalidUrl;
  if (url.protocol === 'https:') return null;
  if (url.protocol !== 'http:') return webhookErrors.httpsOnly;
  const host = bare(url.hostname);
  const loopback = net.isIP(host) === 0 ? isLoopbackName(host) : isLoopbackAddress(host);
  return policy.allowHttpLoopback && loopback ? null : webhookErrors.httpsOnly;
}

/**
 * Resolves the target once and checks every address; connect to the answer, never to the name
 * again. An `http` target (allowed only to loopback) must resolve to loopback addresses only.
 */
export async function resolveWebhookTarget(url: URL, policy: WebhookTargetPolicy): Promise<CheckedAddress> {
  const host = bare(url.hostname);
  if (url.protocol === 'https:') return checkDestination(host, { allowPrivate: policy.allowPrivate });
  if (url.protocol !== 'http:' || !policy.allowHttpLoopback) throw new DestinationNotAllowedError();
  const family = net.isIP(host);
  const addresses =
    family === 0 ? await dns.promises.lookup(host, { all: true }) : [{ address: host, family }];
  if (addresses.length === 0 || !addresses.every((entry) => isLoopbackAddress(entry.address)))
    throw new DestinationNotAllowedError();
  return addresses[0]!;
}

/** The checks of a saved address: its form, then where it resolves to now (400 on `url`). */
export async function checkWebhookUrl(value: string, policy: WebhookTargetPolicy): Promise<void> {
  const problem = webhookUrlProblem(value, policy);
  if (problem) throw badRequest(problem, 'url');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('lookup timed out')), resolveTimeoutMs);
  });
  try {
    await Promise.race([resolveWebhookTarget(new URL(value), policy), timeout]);
  } catch (error) {
    if (error instanceof DestinationNotAllowedError)
      throw badRequest(errorMessages.destinationNotAllowed, 'url');
    throw badRequest(webhookErrors.hostNotFound, 'url');
  } finally {
    clearTimeout(timer);
  }
}
