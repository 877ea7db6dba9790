import type { DataSource, Tag } from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import type { DataSourceRow, TagRow } from './data-logging.repository.ts';

const named = { publicId: true, name: true } as const;

export const dataSourceFields: FieldSpec = {
  publicId: true,
  name: true,
  kind: true,
  agent: named,
  server: named,
  unitId: true,
  mqttBroker: named,
  createdOn: true,
};

export const dataSourceFilters: FilterSpec = {
  publicId: { column: 'ds.public_id', type: 'string' },
  name: { column: 'ds.name', type: 'string' },
  kind: { column: 'ds.kind', type: 'string' },
};

export const tagFields: FieldSpec = {
  publicId: true,
  name: true,
  agent: named,
  dataSource: { publicId: true, name: true, kind: true },
  address: true,
  dataType: true,
  scale: true,
  unit: true,
  sampleIntervalSeconds: true,
  logMode: true,
  last: { time: true, value: true },
  createdOn: true,
};

export const tagFilters: FilterSpec = {
  publicId: { column: 't.public_id', type: 'string' },
  name: { column: 't.name', type: 'string' },
  address: { column: 't.address', type: 'string' },
  dataType: { column: 't.data_type', type: 'string' },
  unit: { column: 't.unit', type: 'string' },
};

export const sampleFields: FieldSpec = { tag: { publicId: true }, time: true, value: true };
export const sampleFilters: FilterSpec = { value: { column: 's.value', type: 'number' } };

export function presentDataSource(row: DataSourceRow): DataSource {
  return {
    publicId: row.public_id,
    name: row.name,
    kind: row.kind,
    agent: { publicId: row.agent_public_id, name: row.agent_name },
    server:
      row.server_public_id && row.server_name
        ? { publicId: row.server_public_id, name: row.server_name }
        : null,
    unitId: row.unit_id,
    mqttBroker:
      row.broker_public_id && row.broker_name
        ? { publicId: row.broker_public_id, name: row.broker_name }
        : null,
    createdOn: row.created_at.toISOString(),
  };
}

export function presentTag(row: TagRow): Tag {
  return {
    publicId: row.public_id,
    name: row.name,
    agent: { publicId: row.agent_public_id, name: row.agent_name },
    dataSource: { publicId: row.source_public_id, name: row.source_name, kind: row.source_kind },
    address: row.address,
    dataType: row.data_type,
    scale: row.scale,
    unit: row.unit,
    sampleIntervalSeconds: row.sample_interval_seconds,
    logMode: row.log_mode,
    last:
      row.last_time && row.last_value !== null
        ? { time: row.last_time.toISOString(), value: row.last_value }
        : null,
    createdOn: row.created_at.toISOString(),
  };
}
