import {
  errorMessages,
  licenceErrors,
  licenceTypeByKey,
  trialDays,
  type AgentAppActivation,
  type AgentBundleActivation,
  type ApiErrorItem,
  type PerAgentApp,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { ApiError, badRequest, conflict } from '../../http/errors.ts';
import type { MutationContext } from '../../http/resource.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { hashCouponCode } from './coupon-code.ts';
import { presentActivation } from './licence.presenter.ts';
import {
  closeEndedActivations,
  countSeatsUsed,
  deactivateActivations,
  findBundleActivations,
  findLicencesOf,
  findOpenActivation,
  insertActivation,
  lockLicence,
  redeemCoupon,
  trialUsed,
} from './licence.repository.ts';

const dayMs = 24 * 3600 * 1000;

/** The rel each app's activation is audited under (its item route). */
export const activationRel: Record<PerAgentApp, string> = {
  dataLogging: 'AgentAppLogging',
  alarming: 'AgentAppAlarming',
};

/** What to activate with: the payload after the "exactly one of" rule. */
export type ActivationChoice = { trial: true } | { licence: string } | { couponCode: string };

type Agent = { id: number; public_id: string; name: string };

/** The company's agent named in a body (`publicId`): another company's is a 404 like an unknown one. */
export async function findCompanyAgent(trx: Db, companyId: number, publicId: string, lock = true) {
  let query = trx
    .selectFrom('agents')
    .select(['id', 'public_id', 'name'])
    .where('company_id', '=', companyId)
    .where('public_id', '=', publicId);
  // Activations of one agent queue here, so "already active" and "trial used" see each other.
  if (lock) query = query.forUpdate();
  const agent = await query.executeTakeFirst();
  if (!agent) throw new ApiError(404, [{ message: errorMessages.notFound, propertyName: 'publicId' }]);
  return agent;
}

/** A unique index that settled a race is answered like the check it backs up. */
function uniqueViolation(error: unknown): string | undefined {
  const e = error as { code?: unknown; constraint?: unknown };
  if (typeof e !== 'object' || e === null || e.code !== '23505') return undefined;
  return typeof e.constraint === 'string' ? e.constraint : '';
}

async function insertOrConflict(app: PerAgentApp, insert: () => ReturnType<typeof insertActivation>) {
  try {
    return await insert();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === undefined) throw error;
    if (constraint === 'agent_app_activations_trial') throw conflict(licenceErrors.trialUsed(app), 'trial');
    throw conflict(licenceErrors.alreadyActive(app));
  }
}

async function audit(
  trx: Db,
  ctx: MutationContext,
  action: 'CREATE' | 'DELETE',
  rel: string,
  publicId: string,
  data: unknown,
) {
  await writeAudit(trx, {
    companyId: ctx.company.id,
    actorUserId: ctx.user.id,
    action,
    rel,
    publicId,
    ...(action === 'CREATE' ? { after: data } : { before: data }),
    clientAddress: ctx.clientAddress,
  });
}

/** A licence of the company, locked, that is not expired; errors name `property`. */
async function usableLicence(trx: Db, ctx: MutationContext, publicId: string, property: string, now: Date) {
  const licence = await lockLicence(trx, ctx.company.id, publicId);
  if (!licence) throw new ApiError(404, [{ message: errorMessages.notFound, propertyName: property }]);
  if (licence.valid_until.getTime() < now.getTime()) throw badRequest(licenceErrors.licenceExpired, property);
  return licence;
}

async function takeSeat(trx: Db, licence: { id: number; seats: number }) {
  if ((await countSeatsUsed(trx, licence.id)) >= licence.seats)
    throw conflict(licenceErrors.noFreeSeats, 'licence');
}

/**
 * Activates one app on an agent with a trial (30 days, once per agent and app), a licence of the
 * app's type (one seat while active, ends with the licence) or a coupon (single use, its days).
 */
export async function activateApp(
  trx: Db,
  ctx: MutationContext,
  app: PerAgentApp,
  agentPublicId: string,
  choice: ActivationChoice,
  now = new Date(),
): Promise<AgentAppActivation> {
  const agent: Agent = await findCompanyAgent(trx, ctx.company.id, agentPublicId);
  await closeEndedActivations(trx, agent.id, app, now);
  if (await findOpenActivation(trx, agent.id, app)) throw conflict(licenceErrors.alreadyActive(app));
  const base = { companyId: ctx.company.id, agentId: agent.id, app, startsOn: now };

  let activation: AgentAppActivation;
  if ('trial' in choice) {
    if (await trialUsed(trx, agent.id, app)) throw conflict(licenceErrors.trialUsed(app), 'trial');
    const row = await insertOrConflict(app, () =>
      insertActivation(trx, {
        ...base,
        source: 'trial',
        licenceId: null,
        couponId: null,
        endsOn: new Date(now.getTime() + trialDays * dayMs),
      }),
    );
    activation = presentActivation(row, agent, null);
  } else if ('licence' in choice) {
    const licence = await usableLicence(trx, ctx, choice.licence, 'licence', now);
    const type = licenceTypeByKey(licence.type);
    if (!type || type.bundle || !(type.apps as readonly string[]).includes(app))
      throw badRequest(licenceErrors.wrongLicenceType, 'licence');
    await takeSeat(trx, licence);
    const row = await insertOrConflict(app, () =>
      insertActivation(trx, {
        ...base,
        source: 'licence',
        licenceId: licence.id,
        couponId: null,
        endsOn: null,
      }),
    );
    activation = presentActivation(row, agent, licence);
  } else {
    const coupon = await redeemCoupon(trx, hashCouponCode(choice.couponCode), ctx.company.id, now);
    if (!coupon) throw badRequest(licenceErrors.couponUnknown, 'couponCode');
    const type = licenceTypeByKey(coupon.type);
    // Refusing rolls the transaction back: the coupon stays unused.
    if (!type || type.bundle || !(type.apps as readonly string[]).includes(app))
      throw badRequest(licenceErrors.couponWrongType, 'couponCode');
    const row = await insertOrConflict(app, () =>
      insertActivation(trx, {
        ...base,
        source: 'coupon',
        licenceId: null,
        couponId: coupon.id,
        endsOn: new Date(now.getTime() + coupon.days * dayMs),
      }),
    );
    activation = presentActivation(row, agent, null);
  }
  await audit(trx, ctx, 'CREATE', activationRel[app], activation.publicId, activation);
  return activation;
}

