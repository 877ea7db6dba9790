import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessRequest, AccessRequestApprover, Agent, AgentMyAccess, Asset } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { useLiveEvent } from '../../api/live-events.tsx';
import { useThrottledRefetch } from '../../api/throttled-refetch.ts';
import { fetchAll } from '../users/fetch-all.ts';
import { withinWait, type AccessRequestPayload } from './request-access-form.ts';
import { nextAccessChange } from './device-status.ts';

export const agentListKey = ['AgentList'] as const;
const agentKeyPrefix = ['Agent'] as const;
const agentKey = (publicId: string) => [...agentKeyPrefix, publicId] as const;
const requestListKey = ['AccessRequestList'] as const;

export function useAgents() {
  return useQuery({ queryKey: agentListKey, queryFn: () => fetchAll<Agent>('AgentList', { fields: '*' }) });
}

export function useAgent(publicId: string, enabled = true) {
  return useQuery({
    queryKey: agentKey(publicId),
    enabled,
    queryFn: () => apiData<Agent>('Agent', { params: { publicId }, query: { fields: '*' } }),
    retry: false,
  });
}

const quoted = (value: string) => JSON.stringify(value);

/**
 * The signed-in user's requests: for one agent (all of them, for its detail view) or for every
 * agent (only those not over yet, which is all the status colours need).
 */
export function useMyAccessRequests(userPublicId: string, agentPublicId?: string) {
  return useQuery({
    queryKey: [...requestListKey, 'mine', userPublicId, agentPublicId ?? 'current'],
    queryFn: () => {
      const filters = [`eq(user.publicId,${quoted(userPublicId)})`];
      if (agentPublicId) filters.push(`eq(agent.publicId,${quoted(agentPublicId)})`);
      else filters.push(`gt(end,${quoted(new Date().toISOString())})`);
      return fetchAll<AccessRequest>('AccessRequestList', { fields: '*', filters });
    },
    retry: false,
  });
}

/**
 * What a request is made for: an agent, or an asset (a request for the asset's agent that names
 * the asset). The server's routes differ only in their prefix.
 */
export type RequestTarget = { kind: 'Agent' | 'Asset'; publicId: string };

export function useApprovers(target: RequestTarget) {
  const rel = `${target.kind}AccessRequestApproverList`;
  return useQuery({
    queryKey: [rel, target.publicId],
    queryFn: () =>
      apiData<AccessRequestApprover[]>(rel, {
        params: { publicId: target.publicId },
        query: { fields: 'publicId,name,servers(publicId)' },
      }),
    retry: false,
  });
}

export function useCreateAccessRequest(target: RequestTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: AccessRequestPayload) =>
      apiData<AccessRequest>(`${target.kind}AccessRequestList`, {
        method: 'POST',
        params: { publicId: target.publicId },
        body: payload,
      }),
    // The new request is pending: the device's access summary says so once read again.
    onSettled: () => invalidateAccess(queryClient),
  });
}

/** How long the request dialog waits for an asset (portal spec: the asset load wait is 60 s). */
export const assetLoadWaitMs = 60_000;

/** An asset with its agent, for requesting access to it. */
export function useRequestAsset(assetPublicId: string) {
  return useQuery({
    queryKey: ['Asset', assetPublicId, 'request'],
    queryFn: () =>
      withinWait(
        apiData<Asset>('Asset', {
          params: { publicId: assetPublicId },
          query: { fields: 'publicId,name,agent' },
        }),
        assetLoadWaitMs,
      ),
    retry: false,
  });
}

/** The user's requests and the agents' access summaries (`myAccess`) follow every request change. */
function invalidateAccess(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: requestListKey }),
    queryClient.invalidateQueries({ queryKey: agentListKey }),
    queryClient.invalidateQueries({ queryKey: agentKeyPrefix }),
  ]);
}

/**
 * Keeps the devices and the user's requests current without a reload: an agent going on- or
 * offline is patched into the list at once and then read again with its session details.
 */
export function useDevicesLiveUpdates() {
  const queryClient = useQueryClient();
  const refetchList = useThrottledRefetch(agentListKey);
  const refreshAgent = (publicId: string) => {
    refetchList();
    void queryClient.invalidateQueries({ queryKey: agentKey(publicId) });
  };
  useLiveEvent('AgentStatusChanged', ({ publicId, status }) => {
    queryClient.setQueryData<Agent[]>(agentListKey, (agents) =>
      agents?.map((agent) => (agent.publicId === publicId ? { ...agent, status } : agent)),
    );
    queryClient.setQueryData<Agent>(agentKey(publicId), (agent) => agent && { ...agent, status });
    refreshAgent(publicId);
  });
  useLiveEvent('VpnSessionChanged', ({ agent }) => refreshAgent(agent.publicId));
  // A decision (approve, reject, revoke) changes the requester's access at once.
  useLiveEvent('AccessRequestChanged', () => void invalidateAccess(queryClient));
}

/**
 * Reads the agents again when an approval ends or a scheduled one starts, so the server's
 * summary catches up with the clock (the rows already follow it through `shownVpnAccess`).
 */
export function useRefreshAtAccessChange(accesses: readonly (AgentMyAccess | null)[]) {
  const queryClient = useQueryClient();
  const next = nextAccessChange(accesses, new Date());
  useEffect(() => {
    if (next === null) return;
    // Timers cannot wait longer than about 24.8 days; a later change is picked up by a reload.
    const delay = Math.min(next - Date.now() + 1000, 2 ** 31 - 1);
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: agentListKey });
      void queryClient.invalidateQueries({ queryKey: agentKeyPrefix });
    }, delay);
    return () => clearTimeout(timer);
  }, [next, queryClient]);
}

/** The current time, renewed every `intervalMs`, so time-bound states (valid requests) move on. */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
