import { limits } from '@fleetgate/contracts';
import { apiRequest, type QueryValue } from '../../api/client.ts';

/** Reads every page of a list resource, following `moreAfter`. */
export async function fetchAll<T>(rel: string, query: Record<string, QueryValue> = {}): Promise<T[]> {
  const items: T[] = [];
  let after: string | null | undefined;
  do {
    const page = await apiRequest<T[]>(rel, {
      query: { ...query, 'page-size': limits.pageSizeMax, 'page-after': after ?? undefined },
    });
    items.push(...page.data);
    after = page.moreAfter;
  } while (after);
  return items;
}
