import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  limits,
  type CustomField,
  type CustomFieldCreateInput,
  type CustomFieldPatchInput,
} from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';

const listKey = ['CustomPropertyList'] as const;

/** Every custom field of the company, all fields of each. */
export function useCustomFields() {
  return useQuery({
    queryKey: listKey,
    queryFn: () =>
      apiData<CustomField[]>('CustomPropertyList', {
        query: { fields: '*', 'page-size': limits.pageSizeMax },
      }),
  });
}

export function useCreateCustomField() {
  return useInvalidatingMutation(listKey, (input: CustomFieldCreateInput) =>
    apiData<CustomField>('CustomPropertyList', { method: 'POST', body: input }),
  );
}

export function useUpdateCustomField() {
  return useInvalidatingMutation(
    listKey,
    ({ publicId, changes }: { publicId: string; changes: CustomFieldPatchInput }) =>
      apiData<CustomField>('CustomProperty', { method: 'PATCH', params: { publicId }, body: changes }),
  );
}

type OrderChange = { publicId: string; order: number };

/** Changes the order of several fields in one call (all or none), showing the new order at once. */
export function useReorderCustomFields() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: OrderChange[]) =>
      apiData<CustomField[]>('CustomPropertyList', { method: 'PATCH', body: changes }),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<CustomField[]>(listKey);
      const orders = new Map(changes.map((c) => [c.publicId, c.order]));
      queryClient.setQueryData<CustomField[]>(listKey, (fields) =>
        fields?.map((f) => ({ ...f, order: orders.get(f.publicId) ?? f.order })),
      );
      return { previous };
    },
    onError: (_error, _changes, context) => queryClient.setQueryData(listKey, context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

export function useDeleteCustomField() {
  return useInvalidatingMutation(listKey, (publicId: string) =>
    apiData<{ publicId: string }>('CustomProperty', { method: 'DELETE', params: { publicId } }),
  );
}
