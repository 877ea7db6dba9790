import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  limits,
  type Agent,
  type AgentEnrolmentToken,
  type AgentServer,
  type Group,
} from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { useLiveEvent } from '../../api/live-events.tsx';
import type { AgentInput, AgentServerInput } from './agent-form.ts';

const listKey = ['AgentList'] as const;

/** The agent's id for an action href, whichever placeholder name discovery uses for it. */
function itemParams(agentPublicId: string) {
  return { agentPublicId, publicId: agentPublicId };
}

export function useAgents() {
  const queryClient = useQueryClient();
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
    void queryClient.invalidateQueries({ queryKey: listKey });
  });
  return useQuery({
    queryKey: listKey,
    queryFn: () => apiData<Agent[]>('AgentList', { query: { fields: '*', 'page-size': limits.pageSizeMax } }),
  });
}

/** The company's groups, offered as the agent's memberships. */
export function useGroupOptions() {
  return useQuery({
    queryKey: ['GroupList', 'agent-options'],
    queryFn: () =>
      apiData<Group[]>('GroupList', { query: { fields: 'publicId,name', 'page-size': limits.pageSizeMax } }),
  });
}

export function useSaveAgent() {
  return useInvalidatingMutation(
    listKey,
    ({ publicId, input }: { publicId: string | undefined; input: AgentInput }) =>
      publicId
        ? apiData<Agent>('Agent', { method: 'PATCH', params: { publicId }, body: input })
        : apiData<Agent>('AgentList', { method: 'POST', body: input }),
  );
}

export function useDeleteAgent() {
  return useInvalidatingMutation(listKey, (publicId: string) =>
    apiData<{ publicId: string }>('Agent', { method: 'DELETE', params: { publicId } }),
  );
}

export function useSaveAgentServer() {
  return useInvalidatingMutation(
    listKey,
    ({
      agentId,
      publicId,
      input,
    }: {
      agentId: string;
      publicId: string | undefined;
      input: AgentServerInput;
    }) =>
      publicId
        ? apiData<AgentServer>('AgentServer', { method: 'PATCH', params: { publicId }, body: input })
        : apiData<AgentServer>('AgentServerList', {
            method: 'POST',
            body: { ...input, agent: { publicId: agentId } },
          }),
  );
}

export function useDeleteAgentServer() {
  return useInvalidatingMutation(listKey, (publicId: string) =>
    apiData<{ publicId: string }>('AgentServer', { method: 'DELETE', params: { publicId } }),
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
