import {
  licenceTypeByKey,
  licenceTypeCatalogue,
  type AgentAppActivation,
  type Licence,
  type LicenceType,
  type LicenceTypeKey,
  type PerAgentApp,
} from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import type { LicenceView } from './licence.repository.ts';

const named = { publicId: true, name: true } as const;

export const licenceTypeFields: FieldSpec = { publicId: true, name: true, apps: true, bundle: true };

export const licenceFields: FieldSpec = {
  publicId: true,
  name: true,
  type: named,
  seats: true,
  seatsUsed: true,
  seatsFree: true,
  validFrom: true,
  validUntil: true,
  expired: true,
  agents: named,
  grantedBy: true,
  createdOn: true,
};

export const licenceFilters: FilterSpec = {
  publicId: { column: 'l.public_id', type: 'string' },
  'type.publicId': { column: 'l.type', type: 'string' },
  seats: { column: 'l.seats', type: 'int' },
  validFrom: { column: 'l.valid_from', type: 'date' },
  validUntil: { column: 'l.valid_until', type: 'date' },
  createdOn: { column: 'l.created_at', type: 'date' },
};

/** The catalogue's name of a stored type (types are only ever written from the catalogue). */
export function licenceTypeName(type: string): string {
  return licenceTypeByKey(type)?.name ?? type;
}

export function presentLicenceTypes(): LicenceType[] {
  return licenceTypeCatalogue.map((t) => ({
    publicId: t.publicId,
    name: t.name,
    apps: [...t.apps],
    bundle: t.bundle,
  }));
}

export function presentLicence(row: LicenceView, now = new Date()): Licence {
  const expired = row.valid_until.getTime() < now.getTime();
  return {
    publicId: row.public_id,
    name: licenceTypeName(row.type),
    type: { publicId: row.type as LicenceTypeKey, name: licenceTypeName(row.type) },
    seats: row.seats,
    seatsUsed: row.seats_used,
    seatsFree: expired ? 0 : Math.max(0, row.seats - row.seats_used),
    validFrom: row.valid_from.toISOString(),
    validUntil: row.valid_until.toISOString(),
    expired,
    agents: row.agents.map((a) => ({ publicId: a.public_id, name: a.name })),
    grantedBy: row.granted_by,
    createdOn: row.created_at.toISOString(),
  };
}

export function presentActivation(
  row: {
    public_id: string;
    app: PerAgentApp;
    source: AgentAppActivation['source'];
    starts_on: Date;
    ends_on: Date | null;
  },
  agent: { public_id: string; name: string },
  licence: { public_id: string; type: string; valid_until: Date } | null,
): AgentAppActivation {
  const endsOn = row.ends_on ?? licence?.valid_until;
  if (!endsOn) throw new Error('An activation ends with its own date or its licence');
  return {
    publicId: row.public_id,
    app: row.app,
    source: row.source,
    startsOn: row.starts_on.toISOString(),
    endsOn: endsOn.toISOString(),
    licence: licence ? { publicId: licence.public_id, name: licenceTypeName(licence.type) } : null,
    agent: { publicId: agent.public_id, name: agent.name },
  };
}
