import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AgentLoggingState,
  AgentAppState,
  DataSource,
  DataSourceCreateInput,
  DataSourcePatchInput,
  Sample,
  Tag,
  TagCreateInput,
  TagPatchInput,
} from '@fleetgate/contracts';
import { dataLoggingLimits, limits } from '@fleetgate/contracts';
import { apiData, apiRequest } from '../../api/client.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { useLiveEvent } from '../../api/live-events.tsx';
import { withLastSample, withTagValues } from './tag-values.ts';

/** What the data logging screens read of an agent besides its name and services. */
export type AgentWithLogging = {
  publicId: string;
  name: string;
  dataLogging?: AgentLoggingState;
  logging?: AgentAppState;
};

export const dataSourcesKey = (agentId: string) => ['AgentDataSourceList', agentId] as const;
export const tagsKey = (agentId: string) => ['AgentTagList', agentId] as const;
/** The console's agent list (features/agents/use-agents.ts). */
const agentListKey = ['AgentList'] as const;

/** The agent's id for a discovered href, whichever placeholder name it uses. */
function agentParams(agentPublicId: string) {
  return { agentPublicId, publicId: agentPublicId, id: agentPublicId };
}

function itemParams(publicId: string, name: string) {
  return { publicId, id: publicId, [name]: publicId };
}

export function useDataSources(agentId: string, enabled = true) {
  return useQuery({
    queryKey: dataSourcesKey(agentId),
    enabled,
    queryFn: () =>
      apiData<DataSource[]>('AgentDataSourceList', {
        params: agentParams(agentId),
        query: { 'page-size': limits.pageSizeMax },
      }),
  });
}

export function useTags(agentId: string, enabled = true) {
  return useQuery({
    queryKey: tagsKey(agentId),
    enabled,
    queryFn: () =>
      apiData<Tag[]>('AgentTagList', {
        params: agentParams(agentId),
        query: { 'page-size': limits.pageSizeMax },
      }),
  });
}

/**
 * Keeps an agent's tags current: newest values arrive live (`TagValuesChanged`) and are put on the
 * tags at once; a changed configuration (`DataConfigChanged`) reloads sources and tags.
 */
export function useDataLoggingLiveUpdates(agentId: string) {
  const queryClient = useQueryClient();
  useLiveEvent('TagValuesChanged', ({ agent, tags }) => {
    if (agent.publicId !== agentId) return;
    queryClient.setQueryData<Tag[]>(tagsKey(agentId), (current) => withTagValues(current, tags));
  });
  useLiveEvent('DataConfigChanged', ({ agent }) => {
    if (agent.publicId !== agentId) return;
    void queryClient.invalidateQueries({ queryKey: dataSourcesKey(agentId) });
    void queryClient.invalidateQueries({ queryKey: tagsKey(agentId) });
  });
}

export type DataSourceChange =
  { publicId?: undefined; input: DataSourceCreateInput } | { publicId: string; input: DataSourcePatchInput };

export function useSaveDataSource(agentId: string) {
  return useInvalidatingMutation(dataSourcesKey(agentId), (change: DataSourceChange) =>
    change.publicId
      ? apiData<DataSource>('DataSource', {
          method: 'PATCH',
          params: itemParams(change.publicId, 'dataSourcePublicId'),
          body: change.input,
        })
      : apiData<DataSource>('AgentDataSourceList', {
          method: 'POST',
          params: agentParams(agentId),
          body: change.input,
        }),
  );
}

export function useDeleteDataSource(agentId: string) {
  return useInvalidatingMutation(dataSourcesKey(agentId), (publicId: string) =>
    apiData<unknown>('DataSource', { method: 'DELETE', params: itemParams(publicId, 'dataSourcePublicId') }),
  );
}

export type TagChange =
  { publicId?: undefined; input: TagCreateInput } | { publicId: string; input: TagPatchInput };

function saveTag(agentId: string, change: TagChange) {
  return change.publicId
    ? apiData<Tag>('Tag', {
        method: 'PATCH',
        params: itemParams(change.publicId, 'tagPublicId'),
        body: change.input,
      })
    : apiData<Tag>('AgentTagList', { method: 'POST', params: agentParams(agentId), body: change.input });
}

export function useSaveTag(agentId: string) {
  return useInvalidatingMutation(tagsKey(agentId), (change: TagChange) => saveTag(agentId, change));
}

/** Creates several tags one after the other (the simulator's set); stops at the first refusal. */
export function useCreateTags(agentId: string) {
  return useInvalidatingMutation(tagsKey(agentId), async (inputs: TagCreateInput[]) => {
    const created: Tag[] = [];
    for (const input of inputs) created.push(await saveTag(agentId, { input }));
    return created;
  });
}

export function useDeleteTag(agentId: string) {
  return useInvalidatingMutation(tagsKey(agentId), (publicId: string) =>
    apiData<unknown>('Tag', { method: 'DELETE', params: itemParams(publicId, 'tagPublicId') }),
  );
}

/** The tag's raw samples of the last hour, newest first. */
export function useRecentSamples(tagId: string, hourStartedOn: string, hourEndsOn: string) {
  return useQuery({
    queryKey: ['TagSampleList', tagId, hourStartedOn],
    queryFn: async () => {
      const answer = await apiRequest<Sample[]>('TagSampleList', {
        params: itemParams(tagId, 'tagPublicId'),
        // A whole hour in one page (3600 samples at the shortest interval), so the newest are in it.
        query: { start: hourStartedOn, end: hourEndsOn, 'page-size': dataLoggingLimits.maxSamplesPageSize },
      });
      return [...answer.data].sort((a, b) => b.time.localeCompare(a.time));
    },
  });
}

/** The company's MQTT brokers offered to an MQTT data source (only for users who may list them). */
export function useBrokerOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['MqttBrokerList', 'data-source-options'],
    enabled,
    queryFn: () =>
      apiData<{ publicId: string; name: string }[]>('MqttBrokerList', {
        query: { fields: 'publicId,name', 'page-size': limits.pageSizeMax },
      }),
  });
}

/**
 * The console's agent list shows when each agent last logged: a live value moves the agent's
 * `dataLogging.lastSampleOn` forward without reloading the list.
 */
export function useLastSampleLiveUpdates() {
  const queryClient = useQueryClient();
  useLiveEvent('TagValuesChanged', ({ agent, tags }) => {
    const newest = tags.reduce<string | null>(
      (max, value) => (max === null || value.time > max ? value.time : max),
      null,
    );
    if (newest === null) return;
    queryClient.setQueryData<AgentWithLogging[]>(agentListKey, (agents) =>
      agents?.map((item) =>
        item.publicId === agent.publicId && item.dataLogging
          ? { ...item, dataLogging: withLastSample(item.dataLogging, newest) }
          : item,
      ),
    );
  });
}
