import { describe, expect, it } from 'vitest';
import type { InboxMessage } from '@fleetgate/contracts';
import { withMessagesRead, withUnreadLess, type Inbox } from './message-cache.ts';

const message = (publicId: string, read: boolean): InboxMessage => ({
  publicId,
  subject: `Subject ${publicId}`,
  body: 'Body',
  read,
  readAt: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  company: null,
});

const inbox: Inbox = {
  pages: [
    { messages: [message('m1', false), message('m2', true)], moreAfter: 'm2' },
    { messages: [message('m3', false)], moreAfter: null },
  ],
  pageParams: [undefined, 'm2'],
};

describe('message cache updates', () => {
  it('mark the messages read on every page', () => {
    const next = withMessagesRead(inbox, ['m1', 'm3']);
    expect(next.pages.flatMap((page) => page.messages.map((m) => [m.publicId, m.read]))).toEqual([
      ['m1', true],
      ['m2', true],
      ['m3', true],
    ]);
    expect(next.pageParams).toEqual(inbox.pageParams);
    expect(inbox.pages[0]!.messages[0]!.read).toBe(false);
  });

  it('count the badge down, never below zero', () => {
    expect(withUnreadLess({ count: 3 }, ['m1', 'm3'])).toEqual({ count: 1 });
    expect(withUnreadLess({ count: 1 }, ['m1', 'm3', 'm3'])).toEqual({ count: 0 });
  });
});
