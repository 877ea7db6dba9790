import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouterDisplayScreensaver } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { fetchScreensaverBlob, uploadScreensaver } from './screensaver-image.ts';

/** Both the devices screens and the agents screen read agents under these keys. */
const agentKeys = [['Agent'], ['AgentList']] as const;

function useRefreshAgents() {
  const queryClient = useQueryClient();
  return () => Promise.all(agentKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * The stored image as an object URL for the preview (the call needs the token). A new upload
 * has a new publicId, so each image is fetched once and kept while shown.
 */
export function useScreensaverImage(companyId: string | null, publicId: string | null) {
  const blob = useQuery({
    queryKey: ['RouterDisplayScreensaver', companyId, publicId],
    queryFn: () => fetchScreensaverBlob(companyId!, publicId!),
    enabled: companyId !== null && publicId !== null,
    staleTime: Infinity,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);
  return { url, isError: blob.isError, isLoading: blob.isLoading };
}

export function useUploadScreensaver(companyId: string | null, agentPublicId: string) {
  const refreshAgents = useRefreshAgents();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      uploadScreensaver({ companyId: companyId ?? '', agentPublicId, file, onProgress }),
    onSuccess: () => refreshAgents(),
  });
}

export function useRemoveScreensaver() {
  const refreshAgents = useRefreshAgents();
  return useMutation({
    mutationFn: (publicId: string) =>
      apiData<RouterDisplayScreensaver>('RouterDisplayScreensaver', {
        method: 'DELETE',
        params: { publicId },
      }),
    onSuccess: () => refreshAgents(),
  });
}
