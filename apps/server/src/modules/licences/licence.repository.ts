import { sql } from 'kysely';
import { licenceTypeCatalogue, type PerAgentApp } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

const bundleTypes = licenceTypeCatalogue.filter((t) => t.bundle).map((t) => t.publicId);

/** A licence with its seats in use (distinct agents with an open activation on it). */
export type LicenceView = {
  id: number;
  public_id: string;
  company_id: number;
  type: string;
  seats: number;
  valid_from: Date;
  valid_until: Date;
  granted_by: string;
  created_at: Date;
  seats_used: number;
  agents: { public_id: string; name: string }[];
};

/** The licences of a company as a derived table `l`, plain or bundles, with their seats in use. */
function licenceRows(db: Db, companyId: number, bundles: boolean | null) {
  let query = db
    .selectFrom('licences as l')
    .selectAll('l')
    .select(
      sql<number>`(select count(distinct x.agent_id)::int from agent_app_activations x
        where x.licence_id = l.id and x.deactivated_at is null)`.as('seats_used'),
    )
    .where('l.company_id', '=', companyId);
  if (bundles !== null) query = query.where('l.type', bundles ? 'in' : 'not in', bundleTypes);
  return query;
}

async function withAgents<R extends { id: number }>(
  db: Db,
  rows: R[],
): Promise<(R & Pick<LicenceView, 'agents'>)[]> {
  if (rows.length === 0) return [];
  const agents = await db
    .selectFrom('agent_app_activations as x')
    .innerJoin('agents', 'agents.id', 'x.agent_id')
    .select(['x.licence_id', 'agents.public_id', 'agents.name'])
    .where(
      'x.licence_id',
      'in',
      rows.map((r) => r.id),
    )
    .where('x.deactivated_at', 'is', null)
    .groupBy(['x.licence_id', 'agents.id', 'agents.public_id', 'agents.name'])
    .orderBy(sql`lower(agents.name)`)
    .orderBy('agents.public_id')
    .execute();
  return rows.map((row) => ({
    ...row,
    agents: agents.filter((a) => a.licence_id === row.id).map(({ public_id, name }) => ({ public_id, name })),
  }));
}

export function listLicencesOf(bundles: boolean) {
  return async (db: Db, companyId: number, query: ListQuery): Promise<LicenceView[]> =>
    withAgents(db, await keysetPage(licenceRows(db, companyId, bundles), 'l', query).execute());
}

export function findLicencesOf(bundles: boolean | null) {
  return async (
    db: Db,
    companyId: number,
    publicIds: string[],
    forUpdate = false,
  ): Promise<LicenceView[]> => {
    if (publicIds.length === 0) return [];
    let query = licenceRows(db, companyId, bundles).where('l.public_id', 'in', publicIds);
    if (forUpdate) query = query.forUpdate();
    return withAgents(db, await query.execute());
  };
}

/**
 * Locks the licence row: activations of one licence queue here, so counting its free seats
 * and taking one cannot interleave (two requests for the last seat: exactly one gets it).
 */
export async function lockLicence(db: Db, companyId: number, publicId: string) {
  return db
    .selectFrom('licences')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('public_id', '=', publicId)
    .forUpdate()
    .executeTakeFirst();
}

export async function countSeatsUsed(db: Db, licenceId: number, exceptAgentId?: number) {
  let query = db
    .selectFrom('agent_app_activations')
    .select(sql<number>`count(distinct agent_id)::int`.as('used'))
    .where('licence_id', '=', licenceId)
    .where('deactivated_at', 'is', null);
  if (exceptAgentId !== undefined) query = query.where('agent_id', '!=', exceptAgentId);
  return (await query.executeTakeFirstOrThrow()).used;
}

