import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';

/** What the wire shows of a stored screensaver, with its agent (never the bytes). */
export function findScreensaverRows(db: Db) {
  return db
    .selectFrom('router_display_screensavers as s')
    .innerJoin('agents', 'agents.id', 's.agent_id')
    .select(['s.id', 's.public_id', 's.company_id', 's.agent_id', 's.content_type', 's.size', 's.sha256'])
    .select(['s.created_at', 'agents.public_id as agent_public_id', 'agents.name as agent_name']);
}

export type ScreensaverRow = Awaited<
  ReturnType<ReturnType<typeof findScreensaverRows>['executeTakeFirstOrThrow']>
>;

export function findScreensaverOfAgent(db: Db, agentId: number) {
  return findScreensaverRows(db).where('s.agent_id', '=', agentId).executeTakeFirst();
}

export function findScreensaverInCompany(db: Db, companyId: number, publicId: string) {
  return findScreensaverRows(db)
    .where('s.company_id', '=', companyId)
    .where('s.public_id', '=', publicId)
    .executeTakeFirst();
}

/** The stored image itself, for serving. */
export function findScreensaverBytes(db: Db, id: number) {
  return db
    .selectFrom('router_display_screensavers')
    .select(['content_type', 'bytes', 'sha256'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The newest image of an agent: its hash first, so an unchanged one costs no bytes. */
export function findAgentScreensaverHash(db: Db, agentId: number) {
  return db
    .selectFrom('router_display_screensavers')
    .select(['id', 'sha256'])
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
}

export function insertScreensaver(
  db: Db,
  values: {
    companyId: number;
    agentId: number;
    contentType: string;
    bytes: Uint8Array;
    sha256: string;
    userId: number;
  },
) {
  return db
    .insertInto('router_display_screensavers')
    .values({
      public_id: newPublicId(),
      company_id: values.companyId,
      agent_id: values.agentId,
      content_type: values.contentType,
      bytes: values.bytes,
      size: values.bytes.byteLength,
      sha256: values.sha256,
      created_by_user_id: values.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function deleteScreensaver(db: Db, id: number) {
  await db.deleteFrom('router_display_screensavers').where('id', '=', id).execute();
}
