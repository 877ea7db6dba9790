import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';

export type NewMessage = { userId: number; companyId: number | null; subject: string; body: string };

export function insertMessage(db: Db, message: NewMessage) {
  return db
    .insertInto('messages')
    .values({
      public_id: newPublicId(),
      user_id: message.userId,
      company_id: message.companyId,
      subject: message.subject,
      body: message.body,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
