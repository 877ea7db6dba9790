import type { z } from 'zod';
import {
  brokerUrlProblem,
  errorMessages,
  mqttBrokerCreateInput,
  mqttBrokerPatchInput,
  mqttConnectionTestInput,
  mqttErrorMessages,
} from '@fleetgate/contracts';
import type { SecretBox } from '../../auth/secret-box.ts';
import type { Db } from '../../db/client.ts';
import type { MqttBrokerRow } from '../../db/schema.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { newPublicId } from '../../http/ids.ts';
import type { MutationContext } from '../../http/resource.ts';
import {
  deleteMqttBroker,
  insertMqttBroker,
  mqttBrokerNameTaken,
  updateMqttBroker,
} from './mqtt-broker.repository.ts';
import { WriteOnly } from './write-only.ts';

/** Empty client id and user name mean none; the password is wrapped before anything can echo it. */
function normalize<
  T extends { clientId?: string | null; username?: string | null; password?: string | null },
>(input: T) {
  const blankToNull = (value: string | null | undefined) => (value === '' ? null : value);
  const { password, ...rest } = input;
  return {
    ...rest,
    clientId: blankToNull(input.clientId),
    username: blankToNull(input.username),
    password: typeof password === 'string' ? new WriteOnly(password) : password,
  };
}

export const brokerCreateSchema = mqttBrokerCreateInput.transform(normalize);
export const brokerPatchSchema = mqttBrokerPatchInput.transform(normalize);
export const connectionTestSchema = mqttConnectionTestInput.transform(normalize);

type CreateInput = z.output<typeof brokerCreateSchema>;
type PatchInput = z.output<typeof brokerPatchSchema>;

export function checkBrokerUrl(url: string) {
  const problem = brokerUrlProblem(url);
  if (problem) throw badRequest(mqttErrorMessages[problem], 'url');
}

/** MQTT 3.1.1 has no password without a user name; brokers close such connections. */
export function checkCredentials(username: string | null | undefined, hasPassword: boolean) {
  if (hasPassword && !username) throw badRequest(mqttErrorMessages.passwordWithoutUsername, 'username');
}

/** The sealed password is bound to its broker: a box copied to another row does not open. */
const passwordContext = (publicId: string) => `MqttBroker/${publicId}`;

export function createMqttBrokerService(box: SecretBox) {
  const seal = (password: WriteOnly | null, publicId: string) =>
    password === null ? null : box.seal(password.reveal(), passwordContext(publicId));

  return {
    create: async (trx: Db, ctx: MutationContext, input: CreateInput) => {
      checkBrokerUrl(input.url);
      checkCredentials(input.username, Boolean(input.password));
      if (await mqttBrokerNameTaken(trx, ctx.company.id, input.name)) {
        throw conflict(errorMessages.nameInUse, 'name');
      }
      const publicId = newPublicId();
      return insertMqttBroker(trx, ctx.company.id, publicId, {
        name: input.name,
        url: input.url,
        clientId: input.clientId ?? null,
        username: input.username ?? null,
        passwordSealed: seal(input.password ?? null, publicId),
      });
    },

    change: async (trx: Db, ctx: MutationContext, row: MqttBrokerRow, input: PatchInput) => {
      if (input.url !== undefined) checkBrokerUrl(input.url);
      checkCredentials(
        input.username === undefined ? row.username : input.username,
        input.password === undefined ? row.password_sealed !== null : input.password !== null,
      );
      if (input.name !== undefined && (await mqttBrokerNameTaken(trx, ctx.company.id, input.name, row.id))) {
        throw conflict(errorMessages.nameInUse, 'name');
      }
      return updateMqttBroker(trx, row.id, {
        name: input.name,
        url: input.url,
        clientId: input.clientId,
        username: input.username,
        // Left out keeps the stored password, null clears it.
        passwordSealed: input.password === undefined ? undefined : seal(input.password, row.public_id),
      });
    },

    remove: async (trx: Db, _ctx: MutationContext, row: MqttBrokerRow) => {
      await deleteMqttBroker(trx, row.id);
    },

    /** The stored password in clear, for connecting; throws when this server's key cannot open it. */
    passwordOf: (row: MqttBrokerRow): string | null =>
      row.password_sealed === null ? null : box.open(row.password_sealed, passwordContext(row.public_id)),
  };
}

export type MqttBrokerService = ReturnType<typeof createMqttBrokerService>;
