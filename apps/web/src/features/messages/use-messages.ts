import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InboxMessage, MessageUnreadCount } from '@fleetgate/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../api/client.ts';

export const messagesPageSize = 25;
/** The badge is refreshed this often, and whenever the window gets focus again. */
export const unreadCountRefreshMs = 60_000;

const unreadCountKey = ['MessageUnreadCount'] as const;
const inboxKey = ['MessageList'] as const;

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

/** Marks messages read; the badge and the cached inbox follow. */
export function useMarkMessagesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicIds: string[]) =>
      apiData<InboxMessage[]>('MessageList', {
        method: 'PATCH',
        companyScoped: false,
        body: publicIds.map((publicId) => ({ publicId, read: true })),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unreadCountKey }),
  });
}
