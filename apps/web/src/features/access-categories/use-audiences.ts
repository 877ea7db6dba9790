import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Audience } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { fetchAll } from '../users/fetch-all.ts';

export const audiencesKey = ['AudienceList'] as const;

export type AudienceValues = { name: string; description: string | null };

/** The company's access categories ("audiences" in data), oldest first. */
export function useAudiences() {
  return useQuery({ queryKey: audiencesKey, queryFn: () => fetchAll<Audience>('AudienceList') });
}

function useAudienceMutation<V, R>(mutationFn: (values: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Members show their access category by name, so their list is stale too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: audiencesKey }),
        queryClient.invalidateQueries({ queryKey: ['UserList'] }),
      ]),
  });
}

export function useCreateAudience() {
  return useAudienceMutation((values: AudienceValues) =>
    apiData<Audience>('AudienceList', { method: 'POST', body: values }),
  );
}

export function useUpdateAudience() {
  return useAudienceMutation(({ publicId, ...values }: AudienceValues & { publicId: string }) =>
    apiData<Audience>('Audience', { method: 'PATCH', params: { publicId }, body: values }),
  );
}

export function useDeleteAudience() {
  return useAudienceMutation((publicId: string) =>
    apiData<{ publicId: string }>('Audience', { method: 'DELETE', params: { publicId } }),
  );
}

/** Sets (`isDefault`) or unsets the company's default access category. */
export function useSetDefaultAudience() {
  return useAudienceMutation(({ publicId, isDefault }: { publicId: string; isDefault: boolean }) =>
    apiData<Audience>('AudienceDefault', { method: isDefault ? 'POST' : 'DELETE', params: { publicId } }),
  );
}
