import type { AccessRequest } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import { findRequestRelations, type AccessRequestRow } from './access-request.repository.ts';

const reference = { publicId: true, name: true } as const;

export const accessRequestFields: FieldSpec = {
  publicId: true,
  user: reference,
  agent: reference,
  asset: reference,
  servers: reference,
  vpn: true,
  start: true,
  end: true,
  reason: true,
  allowedApprovers: reference,
  status: true,
  approver: reference,
  decidedOn: true,
  createdOn: true,
};

export const accessRequestFilters: FilterSpec = {
  publicId: { column: 'access_requests.public_id', type: 'string' },
  'user.publicId': { column: 'requester.public_id', type: 'string' },
  'agent.publicId': { column: 'agents.public_id', type: 'string' },
  'asset.publicId': { column: 'assets.public_id', type: 'string' },
  'asset.name': { column: 'assets.name', type: 'string' },
  'approver.publicId': { column: 'decider.public_id', type: 'string' },
  status: { column: 'access_requests.status', type: 'string' },
  vpn: { column: 'access_requests.vpn', type: 'boolean' },
  start: { column: 'access_requests.starts_on', type: 'date' },
  end: { column: 'access_requests.ends_on', type: 'date' },
  decidedOn: { column: 'access_requests.decided_at', type: 'date' },
  createdOn: { column: 'access_requests.created_at', type: 'date' },
};

/** Shapes requests with their services and approvers (loaded for all of them at once). */
export async function presentAccessRequests(db: Db, rows: AccessRequestRow[]): Promise<AccessRequest[]> {
  const { servers, approvers } = await findRequestRelations(
    db,
    rows.map((row) => row.id),
  );
  const ref = (item: { publicId: string; name: string }) => ({ publicId: item.publicId, name: item.name });
  return rows.map((row) => ({
    publicId: row.public_id,
    user: { publicId: row.user_public_id, name: row.user_name },
    agent: { publicId: row.agent_public_id, name: row.agent_name },
    asset:
      row.asset_public_id === null ? null : { publicId: row.asset_public_id, name: row.asset_name ?? '' },
    servers: (servers.get(row.id) ?? []).map(ref),
    vpn: row.vpn,
    start: row.starts_on.toISOString(),
    end: row.ends_on.toISOString(),
    reason: row.reason,
    allowedApprovers: (approvers.get(row.id) ?? []).map(ref),
    status: row.status,
    approver:
      row.decider_public_id === null
        ? null
        : { publicId: row.decider_public_id, name: row.decider_name ?? '' },
    decidedOn: row.decided_at?.toISOString() ?? null,
    createdOn: row.created_at.toISOString(),
  }));
}

export async function presentAccessRequest(db: Db, row: AccessRequestRow): Promise<AccessRequest> {
  const [presented] = await presentAccessRequests(db, [row]);
  return presented!;
}
