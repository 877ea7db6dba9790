import { useInfiniteQuery } from '@tanstack/react-query';
import type { SignInEvent, SignInEventOutcome } from '@fleetgate/contracts';
import { apiRequest } from '../../api/client.ts';
import { auditPageSize } from './use-audit-logs.ts';

/**
 * The sign-ins of the company's members, newest first, a page at a time; `member` (part of a
 * name or e-mail address) and `outcome` narrow them on the server.
 */
export function useSignInEvents(member: string, outcome: SignInEventOutcome | '') {
  const filters: string[] = [];
  if (outcome) filters.push(`eq(outcome,"${outcome}")`);
  const needle = member.trim().replaceAll('\\', '\\\\').replaceAll('"', '\\"');
  if (needle) filters.push(`or(contains(user.name,"${needle}"),contains(user.emailAddress,"${needle}"))`);
  return useInfiniteQuery({
    queryKey: ['SignInEventList', outcome, needle],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => {
      const envelope = await apiRequest<SignInEvent[]>('SignInEventList', {
        query: { 'page-size': auditPageSize, 'page-after': pageParam, filters },
      });
      return { events: envelope.data, moreAfter: envelope.moreAfter ?? null };
    },
    getNextPageParam: (page) => page.moreAfter ?? undefined,
  });
}
