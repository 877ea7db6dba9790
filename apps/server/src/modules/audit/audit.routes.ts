import type { Api } from '../../http/api.ts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import { registerResource } from '../../http/resource.ts';
import { findAuditLogsByPublicIds, listAuditLogs, type AuditLogView } from './audit.repository.ts';

const fields: FieldSpec = {
  publicId: true,
  action: true,
  resource: { rel: true, publicId: true },
  actor: { publicId: true, name: true },
  before: true,
  after: true,
  clientAddress: true,
  createdAt: true,
};

const filters: FilterSpec = {
  publicId: { column: 'audit_logs.public_id', type: 'string' },
  action: { column: 'audit_logs.action', type: 'string' },
  'resource.rel': { column: 'audit_logs.resource_rel', type: 'string' },
  'resource.publicId': { column: 'audit_logs.resource_public_id', type: 'string' },
  'actor.publicId': { column: 'users.public_id', type: 'string' },
  createdAt: { column: 'audit_logs.created_at', type: 'date' },
};

function present(row: AuditLogView) {
  return {
    publicId: row.public_id,
    action: row.action,
    resource: { rel: row.resource_rel, publicId: row.resource_public_id },
    actor: row.actor_public_id === null ? null : { publicId: row.actor_public_id, name: row.actor_name },
    before: row.before,
    after: row.after,
    clientAddress: row.client_address,
    createdAt: row.created_at.toISOString(),
  };
}

/** The audit trail is read-only: entries are written by the mutations themselves. */
export function registerAuditRoutes(api: Api) {
  registerResource(api, {
    name: 'AuditLog',
    read: 'auditLogs.use',
    newestFirst: true,
    fields,
    filters,
    repository: { list: listAuditLogs, findByPublicIds: findAuditLogsByPublicIds },
    present,
  });
}
