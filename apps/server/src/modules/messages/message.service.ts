import type { Db } from '../../db/client.ts';
import { insertMessage, type NewMessage } from './message.repository.ts';

/** Leaves a message in a user's inbox (the mail icon in the top bar); pass the caller's transaction. */
export function sendMessage(trx: Db, message: NewMessage) {
  return insertMessage(trx, message);
}
