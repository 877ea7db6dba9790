import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';

export type AuditEntry = {
  companyId: number | null;
  actorUserId: number | null;
  action: 'CREATE' | 'UPDATE' | 'DELETE';
  rel: string;
  publicId: string;
  before?: unknown;
  after?: unknown;
  clientAddress: string | null;
};

/** Writes one audit entry; callers pass their transaction so the entry commits with the change. */
export async function writeAudit(trx: Db, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_logs')
    .values({
      public_id: newPublicId(),
      company_id: entry.companyId,
      actor_user_id: entry.actorUserId,
      action: entry.action,
      resource_rel: entry.rel,
      resource_public_id: entry.publicId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      client_address: entry.clientAddress,
    })
    .execute();
}
