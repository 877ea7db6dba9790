import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AgentDataUsage, DataUsageDay } from '@fleetgate/contracts';
import { apiData, apiDownload, apiRequest } from '../../api/client.ts';

export type UsagePeriod = { from: string; to: string };

/** The company's bytes per day of the period (every day, zeros included). */
export function useDataUsageDays(period: UsagePeriod | null) {
  return useQuery({
    queryKey: ['DataUsageList', period?.from, period?.to],
    queryFn: () => apiData<DataUsageDay[]>('DataUsageList', { query: { ...period } }),
    enabled: period !== null,
  });
}

export const agentUsagePageSize = 50;

/** The agents' totals over the period, most traffic first, a page at a time. */
export function useAgentDataUsage(period: UsagePeriod | null) {
  return useInfiniteQuery({
    queryKey: ['AgentDataUsageList', period?.from, period?.to],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => {
      const envelope = await apiRequest<AgentDataUsage[]>('AgentDataUsageList', {
        query: { ...period, 'page-size': agentUsagePageSize, 'page-after': pageParam },
      });
      return { agents: envelope.data, moreAfter: envelope.moreAfter ?? null };
    },
    getNextPageParam: (page) => page.moreAfter ?? undefined,
    enabled: period !== null,
  });
}

/** Fetches the period's CSV and hands it to the browser as a download. */
export async function downloadUsageCsv(period: UsagePeriod) {
  const blob = await apiDownload('DataUsageCsv', { query: { ...period } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `data-usage-${period.from}-to-${period.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the URL is not needed afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
