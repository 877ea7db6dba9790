import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';

export type AuditAction = 'CREATE' | 'UPDATE' | 'DELETE';

export type AuditEntry = {
  publicId: string;
  action: AuditAction;
  resource: { rel: string; publicId: string };
  actor: { publicId: string; name: string } | null;
  before: unknown;
  after: unknown;
  clientAddress: string | null;
  createdAt: string;
};

export const auditPageSize = 50;

/** The company's audit entries, newest first, a page at a time; `action` and `search` narrow them on the server. */
export function useAuditLogs(action: AuditAction | '', search: string) {
  const filters: string[] = [];
  if (action) filters.push(`eq(action,"${action}")`);
  const needle = search.trim().replaceAll('\\', '\\\\').replaceAll('"', '\\"');
  if (needle) filters.push(`or(contains(resource.rel,"${needle}"),eq(resource.publicId,"${needle}"))`);
  return useInfiniteQuery({
    queryKey: ['AuditLogList', action, needle],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => {
      const envelope = await apiRequest<AuditEntry[]>('AuditLogList', {
        query: { 'page-size': auditPageSize, 'page-after': pageParam, filters },
      });
      return { entries: envelope.data, moreAfter: envelope.moreAfter ?? null };
    },
    getNextPageParam: (page) => page.moreAfter ?? undefined,
  });
}
