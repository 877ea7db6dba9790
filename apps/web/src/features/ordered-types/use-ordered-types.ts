import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { limits } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { listRel, orderedTypesKey, type OrderedType, type OrderedTypeKind } from './ordered-type-kind.ts';
import { sortByOrder } from './reorder.ts';

export type OrderedTypeInput = { name?: string; color?: string };

export function orderedTypesQuery(kind: OrderedTypeKind) {
  return queryOptions({
    queryKey: orderedTypesKey(kind),
    queryFn: async () =>
      sortByOrder(
        await apiData<OrderedType[]>(listRel(kind), {
          query: {
            fields: `publicId,${kind.fields}`,
            'page-size': limits.pageSizeMax,
          },
        }),
      ),
  });
}

/** All types of the company in the order users arranged them. */
export function useOrderedTypes(kind: OrderedTypeKind) {
  return useQuery(orderedTypesQuery(kind));
}

export function useCreateOrderedType(kind: OrderedTypeKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderedTypeInput) =>
      apiData<OrderedType>(listRel(kind), { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderedTypesKey(kind) }),
  });
}

/** Lists of groups or assets show their type's name: they are read again after a type changes. */
function refreshUsers(queryClient: QueryClient, kind: OrderedTypeKind) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: orderedTypesKey(kind) }),
    queryClient.invalidateQueries({ queryKey: [kind.users.rel] }),
  ]);
}

export function useUpdateOrderedType(kind: OrderedTypeKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ publicId, input }: { publicId: string; input: OrderedTypeInput }) =>
      apiData<OrderedType>(kind.rel, { method: 'PATCH', params: { publicId }, body: input }),
    onSettled: () => refreshUsers(queryClient, kind),
  });
}

/**
 * Saves a new order with one bulk PATCH. The list shows the new order at once and goes back
 * to the previous one if the server refuses.
 */
export function useReorderOrderedTypes(kind: OrderedTypeKind) {
  const queryClient = useQueryClient();
  const queryKey = orderedTypesKey(kind);
  return useMutation({
    mutationFn: ({ changes }: { types: OrderedType[]; changes: { publicId: string; order: number }[] }) =>
      apiData<OrderedType[]>(listRel(kind), { method: 'PATCH', body: changes }),
    onMutate: async ({ types }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<OrderedType[]>(queryKey);
      queryClient.setQueryData<OrderedType[]>(queryKey, types);
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

export function useRemoveOrderedType(kind: OrderedTypeKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (type: OrderedType) => {
      await apiData(kind.rel, { method: 'DELETE', params: { publicId: type.publicId } });
      return type;
    },
    onSettled: () => refreshUsers(queryClient, kind),
  });
}

/** Whether anything still has the type, found by listing one thing filtered on its publicId. */
export async function isTypeInUse(kind: OrderedTypeKind, publicId: string): Promise<boolean> {
  const found = await apiData<unknown[]>(kind.users.rel, {
    query: {
      fields: 'publicId',
      filters: `eq(${kind.users.filterField},${JSON.stringify(publicId)})`,
      'page-size': 1,
    },
  });
  return found.length > 0;
}
