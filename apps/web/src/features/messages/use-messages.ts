import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { InboxMessage, MessageUnreadCount } from '@fleetgate/contracts';
import { apiData, apiRequest } from '../../api/client.ts';
import { change, useOptimisticMutation } from '../../api/optimistic-mutation.ts';
import { withMessagesRead, withUnreadLess, type Inbox } from './message-cache.ts';

export const messagesPageSize = 25;
/** The badge is refreshed this often, and whenever the window gets focus again. */
export const unreadCountRefreshMs = 60_000;

export const unreadCountKey = ['MessageUnreadCount'] as const;
export const inboxKey = ['MessageList'] as const;

export function useUnreadCount() {
  return useQuery({
    queryKey: unreadCountKey,
    queryFn: () => apiData<MessageUnreadCount>('MessageUnreadCount', { companyScoped: false }),
    refetchInterval: unreadCountRefreshMs,
    staleTime: 0,
  });
}

/** The inbox, newest first, a page at a time. */
export function useInbox() {
  return useInfiniteQuery({
    queryKey: inboxKey,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => {
      const envelope = await apiRequest<InboxMessage[]>('MessageList', {
        companyScoped: false,
        query: { 'page-size': messagesPageSize, 'page-after': pageParam },
      });
      return { messages: envelope.data, moreAfter: envelope.moreAfter ?? null };
    },
    getNextPageParam: (page) => page.moreAfter ?? undefined,
    staleTime: 0,
  });
}

/**
 * Marks unread messages read (give only unread ones: the badge counts them down). The badge and the cached inbox show it at once (portal spec §7) and go
 * back if the server refuses.
 */
export function useMarkMessagesRead() {
  return useOptimisticMutation(
    (publicIds: string[]) =>
      apiData<InboxMessage[]>('MessageList', {
        method: 'PATCH',
        companyScoped: false,
        body: publicIds.map((publicId) => ({ publicId, read: true })),
      }),
    [
      change<MessageUnreadCount, string[]>(unreadCountKey, withUnreadLess),
      change<Inbox, string[]>(inboxKey, withMessagesRead),
    ],
  );
}
