import type { Db } from '../db/client.ts';
import { deleteExpiredAccessTokens } from '../modules/account/access-token.repository.ts';

/** Removes expired access tokens every hour; returns a function that stops the job. */
export function startExpiredTokenCleanup(db: Db, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => void deleteExpiredAccessTokens(db).catch(onError), 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
