import { useQuery } from '@tanstack/react-query';
import { limits, type Group } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';

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
