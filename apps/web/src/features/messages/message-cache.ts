import type { InfiniteData } from '@tanstack/react-query';
import type { InboxMessage, MessageUnreadCount } from '@fleetgate/contracts';

export type InboxPage = { messages: InboxMessage[]; moreAfter: string | null };
export type Inbox = InfiniteData<InboxPage, string | undefined>;

/** The cached inbox once these messages are read; `readAt` is the server's to say, so it stays. */
export function withMessagesRead(inbox: Inbox, publicIds: string[]): Inbox {
  const ids = new Set(publicIds);
  return {
    ...inbox,
    pages: inbox.pages.map((page) => ({
      ...page,
      messages: page.messages.map((message) =>
        ids.has(message.publicId) ? { ...message, read: true } : message,
      ),
    })),
  };
}

/** The badge's count once these (unread) messages are read; never below zero. */
export function withUnreadLess(unread: MessageUnreadCount, publicIds: string[]): MessageUnreadCount {
  return { ...unread, count: Math.max(0, unread.count - new Set(publicIds).size) };
}