/** Ends the app's activation on the agent now; a licence's seat is free again. */
export async function deactivateApp(
  trx: Db,
  ctx: MutationContext,
  app: PerAgentApp,
  agentPublicId: string,
  now = new Date(),
): Promise<AgentAppActivation> {
  const agent = await findCompanyAgent(trx, ctx.company.id, agentPublicId);
  await closeEndedActivations(trx, agent.id, app, now);
  const open = await findOpenActivation(trx, agent.id, app);
  if (!open) throw new ApiError(404, licenceErrors.notActive(app));
  const licence =
    open.licence_id === null
      ? null
      : await trx
          .selectFrom('licences')
          .select(['public_id', 'type', 'valid_until'])
          .where('id', '=', open.licence_id)
          .executeTakeFirstOrThrow();
  await deactivateActivations(trx, [open.id], now);
  const activation = presentActivation(open, agent, licence);
  await audit(trx, ctx, 'DELETE', activationRel[app], activation.publicId, activation);
  return activation;
}

/** Activates every app of a bundle on the agent with one seat of it. */
export async function activateBundle(
  trx: Db,
  ctx: MutationContext,
  agentPublicId: string,
  bundlePublicId: string,
  now = new Date(),
): Promise<AgentBundleActivation> {
  const agent = await findCompanyAgent(trx, ctx.company.id, agentPublicId);
  const bundle = await usableLicence(trx, ctx, bundlePublicId, 'bundle', now);
  const type = licenceTypeByKey(bundle.type);
  if (!type?.bundle) throw badRequest(licenceErrors.notABundle, 'bundle');
  for (const app of type.apps) {
    await closeEndedActivations(trx, agent.id, app, now);
    if (await findOpenActivation(trx, agent.id, app)) throw conflict(licenceErrors.alreadyActive(app));
  }
  if ((await countSeatsUsed(trx, bundle.id)) >= bundle.seats)
    throw conflict(licenceErrors.noFreeSeats, 'bundle');
  const activations: AgentAppActivation[] = [];
  for (const app of type.apps) {
    const row = await insertOrConflict(app, () =>
      insertActivation(trx, {
        companyId: ctx.company.id,
        agentId: agent.id,
        app,
        source: 'bundle',
        licenceId: bundle.id,
        couponId: null,
        startsOn: now,
        endsOn: null,
      }),
    );
    activations.push(presentActivation(row, agent, bundle));
  }
  const result: AgentBundleActivation = {
    agent: { publicId: agent.public_id, name: agent.name },
    bundle: { publicId: bundle.public_id, name: type.name },
    activations,
  };
  await audit(trx, ctx, 'CREATE', 'AgentLicenceBundle', bundle.public_id, result);
  return result;
}

/** Deactivates these bundles on the agent, all or nothing; each unknown or inactive one is a 400 with its listIndex. */
export async function deactivateBundles(
  trx: Db,
  ctx: MutationContext,
  agentPublicId: string,
  bundlePublicIds: string[],
  now = new Date(),
): Promise<{ publicId: string }[]> {
  const agent = await findCompanyAgent(trx, ctx.company.id, agentPublicId);
  const bundles = await findLicencesOf(true)(trx, ctx.company.id, bundlePublicIds, true);
  const byId = new Map(bundles.map((b) => [b.public_id, b]));
  const errors: ApiErrorItem[] = [];
  const toClose: { bundle: (typeof bundles)[number]; ids: number[] }[] = [];
  for (const [listIndex, publicId] of bundlePublicIds.entries()) {
    const bundle = byId.get(publicId);
    if (!bundle) {
      errors.push({ message: errorMessages.notFound, propertyName: 'publicId', listIndex });
      continue;
    }
    const open = await findBundleActivations(trx, agent.id, bundle.id);
    if (open.length === 0)
      errors.push({ message: licenceErrors.bundleNotActive, propertyName: 'publicId', listIndex });
    else toClose.push({ bundle, ids: open.map((row) => row.id) });
  }
  if (errors.length > 0) throw new ApiError(400, errors);
  for (const { bundle, ids } of toClose) {
    await deactivateActivations(trx, ids, now);
    await audit(trx, ctx, 'DELETE', 'AgentLicenceBundle', bundle.public_id, {
      agent: { publicId: agent.public_id, name: agent.name },
      bundle: { publicId: bundle.public_id, name: licenceTypeByKey(bundle.type)?.name ?? bundle.type },
    });
  }
  return bundlePublicIds.map((publicId) => ({ publicId }));
}
