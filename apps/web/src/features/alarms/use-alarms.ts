import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Alarm,
  AlarmCondition,
  AlarmConditionCreateInput,
  AlarmConditionPatchInput,
  AlarmSubscription,
  Tag,
} from '@fleetgate/contracts';
import { apiData, apiRequest, type QueryValue } from '../../api/client.ts';
import { useLiveEvent } from '../../api/live-events.tsx';
import { useCompanyId } from '../../auth/session.ts';

export const alarmKey = ['Alarm'] as const;
export const conditionKey = ['AlarmCondition'] as const;
/** The device page shows this many recent occurrences. */
const recentCount = 20;

/** Every page of an agent's list (`{rel}/{agentPublicId}`). */
async function fetchAllOf<T>(rel: string, publicId: string, query: Record<string, QueryValue> = {}) {
  const items: T[] = [];
  let after: string | null | undefined;
  do {
    const page = await apiRequest<T[]>(rel, {
      params: { publicId },
      query: { ...query, 'page-size': 500, 'page-after': after ?? undefined },
    });
    items.push(...page.data);
    after = page.moreAfter;
  } while (after);
  return items;
}

/** The agent's open occurrences, and its most recent ones of any state. */
export function useAgentAlarms(agentPublicId: string, enabled = true) {
  const company = useCompanyId();
  const open = useQuery({
    queryKey: [...alarmKey, 'agent', company, agentPublicId, 'open'],
    queryFn: () => fetchAllOf<Alarm>('AgentAlarmList', agentPublicId, { state: 'open' }),
    enabled: enabled && company !== null,
  });
  const recent = useQuery({
    queryKey: [...alarmKey, 'agent', company, agentPublicId, 'recent'],
    queryFn: () =>
      apiData<Alarm[]>('AgentAlarmList', {
        params: { publicId: agentPublicId },
        query: { state: 'all', 'page-size': recentCount },
      }),
    enabled: enabled && company !== null,
  });
  return { open, recent };
}

/** The company's occurrences on the devices the user sees (`GET AlarmList`). */
export function useCompanyAlarms(state: 'open' | 'all') {
  const company = useCompanyId();
  return useQuery({
    queryKey: [...alarmKey, 'company', company, state],
    queryFn: async () => {
      const items: Alarm[] = [];
      let after: string | null | undefined;
      do {
        const page = await apiRequest<Alarm[]>('AlarmList', {
          query: { state, 'page-size': 500, 'page-after': after ?? undefined },
        });
        items.push(...page.data);
        after = page.moreAfter;
        // The open list is read whole; the history stops at a screenful of pages.
      } while (after && (state === 'open' || items.length < 2000));
      return items;
    },
    enabled: company !== null,
  });
}

export function useAcknowledgeAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ publicId, comment }: { publicId: string; comment: string }) =>
      apiData<Alarm>('AlarmAcknowledge', {
        method: 'POST',
        params: { publicId },
        body: comment.trim() ? { comment } : {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alarmKey }),
  });
}

export function useAlarmSubscription(agentPublicId: string, enabled = true) {
  const company = useCompanyId();
  return useQuery({
    queryKey: ['AgentAlarmSubscription', company, agentPublicId],
    queryFn: () =>
      apiData<AlarmSubscription>('AgentAlarmSubscription', { params: { publicId: agentPublicId } }),
    enabled: enabled && company !== null,
  });
}

export function useSetAlarmSubscription(agentPublicId: string) {
  const queryClient = useQueryClient();
  const company = useCompanyId();
  return useMutation({
    mutationFn: (email: boolean) =>
      apiData<AlarmSubscription>('AgentAlarmSubscription', {
        method: 'PUT',
        params: { publicId: agentPublicId },
        body: { email },
      }),
    onSuccess: (data) => queryClient.setQueryData(['AgentAlarmSubscription', company, agentPublicId], data),
  });
}

export function useAlarmConditions(agentPublicId: string, enabled = true) {
  const company = useCompanyId();
  return useQuery({
    queryKey: [...conditionKey, company, agentPublicId],
    queryFn: () => fetchAllOf<AlarmCondition>('AgentAlarmConditionList', agentPublicId),
    enabled: enabled && company !== null,
  });
}

/** The agent's tags, for the condition dialog's tag picker. */
export function useAgentTags(agentPublicId: string, enabled: boolean) {
  const company = useCompanyId();
  return useQuery({
    queryKey: ['AgentTagList', company, agentPublicId],
    queryFn: () => fetchAllOf<Tag>('AgentTagList', agentPublicId),
    enabled: enabled && company !== null,
  });
}

export function useSaveAlarmCondition(agentPublicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { publicId: null; body: AlarmConditionCreateInput }
        | { publicId: string; body: AlarmConditionPatchInput },
    ) =>
      input.publicId === null
        ? apiData<AlarmCondition>('AgentAlarmConditionList', {
            method: 'POST',
            params: { publicId: agentPublicId },
            body: input.body,
          })
        : apiData<AlarmCondition>('AlarmCondition', {
            method: 'PATCH',
            params: { publicId: input.publicId },
            body: input.body,
          }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conditionKey }),
        queryClient.invalidateQueries({ queryKey: alarmKey }),
      ]),
  });
}

export function useDeleteAlarmCondition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicId: string) =>
      apiData<AlarmCondition>('AlarmCondition', { method: 'DELETE', params: { publicId } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conditionKey }),
        queryClient.invalidateQueries({ queryKey: alarmKey }),
      ]),
  });
}

/** Occurrences and conditions follow the server's live events. */
export function useAlarmsLiveUpdates() {
  const queryClient = useQueryClient();
  useLiveEvent('AlarmChanged', () => void queryClient.invalidateQueries({ queryKey: alarmKey }));
  useLiveEvent('DataConfigChanged', () => void queryClient.invalidateQueries({ queryKey: conditionKey }));
}
