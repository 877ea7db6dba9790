import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessRequest, AccessRequestApprover, Agent } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { useLiveEvent } from '../../api/live-events.tsx';
import { fetchAll } from '../users/fetch-all.ts';
import type { AccessRequestPayload } from './request-access-form.ts';

export const agentListKey = ['AgentList'] as const;
const agentKey = (publicId: string) => ['Agent', publicId] as const;
const requestListKey = ['AccessRequestList'] as const;

export function useAgents() {
  return useQuery({ queryKey: agentListKey, queryFn: () => fetchAll<Agent>('AgentList', { fields: '*' }) });
}

export function useAgent(publicId: string) {
  return useQuery({
    queryKey: agentKey(publicId),
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

export function useApprovers(agentPublicId: string) {
  return useQuery({
    queryKey: ['AgentAccessRequestApproverList', agentPublicId],
    queryFn: () =>
      apiData<AccessRequestApprover[]>('AgentAccessRequestApproverList', {
        params: { publicId: agentPublicId },
        query: { fields: 'publicId,name,servers(publicId)' },
      }),
    retry: false,
  });
}

export function useCreateAccessRequest(agentPublicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: AccessRequestPayload) =>
      apiData<AccessRequest>('AgentAccessRequestList', {
        method: 'POST',
        params: { publicId: agentPublicId },
        body: payload,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestListKey }),
  });
}

/**
 * Keeps the devices and the user's requests current without a reload: an agent going on- or
 * offline is patched into the list at once and then read again with its session details.
 */
export function useDevicesLiveUpdates() {
  const queryClient = useQueryClient();
  const refreshAgent = (publicId: string) => {
    void queryClient.invalidateQueries({ queryKey: agentListKey });
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
  useLiveEvent('AccessRequestChanged', () => {
    void queryClient.invalidateQueries({ queryKey: requestListKey });
  });
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
