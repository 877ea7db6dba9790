import { describe, expect, it } from 'vitest';
import type { AccessRequest, AgentMyAccess } from '@fleetgate/contracts';
import {
  displayedRequestStatus,
  hasVpnRestriction,
  isRequestActive,
  mayConnect,
  mayRequestAccess,
  mayRequestMoreAccess,
  nextAccessChange,
  requestableAssets,
  shownVpnAccess,
  statusColourOf,
} from './device-status.ts';

const now = new Date('2026-11-22T10:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

type Request = Pick<AccessRequest, 'agent' | 'status' | 'start' | 'end'>;
const request = (
  status: AccessRequest['status'],
  start: number,
  end: number,
  agent = 'agent0000001',
): Request => ({
  agent: { publicId: agent, name: 'Press' },
  status,
  start: at(start),
  end: at(end),
});

describe('isRequestActive', () => {
  it('counts a pending request until its end, even one starting later', () => {
    expect(isRequestActive(request('pending', 30, 90), now)).toBe(true);
    expect(isRequestActive(request('pending', -90, -30), now)).toBe(false);
  });

  it('counts an approved request only while it is valid', () => {
    expect(isRequestActive(request('approved', -10, 20), now)).toBe(true);
    expect(isRequestActive(request('approved', 10, 20), now)).toBe(false);
    expect(isRequestActive(request('approved', -60, 0), now)).toBe(false);
  });

  it('never counts a rejected or revoked request', () => {
    expect(isRequestActive(request('rejected', -10, 20), now)).toBe(false);
    expect(isRequestActive(request('revoked', -10, 20), now)).toBe(false);
  });
});

describe('statusColourOf', () => {
  const session = {
    publicId: 'vpnsession01',
    rscServer: { publicId: 'relay0000001', name: 'Relay' },
    mdrServer: null,
    loggingMdrServer: null,
    vpnAddress: '10.187.0.2',
  };
  const offline = { publicId: 'agent0000001', activeVpnSession: null };

  it('is green with an active VPN session, whatever the requests', () => {
    expect(statusColourOf({ ...offline, activeVpnSession: session }, [], now)).toBe('active');
    expect(statusColourOf({ ...offline, activeVpnSession: session }, [request('pending', 0, 30)], now)).toBe(
      'active',
    );
  });

  it('is blue with an active request of the user for that device', () => {
    expect(statusColourOf(offline, [request('pending', 0, 30)], now)).toBe('requested');
    expect(statusColourOf(offline, [request('approved', -5, 30)], now)).toBe('requested');
  });

  it('is grey otherwise, also for active requests for other devices', () => {
    expect(statusColourOf(offline, [], now)).toBe('idle');
    expect(statusColourOf(offline, [request('approved', -5, 30, 'other0000001')], now)).toBe('idle');
    expect(statusColourOf(offline, [request('rejected', -5, 30)], now)).toBe('idle');
  });
});

describe('displayedRequestStatus', () => {
  it('shows requests that ran out as expired', () => {
    expect(displayedRequestStatus(request('approved', -60, -1), now)).toBe('expired');
    expect(displayedRequestStatus(request('pending', -60, -1), now)).toBe('expired');
    expect(displayedRequestStatus(request('revoked', -60, -1), now)).toBe('revoked');
    expect(displayedRequestStatus(request('approved', -60, 10), now)).toBe('approved');
  });
});

describe('hasVpnRestriction', () => {
  it('is set by a VPN lock or required VPN approval only', () => {
    const open = { vpnLocked: false, vpnRequireAccessApproval: false };
    expect(hasVpnRestriction(open)).toBe(false);
    expect(hasVpnRestriction({ ...open, vpnLocked: true })).toBe(true);
    expect(hasVpnRestriction({ ...open, vpnRequireAccessApproval: true })).toBe(true);
  });
});

describe('shownVpnAccess, mayConnect and mayRequestAccess', () => {
  const access = (vpn: AgentMyAccess['vpn'], from: number | null, until: number | null): AgentMyAccess => ({
    vpn,
    web: 'direct',
    from: from === null ? null : at(from),
    until: until === null ? null : at(until),
    canRequest: true,
    webServers: [],
  });

  it('keeps what the server said while the clock has not moved past it', () => {
    expect(shownVpnAccess(access('approved', -10, 20), now)).toBe('approved');
    expect(shownVpnAccess(access('direct', null, null), now)).toBe('direct');
    expect(shownVpnAccess(access('pending', null, null), now)).toBe('pending');
    expect(shownVpnAccess(null, now)).toBe('unknown');
  });

  it('needs approval again once an approval has ended, and is approved once a scheduled one started', () => {
    expect(shownVpnAccess(access('approved', -60, 0), now)).toBe('needsApproval');
    expect(shownVpnAccess(access('scheduled', -1, 30), now)).toBe('approved');
    expect(shownVpnAccess(access('scheduled', 10, 30), now)).toBe('scheduled');
  });

  it('connects directly or when approved, and offers a request only where one is needed and allowed', () => {
    expect(['direct', 'approved'].every((shown) => mayConnect(shown as 'direct'))).toBe(true);
    expect(
      ['pending', 'scheduled', 'needsApproval', 'notAllowed', 'unknown'].some((s) =>
        mayConnect(s as 'pending'),
      ),
    ).toBe(false);
    const needs = access('needsApproval', null, null);
    expect(mayRequestAccess(needs, 'needsApproval')).toBe(true);
    expect(mayRequestAccess({ ...needs, canRequest: false }, 'needsApproval')).toBe(false);
    expect(mayRequestAccess(access('pending', null, null), 'pending')).toBe(false);
    expect(mayRequestAccess(access('direct', null, null), 'direct')).toBe(false);
    // Web access to a service needing approval, with no request made, is asked for too.
    const webLocked = { ...access('direct', null, null), web: 'needsApproval' as const };
    expect(mayRequestAccess(webLocked, 'direct')).toBe(true);
    const webRequested = { ...webLocked, web: 'requested' as const };
    expect(mayRequestAccess(webRequested, 'direct')).toBe(false);
    // The device page lets them ask for more, unless VPN access (covering everything) is under way.
    expect(mayRequestMoreAccess(webRequested, 'direct')).toBe(true);
    expect(mayRequestMoreAccess({ ...webRequested, vpn: 'pending' }, 'pending')).toBe(false);
    expect(mayRequestMoreAccess({ ...webRequested, canRequest: false }, 'direct')).toBe(false);
  });

  it('finds the next moment a summary changes by itself', () => {
    expect(nextAccessChange([access('approved', -10, 20), access('scheduled', 5, 40), null], now)).toBe(
      Date.parse(at(5)),
    );
    expect(nextAccessChange([access('direct', null, null), access('approved', -30, -1)], now)).toBeNull();
  });
});

describe('requestableAssets', () => {
  const myAccess: AgentMyAccess = {
    vpn: 'needsApproval',
    web: 'needsApproval',
    from: null,
    until: null,
    canRequest: true,
    webServers: [],
  };
  const assets = [
    { publicId: 'asset0000001', name: 'Filler 1' },
    { publicId: 'asset0000002', name: 'Capper' },
  ];

  it('offers every asset of the device to a user who may request access to it', () => {
    expect(requestableAssets({ assets, myAccess })).toEqual(assets);
  });

  it('offers none without the right to request, or without the access summary', () => {
    expect(requestableAssets({ assets, myAccess: { ...myAccess, canRequest: false } })).toEqual([]);
    expect(requestableAssets({ assets, myAccess: null })).toEqual([]);
  });
});
