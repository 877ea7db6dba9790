import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Asset } from '@fleetgate/contracts';
import { apiData, apiRequest } from '../../api/client.ts';

const pageSize = 100;

export type AssetInput = { name?: string; assetType?: { publicId: string } };

function filtersOf(assetTypeId: string | undefined, search: string): string[] {
  const filters: string[] = [];
  if (assetTypeId) filters.push(`eq(assetType.publicId,${JSON.stringify(assetTypeId)})`);
  if (search) filters.push(`contains(name,${JSON.stringify(search)})`);
  return filters;
}

/** Assets, of one type or all, matching the search, a page at a time. */
export function useAssets(assetTypeId: string | undefined, search: string) {
  return useInfiniteQuery({
    queryKey: ['AssetList', { assetTypeId, search }],
    queryFn: ({ pageParam }) =>
      apiRequest<Asset[]>('AssetList', {
        query: {
          filters: filtersOf(assetTypeId, search),
          'page-size': pageSize,
          'page-after': pageParam ?? undefined,
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.moreAfter ?? null,
  });
}

export function useSaveAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ publicId, input }: { publicId: string | undefined; input: AssetInput }) =>
      publicId
        ? apiData<Asset>('Asset', { method: 'PATCH', params: { publicId }, body: input })
        : apiData<Asset>('AssetList', { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['AssetList'] }),
  });
}

export function useRemoveAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicId: string) => apiData('Asset', { method: 'DELETE', params: { publicId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['AssetList'] }),
  });
}
