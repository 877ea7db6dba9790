import type { Agent, RateLimiting } from '@fleetgate/contracts';

/** The connection state the connector reports (spec §3 "VPN active status"). */
export type VpnStatus = 'idle' | 'connecting' | 'connected';
export type ActiveRequest = { agentId: string; companyId: string };
/** Whether the local connector answers: found, missing (never reached) or lost (was found, now silent). */
export type ConnectorState = 'found' | 'missing' | 'lost';
export type ForceProtocol = 'tcp' | 'tcp4' | 'tcp6';

export const forceProtocols: readonly ForceProtocol[] = ['tcp', 'tcp4', 'tcp6'];

/** Spec §9: status-bar colours, sizes and timings. */
export const vpnColours = { active: '#17bfeb', inactive: '#a0a0a0' } as const;
/**
 * The bar's text on both colours. White gave 2.2:1 and 2.6:1, short of WCAG AA even for large
 * bold text (3:1); this near-black gives 8.0:1 on the blue and 6.7:1 on the grey (AA needs 4.5:1).
 */
export const vpnTextColour = '#1a1a1a';
export const statusBarSize = { width: 385, height: 48 } as const;
export const vpnTimings = {
  errorSnackMs: 5000,
  errorDebounceMs: 500,
  foundSnackMs: 3000,
  statusBarHideMs: 1000,
  installerRetryMs: 2500,
  installerMaxRetries: 1440,
} as const;
export const defaultConnectorUrl = 'http://127.0.0.1:9250';
/** Codes up to 9 are steps of a connect; from 10 they are errors (spec §4 "Installer"). */
export const firstErrorCode = 10;

/** The translation key (under `vpn.`) of an agent's status label, spec §4 "VPN status". */
export type StatusLabelKey =
  | 'status.available'
  | 'status.notAvailable'
  | 'status.connected'
  | 'status.connecting'
  | 'status.connectedTo'
  | 'status.connectingTo'
  | 'status.disconnected';

export function agentStatusLabelKey(
  agent: Pick<Agent, 'publicId' | 'activeVpnSession'>,
  status: VpnStatus,
  activeRequest: ActiveRequest | null,
): StatusLabelKey {
  if (activeRequest?.agentId === agent.publicId) {
    if (status === 'connected') return 'status.connected';
    if (status === 'connecting') return 'status.connecting';
    return 'status.available';
  }
  return agent.activeVpnSession ? 'status.available' : 'status.notAvailable';
}

/** An agent is active if the active request targets it; with no agent, if anything is going on. */
export function isActive(status: VpnStatus, activeRequest: ActiveRequest | null, agentId?: string): boolean {
  if (agentId === undefined) return status !== 'idle';
  return activeRequest?.agentId === agentId;
}

/** The snack bar's label as a translation key and its values. */
export function snackLabel(
  status: VpnStatus,
  name: string | undefined,
): { key: StatusLabelKey; name?: string } {
  if (status === 'connected') return name ? { key: 'status.connectedTo', name } : { key: 'status.connected' };
  if (status === 'connecting') {
    return name ? { key: 'status.connectingTo', name } : { key: 'status.connecting' };
  }
  return { key: 'status.disconnected' };
}

export function statusBarColour(status: VpnStatus): string {
  return status === 'idle' ? vpnColours.inactive : vpnColours.active;
}

/** Spec §5 "Rate-limit messages": which message the not-available banner shows, with its values. */
export type RateLimitMessage =
  | { key: 'banner.stoppedTrying'; values: { counter: number } }
  | { key: 'banner.retryingSeconds'; values: { counter: number; seconds: number } }
  | { key: 'banner.retryingMinutes'; values: { counter: number; minutes: number } };

export function rateLimitMessage(rateLimiting: RateLimiting): RateLimitMessage | null {
  const counter = rateLimiting.configOpenvpnCounter;
  if (rateLimiting.configOpenvpnLimit === 'hard') return { key: 'banner.stoppedTrying', values: { counter } };
  if (rateLimiting.configOpenvpnLimit === 'soft') {
    return counter <= 10
      ? { key: 'banner.retryingSeconds', values: { seconds: 30, counter } }
      : { key: 'banner.retryingMinutes', values: { minutes: 5, counter } };
  }
  return null;
}

