import type { z } from 'zod';
import {
  deviceErrors,
  enrolmentTokenSeconds,
  type agentEnrolInput,
  type AgentEnrolment,
  type AgentEnrolmentToken,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { hashSecret, newSecret } from '../../auth/secrets.ts';
import { unauthenticated } from '../../http/errors.ts';
import type { MutationContext } from '../../http/resource.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import {
  assertServerNamesDistinct,
  findAgentServerByName,
  insertAgentServer,
  updateAgentServer,
} from './agent-server.repository.ts';
import { findAgentView, type AgentView } from './agent.repository.ts';
import { presentAgent } from './agent.presenter.ts';

/** The command shown in the console; the agent's README starts with it. */
export function enrolCommand(origin: string, token: string) {
  return `fleetgate-agent enroll --server ${origin} --token=${token}`;
}

/** Where agents attach: the relay's WebSocket on the same origin. */
export function agentRelayUrl(origin: string) {
  return `${origin.replace(/^http/, 'ws')}/relay/agent`;
}

/** Stores the hash of a new one-time token (replacing any earlier one) and returns the token. */
export async function issueEnrolmentToken(
  trx: Db,
  agentId: number,
  now = new Date(),
): Promise<{ token: string; expiresOn: Date }> {
  // A leading "-" would make `--token <token>` read as another option in command-line parsers.
  let token = newSecret();
  while (token.startsWith('-')) token = newSecret();
  const expiresOn = new Date(now.getTime() + enrolmentTokenSeconds * 1000);
  await trx
    .updateTable('agents')
    .set({ enrolment_token_hash: hashSecret(token), enrolment_expires_on: expiresOn })
    .where('id', '=', agentId)
    .execute();
  return { token, expiresOn };
}

/** `POST AgentEnrolmentTokenList/{agent}`: the token is shown once; the audit trail keeps only its expiry. */
export async function createEnrolmentToken(
  trx: Db,
  ctx: MutationContext,
  agent: AgentView,
  origin: string,
): Promise<AgentEnrolmentToken> {
  const { token, expiresOn } = await issueEnrolmentToken(trx, agent.id);
  await writeAudit(trx, {
    companyId: ctx.company.id,
    actorUserId: ctx.user.id,
    action: 'CREATE',
    rel: 'AgentEnrolmentToken',
    publicId: agent.public_id,
    after: { agent: { publicId: agent.public_id }, expiresOn: expiresOn.toISOString() },
    clientAddress: ctx.clientAddress,
  });
  return { token, expiresOn: expiresOn.toISOString(), command: enrolCommand(origin, token) };
}

type EnrolInput = z.output<typeof agentEnrolInput>;

/**
 * `POST AgentEnrolment`: spends the one-time token, gives the agent a new credential (an earlier
 * one stops working) and records the services it reports. Services already known by name keep
 * their approval settings and type; only where they are (host, port) is taken from the agent. A new
 * service takes the type the agent reports, or the default by port.
 */
export async function enrolAgent(
  trx: Db,
  input: EnrolInput,
  origin: string,
  clientAddress: string,
): Promise<AgentEnrolment> {
  const services = input.services ?? [];
  assertServerNamesDistinct(services, 'services');
  const found = await trx
    .selectFrom('agents')
    .select('id')
    .where('enrolment_token_hash', '=', hashSecret(input.token))
    .where('enrolment_expires_on', '>', new Date())
    .forUpdate()
    .executeTakeFirst();
  if (!found) throw unauthenticated(deviceErrors.enrolmentTokenInvalid);
  const before = await findAgentView(trx, found.id);

  const credential = newSecret();
  await trx
    .updateTable('agents')
    .set({
      enrolment_token_hash: null,
      enrolment_expires_on: null,
      credential_hash: hashSecret(credential),
      enrolled_at: new Date(),
    })
    .where('id', '=', found.id)
    .execute();
  for (const service of services) {
    const existing = await findAgentServerByName(trx, found.id, service.name);
    if (existing) await updateAgentServer(trx, existing.id, { host: service.host, port: service.port });
    else await insertAgentServer(trx, before.company_id, found.id, service);
  }

  const after = await findAgentView(trx, found.id);
  await writeAudit(trx, {
    companyId: after.company_id,
    actorUserId: null,
    action: 'UPDATE',
    rel: 'Agent',
    publicId: after.public_id,
    before: presentAgent(before),
    after: presentAgent(after),
    clientAddress,
  });
  return { agentId: after.public_id, credential, relayUrl: agentRelayUrl(origin) };
}
