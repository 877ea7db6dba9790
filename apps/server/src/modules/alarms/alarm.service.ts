import { sql } from 'kysely';
import { alarmErrors, type Alarm, type AlarmSubscription } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { publicIdPattern } from '../../http/ids.ts';
import { encodeCursor, type Paging } from '../../http/paging.ts';
import type { MutationContext, Viewer } from '../../http/resource.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { agentVisibility } from '../agents/agent-visibility.ts';
import { requireAppInstalled } from '../apps/app-installation.ts';
import { prepareAlarmNotifications, type AlarmNotifyDeps } from './alarm-notify.ts';
import { alarmAgentOf, assertHoldsForAgent, findVisibleAlarmAgent } from './alarms.policy.ts';
import { presentAlarm } from './alarms.presenter.ts';
import {
  deleteSubscription,
  findAlarmsByIds,
  hasSubscription,
  insertSubscription,
  listAlarms,
  selectAlarms,
} from './alarms.repository.ts';

/** `state=open` (default: not cleared, or cleared but never acknowledged) or `state=all`. */
export function parseStateFilter(raw: unknown): boolean {
  if (raw === undefined || raw === 'open') return true;
  if (raw === 'all') return false;
  throw badRequest('Must be open or all', 'state');
}

/** Occurrences newest first; `agentPublicId` narrows to one agent the caller sees. */
export async function listVisibleAlarms(
  db: Db,
  viewer: Viewer,
  query: { agentPublicId?: string; openOnly: boolean; paging: Paging },
): Promise<{ data: Alarm[]; moreAfter: string | null }> {
  let agentId: number | undefined;
  if (query.agentPublicId !== undefined) agentId = (await alarmAgentOf(db, viewer, query.agentPublicId)).id;
  else await requireAppInstalled(db, viewer.company.id, 'alarming');
  const rows = await listAlarms(db, {
    companyId: viewer.company.id,
    agentId,
    openOnly: query.openOnly,
    visible: agentVisibility(viewer, sql.ref<number>('o.agent_id')),
    after: query.paging.after,
    limit: query.paging.size + 1,
  });
  const page = rows.slice(0, query.paging.size);
  const last = page.at(-1);
  const moreAfter =
    rows.length > query.paging.size && last
      ? encodeCursor({ at: last.raised_at, publicId: last.public_id })
      : null;
  return { data: page.map(presentAlarm), moreAfter };
}

async function visibleAlarm(db: Db, viewer: Viewer, publicId: string) {
  await requireAppInstalled(db, viewer.company.id, 'alarming');
  if (!publicIdPattern.test(publicId)) throw notFound();
  const row = await selectAlarms(db)
    .where('o.company_id', '=', viewer.company.id)
    .where('o.public_id', '=', publicId)
    .executeTakeFirst();
  const agent = row && (await findVisibleAlarmAgent(db, viewer, { id: row.agent_id }));
  if (!row || !agent) throw notFound();
  return { row, agent };
}

export async function readAlarm(db: Db, viewer: Viewer, publicId: string): Promise<Alarm> {
  return presentAlarm((await visibleAlarm(db, viewer, publicId)).row);
}

/**
 * `POST AlarmAcknowledge/{publicId}`: who holds `alarms.acknowledge` for the agent records that
 * they saw it, with a comment. An occurrence cleared before anyone acknowledged it may still be
 * acknowledged (it stays cleared); a second acknowledgement is a 409.
 */
export async function acknowledgeAlarm(
  db: Db,
  deps: AlarmNotifyDeps,
  ctx: MutationContext,
  publicId: string,
  comment: string | undefined,
): Promise<Alarm> {
  const { agent } = await visibleAlarm(db, ctx, publicId);
  await assertHoldsForAgent(db, ctx, agent, 'alarms.acknowledge');
  const { alarm, notify } = await runInTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('alarms')
      .set({ acknowledged_at: new Date(), acknowledged_by_user_id: ctx.user.id, comment: comment || null })
      .where('company_id', '=', ctx.company.id)
      .where('public_id', '=', publicId)
      .where('acknowledged_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw conflict(alarmErrors.alreadyAcknowledged);
    const [row] = await findAlarmsByIds(trx, [updated.id]);
    const alarm = presentAlarm(row!);
    await writeAudit(trx, {
      companyId: ctx.company.id,
      actorUserId: ctx.user.id,
      action: 'UPDATE',
      rel: 'AlarmAcknowledge',
      publicId,
      after: { acknowledgedOn: alarm.acknowledgedOn, comment: alarm.comment },
      clientAddress: ctx.clientAddress,
    });
    const notify = await prepareAlarmNotifications(trx, deps, { changed: [updated.id], raised: [] });
    return { alarm, notify };
  });
  await notify();
  return alarm;
}

export async function readSubscription(
  db: Db,
  viewer: Viewer,
  agentPublicId: string,
): Promise<AlarmSubscription> {
  const agent = await alarmAgentOf(db, viewer, agentPublicId);
  return { agent: { publicId: agent.publicId }, email: await hasSubscription(db, viewer.user.id, agent.id) };
}

/** The caller's own choice: any member who sees the agent may take its alarms by e-mail. */
export async function putSubscription(
  db: Db,
  viewer: Viewer,
  agentPublicId: string,
  email: boolean,
): Promise<AlarmSubscription> {
  const agent = await alarmAgentOf(db, viewer, agentPublicId);
  if (email)
    await insertSubscription(db, { userId: viewer.user.id, agentId: agent.id, companyId: agent.companyId });
  else await deleteSubscription(db, viewer.user.id, agent.id);
  return { agent: { publicId: agent.publicId }, email };
}
