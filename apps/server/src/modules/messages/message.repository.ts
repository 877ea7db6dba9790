import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';
import type { ListQuery } from '../../http/resource.ts';

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

/**
 * One user's inbox as a derived table `m`, so filters can name `m.read` like a column.
 * Every query here is limited to that user: nobody reads another user's messages.
 */
function selectInbox(db: Db, userId: number) {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('messages')
        .leftJoin('companies', 'companies.id', 'messages.company_id')
        .select([
          'messages.public_id',
          'messages.subject',
          'messages.body',
          'messages.read_at',
          'messages.created_at',
          'companies.public_id as company_public_id',
          'companies.name as company_name',
        ])
        .select(sql<boolean>`messages.read_at is not null`.as('read'))
        .where('messages.user_id', '=', userId)
        .as('m'),
    )
    .selectAll('m');
}

export type InboxRow = Awaited<ReturnType<typeof listInbox>>[number];

/** Newest first: the keyset cursor walks (created_at, public_id) downwards. */
export function listInbox(db: Db, userId: number, list: ListQuery) {
  let query = selectInbox(db, userId);
  if (list.where) query = query.where(list.where);
  if (list.after)
    query = query.where(
      sql<boolean>`(m.created_at, m.public_id) < (${list.after.at}, ${list.after.publicId})`,
    );
  return query.orderBy('m.created_at', 'desc').orderBy('m.public_id', 'desc').limit(list.limit).execute();
}

export function findInboxByPublicIds(db: Db, userId: number, publicIds: string[]) {
  if (publicIds.length === 0) return Promise.resolve([]);
  return selectInbox(db, userId).where('m.public_id', 'in', publicIds).execute();
}

/** Marks the user's messages read (keeping the first read time) or unread; returns the ids it changed. */
export async function setMessagesRead(db: Db, userId: number, publicIds: string[], read: boolean) {
  if (publicIds.length === 0) return [];
  const rows = await db
    .updateTable('messages')
    .set({ read_at: read ? sql<Date>`coalesce(read_at, clock_timestamp())` : null })
    .where('user_id', '=', userId)
    .where('public_id', 'in', publicIds)
    .returning('public_id')
    .execute();
  return rows.map((row) => row.public_id);
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
