import type { InboxMessage } from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import type { InboxRow } from './message.repository.ts';

export const messageFields: FieldSpec = {
  publicId: true,
  subject: true,
  body: true,
  read: true,
  readAt: true,
  createdAt: true,
  company: { publicId: true, name: true },
};

export const messageFilters: FilterSpec = {
  publicId: { column: 'm.public_id', type: 'string' },
  read: { column: 'm.read', type: 'boolean' },
  subject: { column: 'm.subject', type: 'string' },
  createdAt: { column: 'm.created_at', type: 'date' },
  'company.publicId': { column: 'm.company_public_id', type: 'string' },
};

export function presentMessage(row: InboxRow): InboxMessage {
  return {
    publicId: row.public_id,
    subject: row.subject,
    body: row.body,
    read: row.read,
    readAt: row.read_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    company:
      row.company_public_id === null || row.company_name === null
        ? null
        : { publicId: row.company_public_id, name: row.company_name },
  };
}
