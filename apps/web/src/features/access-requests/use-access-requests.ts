import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { limits, type AccessRequest } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { useLiveEvent } from '../../api/live-events.tsx';
import { listFilters, type AccessRequestTab, type StatusFilter } from './access-request-rules.ts';

const listKey = ['AccessRequestList'] as const;

/** Reloads every access-request list when a decision or a new request arrives live. */
export function useAccessRequestsLive() {
  const queryClient = useQueryClient();
  useLiveEvent('AccessRequestChanged', () => void queryClient.invalidateQueries({ queryKey: listKey }));
}

export function useAccessRequests(tab: AccessRequestTab, status: StatusFilter, me: string) {
  const filters = listFilters(tab, status, me);
  return useQuery({
    queryKey: [...listKey, 'page', tab, status, me],
    queryFn: () =>
      apiData<AccessRequest[]>('AccessRequestList', {
        query: { fields: '*', filters, 'page-size': limits.pageSizeMax },
      }),
  });
}

export type Decision = 'approve' | 'reject' | 'revoke';

const relOf: Record<Decision, string> = {
  approve: 'AccessRequestApprove',
  reject: 'AccessRequestReject',
  revoke: 'AccessRequestRevoke',
};

export function useDecideAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, publicId }: { decision: Decision; publicId: string }) =>
      apiData<AccessRequest>(relOf[decision], { method: 'POST', params: { publicId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
