import { describe, expect, it } from 'vitest';
import { parseReleaseDocument, releaseFor } from './release-document.ts';
import {
  agentStatusLabelKey,
  compareVersions,
  connectErrorKey,
  downloadUrlFor,
  isAccessEnded,
  isActive,
  isBrowserId,
  isMobilePlatform,
  newBrowserId,
  parseRecommendedAt,
  rateLimitMessage,
  recommendationValidMs,
  recommendationWaitMs,
  snackLabel,
  statusBarColour,
  storedForceProtocol,
  updateAvailable,
  vpnTextColour,
} from './vpn-rules.ts';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const session = {
  publicId: 's1',
  rscServer: { publicId: 'r1', name: 'Relay' },
  mdrServer: null,
  loggingMdrServer: null,
  vpnAddress: '10.8.0.2',
};
const online = { publicId: 'a1', activeVpnSession: session };
const offline = { publicId: 'a1', activeVpnSession: null };
const request = { agentId: 'a1', companyId: 'c1' };

describe('status labels (spec §4 VPN status)', () => {
  it('follows the connector for the agent the active request targets', () => {
    expect(agentStatusLabelKey(offline, 'idle', request)).toBe('status.available');
    expect(agentStatusLabelKey(offline, 'connecting', request)).toBe('status.connecting');
    expect(agentStatusLabelKey(offline, 'connected', request)).toBe('status.connected');
  });
  it('otherwise says whether the agent has an active VPN session', () => {
    expect(agentStatusLabelKey(online, 'connected', { ...request, agentId: 'a2' })).toBe('status.available');
    expect(agentStatusLabelKey(offline, 'idle', null)).toBe('status.notAvailable');
  });
  it('counts an agent active when the request targets it, and anything not idle without one', () => {
    expect(isActive('idle', request, 'a1')).toBe(true);
    expect(isActive('connected', request, 'a2')).toBe(false);
    expect(isActive('connecting', null)).toBe(true);
    expect(isActive('idle', null)).toBe(false);
  });
  it('labels the snack bar with or without a name', () => {
    expect(snackLabel('connected', 'Press')).toEqual({ key: 'status.connectedTo', name: 'Press' });
    expect(snackLabel('connected', undefined)).toEqual({ key: 'status.connected' });
    expect(snackLabel('connecting', 'Press')).toEqual({ key: 'status.connectingTo', name: 'Press' });
    expect(snackLabel('connecting', '')).toEqual({ key: 'status.connecting' });
    expect(snackLabel('idle', 'Press')).toEqual({ key: 'status.disconnected' });
  });
  it('colours the bar blue when connecting or connected, grey otherwise', () => {
    expect(statusBarColour('connecting')).toBe('#17bfeb');
    expect(statusBarColour('connected')).toBe('#17bfeb');
    expect(statusBarColour('idle')).toBe('#a0a0a0');
  });
  it('writes on both colours with the contrast WCAG AA asks of normal text (4.5:1)', () => {
    for (const status of ['connecting', 'idle'] as const) {
      expect(contrastRatio(vpnTextColour, statusBarColour(status))).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('rate-limit messages (spec §5)', () => {
  const limit = (configOpenvpnLimit: 'soft' | 'hard' | null, configOpenvpnCounter: number) => ({
    configOpenvpnLimit,
    configOpenvpnCounter,
    configOpenvpnLastHit: null,
  });
  it('retries in 30 seconds up to a counter of 10, then in 5 minutes', () => {
    expect(rateLimitMessage(limit('soft', 10))).toEqual({
      key: 'banner.retryingSeconds',
      values: { seconds: 30, counter: 10 },
    });
    expect(rateLimitMessage(limit('soft', 11))).toEqual({
      key: 'banner.retryingMinutes',
      values: { minutes: 5, counter: 11 },
    });
  });
  it('stops trying on a hard limit and says nothing without a limit', () => {
    expect(rateLimitMessage(limit('hard', 40))).toEqual({
      key: 'banner.stoppedTrying',
      values: { counter: 40 },
    });
    expect(rateLimitMessage(limit(null, 3))).toBeNull();
  });
});

describe('updates (spec §4)', () => {
  it('compares versions numerically', () => {
    expect(compareVersions('0.10.0', '0.9.3')).toBe(1);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('1.2.0-beta', '1.2.1')).toBe(-1);
  });
  it('offers an update only when the installed version is lower than the latest', () => {
    expect(updateAvailable('0.1.0', '0.2.0')).toBe(true);
    expect(updateAvailable('0.2.0', '0.2.0')).toBe(false);
    expect(updateAvailable('0.3.0', '0.2.0')).toBe(false);
    expect(updateAvailable(undefined, '0.2.0')).toBe(false);
    expect(updateAvailable('0.1.0', undefined)).toBe(false);
  });
  it('fills the download address and finds the platform entry in a bare or enveloped document', () => {
    expect(downloadUrlFor('/dl/connector-{version}.deb', '1.0.0')).toBe('/dl/connector-1.0.0.deb');
    const body = {
      releases: [{ os: 'linux', latestVersion: '1.0.0', downloadUrl: '/dl/{version}' }, { os: 'bad' }],
      releaseNotes: [{ version: '1.0.0', type: 'major', date: '2026-11-01', body: 'First' }],
    };
    for (const raw of [body, { type: 'VpnClientReleases', status: 'success', data: body }]) {
      const document = parseReleaseDocument(raw);
      expect(document.platforms).toHaveLength(1);
      expect(releaseFor(document, 'linux')?.latestVersion).toBe('1.0.0');
      expect(releaseFor(document, 'windows')).toBeUndefined();
      expect(document.releaseNotes[0]?.body).toBe('First');
    }
    expect(parseReleaseDocument('nonsense')).toEqual({ platforms: [], releaseNotes: [] });
  });
});

describe('installer recommendation (spec §5, §9: valid within 8 hours)', () => {
  const hour = 3_600_000;
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('lasts exactly 8 hours', () => {
    expect(recommendationValidMs).toBe(8 * hour);
  });
  it('is not repeated within 8 hours and is due again from 8 hours on', () => {
    expect(recommendationWaitMs(now - 1000, now)).toBeGreaterThan(0);
    expect(recommendationWaitMs(now - (8 * hour - 1), now)).toBeGreaterThan(0);
    expect(recommendationWaitMs(now - (8 * hour - 1), now)).toBe(1);
    expect(recommendationWaitMs(now - 8 * hour, now)).toBe(0);
    expect(recommendationWaitMs(now - (8 * hour + 1), now)).toBe(0);
    expect(recommendationWaitMs(now - 30 * hour, now)).toBe(0);
  });
  it('says how long the last one stays valid', () => {
    expect(recommendationWaitMs(now, now)).toBe(8 * hour);
    expect(recommendationWaitMs(now - 2 * hour, now)).toBe(6 * hour);
  });
  it('is due when none was recorded, or the recorded time lies ahead (clock set back)', () => {
    expect(recommendationWaitMs(null, now)).toBe(0);
    expect(recommendationWaitMs(now + 1, now)).toBe(0);
  });
  it('reads only a positive finite time as a stored recommendation', () => {
    expect(parseRecommendedAt(now)).toBe(now);
    for (const garbled of [
      null,
      undefined,
      'yesterday',
      '1700000000000',
      Number.NaN,
      Infinity,
      -5,
      0,
      {},
      [now],
    ]) {
      expect(parseRecommendedAt(garbled)).toBeNull();
    }
  });
});

describe('force protocol, platform, errors, browser id', () => {
  it('stores nothing for tcp and the choice otherwise (spec §5)', () => {
    expect(storedForceProtocol('tcp')).toBeNull();
    expect(storedForceProtocol('tcp4')).toBe('tcp4');
    expect(storedForceProtocol('tcp6')).toBe('tcp6');
  });
  it('recognises Android and iOS, including iPadOS posing as a Mac', () => {
    expect(isMobilePlatform('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe(true);
    expect(isMobilePlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(isMobilePlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe(true);
    expect(isMobilePlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe(false);
    expect(isMobilePlatform('Mozilla/5.0 (X11; Linux x86_64)')).toBe(false);
  });
  it('maps connector error codes to messages and spots ended access', () => {
    expect(connectErrorKey(10)).toBe('deviceOffline');
    expect(connectErrorKey(11)).toBe('accessRequestRequired');
    expect(connectErrorKey(18)).toBe('localPortsFailed');
    expect(connectErrorKey(99)).toBe('failed');
    expect(isAccessEnded(13, 'Relay closed: access ended (ACCESS_EXPIRED)')).toBe(true);
    expect(isAccessEnded(13, 'Relay closed: protocol error')).toBe(false);
    expect(isAccessEnded(10, 'access ended')).toBe(false);
  });
  it('makes v4 UUIDs as browser ids', () => {
    const id = newBrowserId();
    expect(isBrowserId(id)).toBe(true);
    expect(id).not.toBe(newBrowserId());
    expect(isBrowserId('3f2b8c1e-5a4d-1e6f-9b7a-1c2d3e4f5a6b')).toBe(false);
  });
});
