import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { limits, type Group } from '@fleetgate/contracts';
import { apiRequest, apiData } from '../../api/client.ts';

const pageSize = 100;

export type GroupInput = {
  name?: string;
  groupType?: { publicId: string };
  parent?: { publicId: string } | null;
  color?: string;
};

function filtersOf(groupTypeId: string | undefined, search: string): string[] {
  const filters: string[] = [];
  if (groupTypeId) filters.push(`eq(groupType.publicId,${JSON.stringify(groupTypeId)})`);
  if (search) filters.push(`contains(name,${JSON.stringify(search)})`);
  return filters;
}

/** Groups, of one type or all, matching the search, a page at a time. */
export function useGroups(groupTypeId: string | undefined, search: string) {
  return useInfiniteQuery({
    queryKey: ['GroupList', { groupTypeId, search }],
    queryFn: ({ pageParam }) =>
      apiRequest<Group[]>('GroupList', {
        query: {
          filters: filtersOf(groupTypeId, search),
          'page-size': pageSize,
          'page-after': pageParam ?? undefined,
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.moreAfter ?? null,
  });
}

/** Every group of the company, to choose a parent from. */
export function useAllGroups(enabled: boolean) {
  return useQuery({
    queryKey: ['GroupList', 'all'],
    queryFn: () =>
      apiData<Group[]>('GroupList', {
        query: { fields: 'publicId,name,parent', 'page-size': limits.pageSizeMax },
      }),
    enabled,
  });
}

export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ publicId, input }: { publicId: string | undefined; input: GroupInput }) =>
      publicId
        ? apiData<Group>('Group', { method: 'PATCH', params: { publicId }, body: input })
        : apiData<Group>('GroupList', { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['GroupList'] }),
  });
}

export function useRemoveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicId: string) => apiData('Group', { method: 'DELETE', params: { publicId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['GroupList'] }),
  });
}
