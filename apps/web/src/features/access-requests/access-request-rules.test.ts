import { describe, expect, it } from 'vitest';
import type { AccessRequest } from '@fleetgate/contracts';
import { belongsToTab, canDecide, canRevoke, listFilters, sortRequests } from './access-request-rules.ts';

const me = 'me0000000001';
const other = 'ot0000000001';
const now = new Date('2026-11-22T10:00:00Z');

function request(overrides: Partial<AccessRequest> = {}): AccessRequest {
  return {
    publicId: 'ar0000000001',
    user: { publicId: other, name: 'Olga' },
    agent: { publicId: 'ag0000000001', name: 'Press 4' },
    asset: null,
    servers: [],
    vpn: true,
    start: '2026-11-22T09:30:00Z',
    end: '2026-11-22T10:30:00Z',
    reason: 'Maintenance',
    allowedApprovers: [{ publicId: me, name: 'Me' }],
    status: 'pending',
    approver: null,
    decidedOn: null,
    createdOn: '2026-11-22T09:29:00Z',
    ...overrides,
  };
}

describe('listFilters', () => {
  it('limits my requests to me and a status to that status', () => {
    expect(listFilters('mine', 'approved', me)).toEqual([
      `eq(user.publicId,"${me}")`,
      'eq(status,"approved")',
    ]);
    expect(listFilters('toApprove', 'all', me)).toEqual([]);
  });
});

describe('belongsToTab', () => {
  it('puts requests naming me as approver in "to approve", never my own', () => {
    expect(belongsToTab(request(), 'toApprove', me)).toBe(true);
    expect(
      belongsToTab(request({ allowedApprovers: [{ publicId: other, name: 'O' }] }), 'toApprove', me),
    ).toBe(false);
    const own = request({ user: { publicId: me, name: 'Me' } });
    expect(belongsToTab(own, 'toApprove', me)).toBe(false);
    expect(belongsToTab(own, 'mine', me)).toBe(true);
  });
});

describe('decisions', () => {
  it('lets an allowed approver decide a pending request of someone else', () => {
    expect(canDecide(request(), me)).toBe(true);
    expect(canDecide(request({ status: 'approved' }), me)).toBe(false);
    expect(canDecide(request({ allowedApprovers: [] }), me)).toBe(false);
  });

  it('never lets me decide or revoke my own request, even as an approver', () => {
    const own = request({ user: { publicId: me, name: 'Me' } });
    expect(canDecide(own, me)).toBe(false);
    expect(canRevoke({ ...own, status: 'approved' }, me, now)).toBe(false);
  });

  it('revokes only approved requests that have not ended', () => {
    expect(canRevoke(request({ status: 'approved' }), me, now)).toBe(true);
    expect(canRevoke(request({ status: 'pending' }), me, now)).toBe(false);
    expect(canRevoke(request({ status: 'approved', end: '2026-11-22T09:59:00Z' }), me, now)).toBe(false);
  });
});

describe('sortRequests', () => {
  it('shows the latest start first', () => {
    const early = request({ publicId: 'a', start: '2026-11-22T08:00:00Z' });
    const late = request({ publicId: 'b', start: '2026-11-22T09:00:00Z' });
    expect(sortRequests([early, late]).map((r) => r.publicId)).toEqual(['b', 'a']);
  });
});
