import type { Db } from '../db/client.ts';
import { deleteExpiredAccessTokens } from '../modules/account/access-token.repository.ts';
import type { RecurringJob } from './queue/job-queue.ts';

/** Removes expired access tokens every hour, once across all server processes. */
export function expiredTokensJob(db: Db): RecurringJob {
  return {
    name: 'access-tokens.remove-expired',
    everyMs: 60 * 60 * 1000,
    run: async () => {
      await deleteExpiredAccessTokens(db);
    },
  };
}
