import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Agent, type AgentEnrolmentToken, type AgentServer, type Group } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { useLiveEvent } from '../../api/live-events.tsx';
import { useThrottledRefetch } from '../../api/throttled-refetch.ts';
import { change, useOptimisticMutation } from '../../api/optimistic-mutation.ts';
import { fetchAll } from '../users/fetch-all.ts';
import {
  withAgentChanged,
  withAgentRemoved,
  withServerChanged,
  withServerRemoved,
  type AgentChange,
  type ServerChange,
} from './agent-cache.ts';

const listKey = ['AgentList'] as const;

/** The agent's id for an action href, whichever placeholder name discovery uses for it. */
function itemParams(agentPublicId: string) {
  return { agentPublicId, publicId: agentPublicId };
}

export function useAgents() {
  const queryClient = useQueryClient();
  const refetch = useThrottledRefetch(listKey);
  // Online/offline changes arrive live: show them at once, then reload for what came with them
  // (an agent that attaches has enrolled; last-seen times and sessions change).
  useLiveEvent('AgentStatusChanged', ({ publicId, status }) => {
    queryClient.setQueryData<Agent[]>(listKey, (agents) =>
      agents?.map((agent) =>
        agent.publicId === publicId
          ? { ...agent, status, enrolled: agent.enrolled || status === 'online' }
          : agent,
      ),
    );
    refetch();
  });
  // Every page: a company may have more devices than one page holds.
  return useQuery({ queryKey: listKey, queryFn: () => fetchAll<Agent>('AgentList', { fields: '*' }) });
}

/** The company's groups, offered as the agent's memberships. */
export function useGroupOptions() {
  return useQuery({
    queryKey: ['GroupList', 'agent-options'],
    queryFn: () => fetchAll<Group>('GroupList', { fields: 'publicId,name' }),
  });
}

/** Edits show at once (portal spec §7); a new agent shows once the server has given it an id. */
export function useSaveAgent() {
  return useOptimisticMutation(
    ({ publicId, input }: AgentChange) =>
      publicId
        ? apiData<Agent>('Agent', { method: 'PATCH', params: { publicId }, body: input })
        : apiData<Agent>('AgentList', { method: 'POST', body: input }),
    [change(listKey, withAgentChanged)],
  );
}

export function useDeleteAgent() {
  return useOptimisticMutation(
    (publicId: string) => apiData<{ publicId: string }>('Agent', { method: 'DELETE', params: { publicId } }),
    [change(listKey, withAgentRemoved)],
  );
}

/** A service's edits show in its agent's list at once; a new one once the server has given it an id. */
export function useSaveAgentServer() {
  return useOptimisticMutation(
    ({ agentId, publicId, input }: ServerChange) =>
      publicId
        ? apiData<AgentServer>('AgentServer', { method: 'PATCH', params: { publicId }, body: input })
        : apiData<AgentServer>('AgentServerList', {
            method: 'POST',
            body: { ...input, agent: { publicId: agentId } },
          }),
    [change(listKey, withServerChanged)],
  );
}

export function useDeleteAgentServer() {
  return useOptimisticMutation(
    (publicId: string) =>
      apiData<{ publicId: string }>('AgentServer', { method: 'DELETE', params: { publicId } }),
    [change(listKey, withServerRemoved)],
  );
}

/** A new one-time enrolment token; the list is reloaded because the agent may have been re-enrolled. */
export function useCreateEnrolmentToken() {
  return useInvalidatingMutation(listKey, (agentPublicId: string) =>
    apiData<AgentEnrolmentToken>('AgentEnrolmentTokenList', {
      method: 'POST',
      params: itemParams(agentPublicId),
    }),
  );
}

export function useResetRateLimit() {
  return useInvalidatingMutation(listKey, (agentPublicId: string) =>
    apiData<unknown>('AgentRateLimitReset', { method: 'POST', params: itemParams(agentPublicId) }),
  );
}
