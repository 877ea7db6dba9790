import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../api/client.ts';
import { entityListRel, type TypedEntityKind } from './typed-entity-kind.ts';

const pageSize = 100;

function filtersOf(kind: TypedEntityKind, typeId: string | undefined, search: string): string[] {
  const filters: string[] = [];
  if (typeId) filters.push(`eq(${kind.typeRef}.publicId,${JSON.stringify(typeId)})`);
  if (search) filters.push(`contains(name,${JSON.stringify(search)})`);
  return filters;
}

/** Groups or assets, of one type or all, matching the search, a page at a time. */
export function useTypedEntities<E>(kind: TypedEntityKind, typeId: string | undefined, search: string) {
  const rel = entityListRel(kind);
  return useInfiniteQuery({
    // Keyed like `['GroupList', { groupTypeId, search }]`.
    queryKey: [rel, { [`${kind.typeRef}Id`]: typeId, search }],
    queryFn: ({ pageParam }) =>
      apiRequest<E[]>(rel, {
        query: {
          filters: filtersOf(kind, typeId, search),
          'page-size': pageSize,
          'page-after': pageParam ?? undefined,
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.moreAfter ?? null,
  });
}

export function useSaveTypedEntity<E, Input>(kind: TypedEntityKind) {
  const queryClient = useQueryClient();
  const rel = entityListRel(kind);
  return useMutation({
    mutationFn: ({ publicId, input }: { publicId: string | undefined; input: Input }) =>
      publicId
        ? apiData<E>(kind.rel, { method: 'PATCH', params: { publicId }, body: input })
        : apiData<E>(rel, { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [rel] }),
  });
}

export function useRemoveTypedEntity(kind: TypedEntityKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicId: string) => apiData(kind.rel, { method: 'DELETE', params: { publicId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [entityListRel(kind)] }),
  });
}
