import type { MqttBroker } from '@fleetgate/contracts';
import type { MqttBrokerRow } from '../../db/schema.ts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';

export const mqttBrokerFields: FieldSpec = {
  publicId: true,
  name: true,
  url: true,
  clientId: true,
  username: true,
  hasPassword: true,
};

export const mqttBrokerFilters: FilterSpec = {
  publicId: { column: 'mqtt_brokers.public_id', type: 'string' },
  name: { column: 'mqtt_brokers.name', type: 'string' },
  url: { column: 'mqtt_brokers.url', type: 'string' },
  clientId: { column: 'mqtt_brokers.client_id', type: 'string' },
  username: { column: 'mqtt_brokers.username', type: 'string' },
};

/**
 * The only shape a broker leaves the server in, in answers and in the audit trail alike: the
 * password is reduced to whether there is one.
 */
export function presentMqttBroker(row: MqttBrokerRow): MqttBroker {
  return {
    publicId: row.public_id,
    name: row.name,
    url: row.url,
    clientId: row.client_id,
    username: row.username,
    hasPassword: row.password_sealed !== null,
  };
}
