import type { MqttConnectionTestResult } from '@fleetgate/contracts';
import { createSecretBox } from '../../auth/secret-box.ts';
import type { Api } from '../../http/api.ts';
import { notFound, parseInput } from '../../http/errors.ts';
import { registerResource } from '../../http/resource.ts';
import type { ModuleDeps } from '../index.ts';
import type { OutboundPolicy } from '../../net/outbound-guard.ts';
import { mqttBrokerFields, mqttBrokerFilters, presentMqttBroker } from './mqtt-broker.presenter.ts';
import { findMqttBrokersByPublicIds, listMqttBrokers } from './mqtt-broker.repository.ts';
import {
  brokerCreateSchema,
  brokerPatchSchema,
  checkBrokerUrl,
  checkCredentials,
  connectionTestSchema,
  createMqttBrokerService,
  type MqttBrokerService,
} from './mqtt-broker.service.ts';
import { testMqttConnection, type BrokerSettings } from './mqtt-connection.ts';

/** Connection tests open sockets from the server: a budget per user keeps them from becoming a scanner. */
export const testsPerUserPerMinute = 30;

/**
 * `MqttBrokerList`, `MqttBroker/{publicId}`, and the connection tests `MqttBrokerConnectionTest/{publicId}`
 * (a saved broker) and `MqttBrokerConnectionTestList` (settings not saved yet). All need the MQTT right.
 */
export function registerMqttBrokerRoutes(api: Api, deps: ModuleDeps) {
  const box = createSecretBox({ envKey: process.env.FLEETGATE_SECRET_KEY, dataDir: deps.config.dataDir });
  const service = createMqttBrokerService(box);
  const testBudget = deps.limiters.attempts('mqtt-broker-test', testsPerUserPerMinute, 60);
  const outbound: OutboundPolicy = { allowPrivate: deps.config.outboundAllowPrivate };

  registerResource(api, {
    name: 'MqttBroker',
    read: 'mqttBrokers.manage',
    write: 'mqttBrokers.manage',
    fields: mqttBrokerFields,
    filters: mqttBrokerFilters,
    repository: { list: listMqttBrokers, findByPublicIds: findMqttBrokersByPublicIds },
    present: presentMqttBroker,
    create: { schema: brokerCreateSchema, run: service.create },
    update: { schema: brokerPatchSchema, run: service.change },
    remove: { run: service.remove },
  });

  api.route({
    rel: 'MqttBrokerConnectionTest',
    method: 'POST',
    item: true,
    access: 'company',
    capability: 'mqttBrokers.manage',
    doc: { summary: 'Test the connection of a saved broker', rateLimited: true },
    handler: async (ctx) => {
      const [row] = await findMqttBrokersByPublicIds(ctx.db, ctx.company.id, [ctx.publicId]);
      if (!row) throw notFound();
      const data = await runTest(service, outbound, row, () => testBudget.consume(String(ctx.user.id)), {
        url: row.url,
        clientId: row.client_id,
        username: row.username,
        password: undefined,
      });
      return { type: 'MqttBrokerConnectionTest', data };
    },
  });

  api.route({
    rel: 'MqttBrokerConnectionTestList',
    method: 'POST',
    access: 'company',
    capability: 'mqttBrokers.manage',
    doc: {
      summary: 'Test broker settings before saving them',
      body: connectionTestSchema,
      rateLimited: true,
    },
    handler: async (ctx) => {
      const input = parseInput(connectionTestSchema, ctx.body);
      checkBrokerUrl(input.url);
      let saved;
      if (input.publicId !== undefined) {
        [saved] = await findMqttBrokersByPublicIds(ctx.db, ctx.company.id, [input.publicId]);
        if (!saved) throw notFound();
      }
      const data = await runTest(service, outbound, saved, () => testBudget.consume(String(ctx.user.id)), {
        url: input.url,
        clientId: input.clientId,
        username: input.username,
        password: input.password === undefined ? undefined : (input.password?.reveal() ?? null),
      });
      return { type: 'MqttBrokerConnectionTestList', data };
    },
  });
}

/**
 * Tests the settings; a password left undefined is taken from the saved broker, when there is
 * one. Only settings that pass every check spend the caller's budget.
 */
async function runTest(
  service: MqttBrokerService,
  outbound: OutboundPolicy,
  saved: Parameters<MqttBrokerService['passwordOf']>[0] | undefined,
  spendBudget: () => Promise<void>,
  settings: BrokerSettings,
): Promise<MqttConnectionTestResult> {
  let password = settings.password;
  if (password === undefined && saved) {
    try {
      password = service.passwordOf(saved);
    } catch {
      return {
        connected: false,
        error: 'The stored password cannot be read with this server key; enter the password again',
      };
    }
  }
  checkCredentials(settings.username, Boolean(password));
  await spendBudget();
  return testMqttConnection({ ...settings, password }, outbound);
}
