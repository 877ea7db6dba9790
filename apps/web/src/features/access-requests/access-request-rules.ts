import type { AccessRequest, AccessRequestStatus } from '@fleetgate/contracts';

export type AccessRequestTab = 'toApprove' | 'mine';
export type StatusFilter = AccessRequestStatus | 'all';

/** The `filters` query values for one tab of the list (several values are ANDed by the API). */
export function listFilters(tab: AccessRequestTab, status: StatusFilter, me: string): string[] {
  const filters: string[] = [];
  if (tab === 'mine') filters.push(`eq(user.publicId,"${me}")`);
  if (status !== 'all') filters.push(`eq(status,"${status}")`);
  return filters;
}

function isAllowedApprover(request: AccessRequest, me: string): boolean {
  return request.user.publicId !== me && request.allowedApprovers.some((a) => a.publicId === me);
}

/**
 * Which requests a tab shows. The API has no approver filter, so "to approve" keeps the
 * requests of others that name me as an approver.
 */
export function belongsToTab(request: AccessRequest, tab: AccessRequestTab, me: string): boolean {
  return tab === 'mine' ? request.user.publicId === me : isAllowedApprover(request, me);
}

/** Approve and reject: a pending request of someone else that names me as an approver. */
export function canDecide(request: AccessRequest, me: string): boolean {
  return request.status === 'pending' && isAllowedApprover(request, me);
}

/** Revoke: an approved request that has not ended, of someone else, that names me as an approver. */
export function canRevoke(request: AccessRequest, me: string, now: Date): boolean {
  return (
    request.status === 'approved' && isAllowedApprover(request, me) && Date.parse(request.end) > now.getTime()
  );
}

/** Newest start first; equal starts by creation, so the order is stable between reloads. */
export function sortRequests(requests: AccessRequest[]): AccessRequest[] {
  return [...requests].sort(
    (a, b) => Date.parse(b.start) - Date.parse(a.start) || b.createdOn.localeCompare(a.createdOn),
  );
}
