import { createStoredValue } from '../../app/stored-value.ts';
import {
  defaultConnectorUrl,
  isBrowserId,
  newBrowserId,
  parseForceProtocol,
  parseRecommendedAt,
  storedForceProtocol,
  type ForceProtocol,
} from './vpn-rules.ts';

const storedBrowserId = createStoredValue<string | null>('fleetgate.browserId', null, (raw) =>
  isBrowserId(raw) ? raw : null,
);
const storedProtocol = createStoredValue('fleetgate.vpn.forceProtocol', null, parseForceProtocol);
/** When the portal last recommended installing or updating the connector on its own (see vpn-rules). */
const storedRecommendedAt = createStoredValue(
  'fleetgate.vpn.installerRecommendedAt',
  null,
  parseRecommendedAt,
);
/** Set once this browser has found a connector: from then on it is looked for on every screen. */
const storedConnectorSeen = createStoredValue('fleetgate.vpn.connectorSeen', false, (raw) => raw === true);
const storedConsent = createStoredValue('fleetgate.vpn.consent', false, (raw) => raw === true);
/**
 * Where the connector listens. Always 127.0.0.1:9250 for users; tests running a connector on a
 * free port store its loopback address here. Anything that is not a loopback http URL is ignored.
 */
const storedConnectorUrl = createStoredValue('fleetgate.vpn.connectorUrl', defaultConnectorUrl, (raw) =>
  typeof raw === 'string' && /^http:\/\/(127\.0\.0\.1|localhost):\d{1,5}$/.test(raw)
    ? raw
    : defaultConnectorUrl,
);

/** The browser id (controller id): generated once and kept forever. */
export function browserId(): string {
  const existing = storedBrowserId.get();
  if (existing) return existing;
  const id = newBrowserId();
  storedBrowserId.set(id);
  return id;
}

export function forceProtocol(): ForceProtocol {
  return storedProtocol.get() ?? 'tcp';
}

export function useForceProtocol(): ForceProtocol {
  return storedProtocol.useValue() ?? 'tcp';
}

export function setForceProtocol(choice: ForceProtocol): void {
  const stored = storedForceProtocol(choice);
  if (stored === null) storedProtocol.clear();
  else storedProtocol.set(stored);
}

export const connectorSeen = () => storedConnectorSeen.get();
export const rememberConnectorSeen = () => {
  if (!storedConnectorSeen.get()) storedConnectorSeen.set(true);
};
export const consentGiven = () => storedConsent.get();
export const giveConsent = () => storedConsent.set(true);
export const connectorUrl = () => storedConnectorUrl.get();
export const lastRecommendedAt = () => storedRecommendedAt.get();
export const recordRecommendation = (at: number) => storedRecommendedAt.set(at);
