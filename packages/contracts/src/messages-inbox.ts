import { z } from 'zod';

/** A message in the signed-in user's inbox (the mail icon in the top bar). */
export type InboxMessage = {
  publicId: string;
  subject: string;
  body: string;
  read: boolean;
  readAt: string | null;
  createdAt: string;
  /** The company the message is about; null for messages about the account itself. */
  company: { publicId: string; name: string } | null;
};

/** `PATCH Message/{publicId}` and each item of `PATCH MessageList` (with its publicId). */
export const messagePatchInput = z.strictObject({ read: z.boolean() });
export type MessagePatchInput = z.infer<typeof messagePatchInput>;

export type MessageUnreadCount = { count: number };

/** What the web app needs to know about this installation before anyone logs in (`GET ClientConfig`). */
export type ClientConfig = {
  /** The help button shows only when this is set. */
  helpCentreUrl: string | null;
  /** The status-page link shows only on host names ending with this domain. */
  cloudDomain: string | null;
  statusPageUrl: string | null;
  /** The server's version. */
  version: string;
  /** Where the web app reports its errors (SENTRY_DSN); null: no reporting code is loaded. */
  sentryDsn: string | null;
};
