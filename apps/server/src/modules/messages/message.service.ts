import { ApiError, notFound } from '../../http/errors.ts';
import type { Db } from '../../db/client.ts';
import { errorMessages } from '@fleetgate/contracts';
import {
  findInboxByPublicIds,
  insertMessage,
  setMessagesRead,
  type InboxRow,
  type NewMessage,
} from './message.repository.ts';
import { runInTransaction } from '../../db/transaction.ts';

/** Leaves a message in a user's inbox (the mail icon in the top bar); pass the caller's transaction. */
export function sendMessage(trx: Db, message: NewMessage) {
  return insertMessage(trx, message);
}

export type ReadChange = { publicId: string; read: boolean };

/**
 * Marks messages of one user read or unread, all or none. A message of another user is
 * unknown (404), reported with its list index when the request was a list.
 */
export async function markMessages(
  db: Db,
  userId: number,
  changes: ReadChange[],
  withIndex: boolean,
): Promise<InboxRow[]> {
  return runInTransaction(db, async (trx) => {
    const ids = changes.map((change) => change.publicId);
    const found = new Set((await findInboxByPublicIds(trx, userId, ids)).map((row) => row.public_id));
    const missing = changes.findIndex((change) => !found.has(change.publicId));
    if (missing >= 0) {
      if (!withIndex) throw notFound();
      throw new ApiError(404, [{ message: errorMessages.notFound, listIndex: missing }]);
    }
    for (const read of [true, false]) {
      const publicIds = changes.filter((change) => change.read === read).map((change) => change.publicId);
      await setMessagesRead(trx, userId, publicIds, read);
    }
    const rows = await findInboxByPublicIds(trx, userId, ids);
    const byId = new Map(rows.map((row) => [row.public_id, row]));
    return ids.map((id) => byId.get(id)!);
  });
}