export function insertLicence(
  db: Db,
  values: {
    companyId: number;
    type: string;
    seats: number;
    validFrom: Date;
    validUntil: Date;
    grantedBy: string;
  },
) {
  return db
    .insertInto('licences')
    .values({
      public_id: newPublicId(),
      company_id: values.companyId,
      type: values.type,
      seats: values.seats,
      valid_from: values.validFrom,
      valid_until: values.validUntil,
      granted_by: values.grantedBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setLicenceValidUntil(db: Db, id: number, validUntil: Date) {
  await db.updateTable('licences').set({ valid_until: validUntil }).where('id', '=', id).execute();
}

/** Every licence of every company, for the operator's `licence list`. */
export function listAllLicences(db: Db, companyId: number | null) {
  let query = db
    .selectFrom('licences as l')
    .innerJoin('companies as c', 'c.id', 'l.company_id')
    .selectAll('l')
    .select(['c.public_id as company_public_id', 'c.name as company_name'])
    .select(
      sql<number>`(select count(distinct x.agent_id)::int from agent_app_activations x
        where x.licence_id = l.id and x.deactivated_at is null)`.as('seats_used'),
    )
    .orderBy('c.name')
    .orderBy('l.created_at')
    .orderBy('l.public_id');
  if (companyId !== null) query = query.where('l.company_id', '=', companyId);
  return query.execute();
}

// Coupons ------------------------------------------------------------------------------------

export async function insertCoupon(db: Db, values: { codeHash: string; type: string; days: number }) {
  await db
    .insertInto('coupons')
    .values({ code_hash: values.codeHash, type: values.type, days: values.days })
    .execute();
}

/**
 * Takes the coupon in one statement: of two concurrent redemptions the second waits for the
 * first's row lock, then finds it redeemed. Inside the caller's transaction, so a later refusal
 * (wrong type, no seat) gives the coupon back.
 */
export function redeemCoupon(db: Db, codeHash: string, companyId: number, now: Date) {
  return db
    .updateTable('coupons')
    .set({ redeemed_at: now, redeemed_by_company_id: companyId })
    .where('code_hash', '=', codeHash)
    .where('redeemed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

// Activations --------------------------------------------------------------------------------

/**
 * Closes the agent's activations of the app that ran out (their end passed, or their licence
 * expired), so the open-activation index only holds live ones.
 */
export async function closeEndedActivations(db: Db, agentId: number, app: PerAgentApp, now: Date) {
  await db
    .updateTable('agent_app_activations as x')
    .set({ deactivated_at: now })
    .where('x.agent_id', '=', agentId)
    .where('x.app', '=', app)
    .where('x.deactivated_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('x.ends_on', '<=', now),
        eb.exists(
          eb
            .selectFrom('licences as l')
            .select('l.id')
            .whereRef('l.id', '=', 'x.licence_id')
            .where('l.valid_until', '<', now),
        ),
      ]),
    )
    .execute();
}

/** The open activation of the app on the agent (after `closeEndedActivations`, a live one). */
export function findOpenActivation(db: Db, agentId: number, app: PerAgentApp) {
  return db
    .selectFrom('agent_app_activations')
    .selectAll()
    .where('agent_id', '=', agentId)
    .where('app', '=', app)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
}

export async function trialUsed(db: Db, agentId: number, app: PerAgentApp) {
  const row = await db
    .selectFrom('agent_app_activations')
    .select('id')
    .where('agent_id', '=', agentId)
    .where('app', '=', app)
    .where('source', '=', 'trial')
    .executeTakeFirst();
  return row !== undefined;
}

export function insertActivation(
  db: Db,
  values: {
    companyId: number;
    agentId: number;
    app: PerAgentApp;
    source: 'trial' | 'licence' | 'coupon' | 'bundle';
    licenceId: number | null;
    couponId: number | null;
    startsOn: Date;
    endsOn: Date | null;
  },
) {
  return db
    .insertInto('agent_app_activations')
    .values({
      public_id: newPublicId(),
      company_id: values.companyId,
      agent_id: values.agentId,
      app: values.app,
      source: values.source,
      licence_id: values.licenceId,
      coupon_id: values.couponId,
      starts_on: values.startsOn,
      ends_on: values.endsOn,
      deactivated_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deactivateActivations(db: Db, ids: number[], now: Date) {
  if (ids.length === 0) return;
  await db.updateTable('agent_app_activations').set({ deactivated_at: now }).where('id', 'in', ids).execute();
}

/** The open activations of a bundle on an agent. */
export function findBundleActivations(db: Db, agentId: number, licenceId: number) {
  return db
    .selectFrom('agent_app_activations')
    .selectAll()
    .where('agent_id', '=', agentId)
    .where('licence_id', '=', licenceId)
    .where('deactivated_at', 'is', null)
    .execute();
}

/** A live activation of the app on the agent: open, not run out, its licence (if any) not expired. */
export function liveActivations(db: Db, agentIds: number[], now: Date) {
  return selectLive(db, now)
    .select(['x.agent_id', 'x.app', 'x.source', 'x.starts_on', 'x.ends_on', 'x.public_id'])
    .select(['l.public_id as licence_public_id', 'l.type as licence_type', 'l.valid_until'])
    .where('x.agent_id', 'in', agentIds)
    .execute();
}

/**
 * Live activations of the app (`x`), as a subquery for a caller that asks it together with other
 * things in one statement: it ties `x.agent_id` to its own agent.
 */
export function liveActivationsOf(db: Db, app: PerAgentApp, now: Date) {
  return selectLive(db, now).select('x.id').where('x.app', '=', app);
}

/** Activations live now: not deactivated, not run out, and (from a licence or bundle) its licence not expired. */
function selectLive(db: Db, now: Date) {
  return db
    .selectFrom('agent_app_activations as x')
    .leftJoin('licences as l', 'l.id', 'x.licence_id')
    .where('x.deactivated_at', 'is', null)
    .where((eb) => eb.or([eb('x.ends_on', 'is', null), eb('x.ends_on', '>', now)]))
    .where((eb) => eb.or([eb('l.id', 'is', null), eb('l.valid_until', '>=', now)]));
}

export function trialsOf(db: Db, agentIds: number[]) {
  return db
    .selectFrom('agent_app_activations')
    .select(['agent_id', 'app'])
    .where('agent_id', 'in', agentIds)
    .where('source', '=', 'trial')
    .execute();
}
