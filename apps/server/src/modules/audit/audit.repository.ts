import type { Db } from '../../db/client.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

function selectAuditLogs(db: Db, companyId: number) {
  return db
    .selectFrom('audit_logs')
    .leftJoin('users', 'users.id', 'audit_logs.actor_user_id')
    .select([
      'audit_logs.public_id',
      'audit_logs.action',
      'audit_logs.resource_rel',
      'audit_logs.resource_public_id',
    ])
    .select(['audit_logs.before', 'audit_logs.after', 'audit_logs.client_address', 'audit_logs.created_at'])
    .select(['users.public_id as actor_public_id', 'users.name as actor_name'])
    .where('audit_logs.company_id', '=', companyId);
}

export type AuditLogView = Awaited<ReturnType<typeof listAuditLogs>>[number];

export function listAuditLogs(db: Db, companyId: number, query: ListQuery) {
  return keysetPage(selectAuditLogs(db, companyId), 'audit_logs', query).execute();
}

export function findAuditLogsByPublicIds(db: Db, companyId: number, publicIds: string[]) {
  return selectAuditLogs(db, companyId).where('audit_logs.public_id', 'in', publicIds).execute();
}