/** Numeric comparison of dotted versions ("0.10.0" > "0.9.3"); a pre-release suffix is ignored. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .split(/[-+]/)[0]!
      .split('.')
      .map((p) => Number.parseInt(p, 10) || 0);
  const left = parts(a);
  const right = parts(b);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

/** Spec §4 "Updates": an update exists when the installed version is lower than the platform's latest. */
export function updateAvailable(installed: string | undefined, latest: string | undefined): boolean {
  return Boolean(installed && latest && compareVersions(installed, latest) < 0);
}

/**
 * Spec §5 "Installer recommendation: valid if within an 8-hour check" and §9 "Recommendation
 * valid within 8 hours", read as a user of such a product expects: when the portal on its own
 * recommends installing or updating the connector, that recommendation stays valid for 8 hours
 * and is not repeated within them (not on a reload, nor in another tab); from 8 hours on it is
 * made again. Today the portal recommends on its own only with the "VPN client update
 * available!" promo: the installer dialog opens only when the user connects or asks for it.
 * What the user asks for (Connect, the installer, Details, the info dialog's download button)
 * always works, whatever was recommended when.
 */
export const recommendationValidMs = 8 * 60 * 60 * 1000;

/**
 * How long the last recommendation (ms since the epoch, null when none was recorded) stays
 * valid at `now`; 0 when a new one is due. A time after `now` means the clock was set back:
 * it could hold the recommendation back for any length of time, so it does not count.
 */
export function recommendationWaitMs(recordedAt: number | null, now: number): number {
  if (recordedAt === null || recordedAt > now) return 0;
  return Math.max(0, recordedAt + recommendationValidMs - now);
}

/** A stored recommendation time: a positive finite number of ms since the epoch, else none. */
export function parseRecommendedAt(raw: unknown): number | null {
  return typeof raw === 'number' && Number.isFinite(raw) && raw > 0 ? raw : null;
}

/** Spec §5 "Force protocol": tcp is the default and is stored as nothing. */
export function storedForceProtocol(choice: ForceProtocol): ForceProtocol | null {
  return choice === 'tcp' ? null : choice;
}

export function parseForceProtocol(raw: unknown): ForceProtocol | null {
  return raw === 'tcp4' || raw === 'tcp6' ? raw : null;
}

/** Android and iOS cannot install the connector (spec §1). iPadOS reports itself as a Mac with touch. */
export function isMobilePlatform(userAgent: string, maxTouchPoints = 0): boolean {
  if (/Android|iPhone|iPad|iPod/i.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}

export type ReleasePlatform = 'windows' | 'macos' | 'linux';

/** The desktop platform whose installer this browser wants. */
export function desktopPlatform(userAgent: string): ReleasePlatform {
  if (/Windows/i.test(userAgent)) return 'windows';
  if (/Macintosh|Mac OS X/i.test(userAgent)) return 'macos';
  return 'linux';
}

export type ConnectErrorKey =
  | 'deviceOffline'
  | 'accessRequestRequired'
  | 'notAllowed'
  | 'relayClosed'
  | 'tokenInvalid'
  | 'deviceNotFound'
  | 'portalUnreachable'
  | 'relayUnreachable'
  | 'localPortsFailed'
  | 'busy'
  | 'failed';

const connectErrorKeys: Record<number, ConnectErrorKey> = {
  10: 'deviceOffline',
  11: 'accessRequestRequired',
  12: 'notAllowed',
  13: 'relayClosed',
  14: 'tokenInvalid',
  15: 'deviceNotFound',
  16: 'portalUnreachable',
  17: 'relayUnreachable',
  18: 'localPortsFailed',
};

/** The message for a connector error code (≥ 10); unknown codes get a generic failure. */
export function connectErrorKey(code: number): ConnectErrorKey {
  return connectErrorKeys[code] ?? 'failed';
}

/** Relay close 4001 (access ended) reaches the page as code 13 with this message. */
export function isAccessEnded(code: number, message: string): boolean {
  return code === 13 && /access ended/i.test(message);
}

/** A new v4 UUID: this browser's controller id for the connector. */
export function newBrowserId(): string {
  return crypto.randomUUID();
}

export function isBrowserId(raw: unknown): raw is string {
  return (
    typeof raw === 'string' &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(raw)
  );
}

/** Fills the release document's `{version}` placeholder. */
export function downloadUrlFor(template: string, version: string): string {
  return template.replaceAll('{version}', encodeURIComponent(version));
}
