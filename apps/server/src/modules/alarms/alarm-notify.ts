import { appConfigOf, type Alarm } from '@fleetgate/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Mail, Mailer } from '../../mail/mailer.ts';
import { usersHoldingForAgent } from '../access/access.policy.ts';
import { sendMessage } from '../messages/message.service.ts';
import { presentAlarm } from './alarms.presenter.ts';
import { findAlarmsByIds, type AlarmRow } from './alarms.repository.ts';
import { usersSeeingAgent } from './alarms.policy.ts';

export type AlarmNotifyDeps = {
  events: EventBus;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'error'>;
  config: Pick<Config, 'publicUrl'>;
};

/** What changed in a transaction, told once it committed. */
export type AlarmChanges = { changed: number[]; raised: number[] };

const agentOf = (row: AlarmRow) => ({ id: row.agent_id, companyId: row.company_id });

function deviceLink(config: Pick<Config, 'publicUrl'>, agentPublicId: string) {
  return `${config.publicUrl.replace(/\/+$/, '')}/devices/${agentPublicId}`;
}

function formatValue(row: AlarmRow) {
  return row.tag_unit ? `${row.value} ${row.tag_unit}` : String(row.value);
}

function raisedText(row: AlarmRow, config: Pick<Config, 'publicUrl'>) {
  const subject = `Alarm (${row.severity}): ${row.condition_name} on ${row.agent_name}`;
  const body = [
    `The alarm "${row.condition_name}" was raised on the device ${row.agent_name}.`,
    `Tag: ${row.tag_name}`,
    `Value: ${formatValue(row)}`,
    `Severity: ${row.severity}`,
    `Raised: ${row.raised_at.toISOString()}`,
    '',
    `Open the device: ${deviceLink(config, row.agent_public_id)}`,
  ].join('\n');
  return { subject, body };
}

/**
 * Inside the transaction that raised the occurrences: one inbox message per occurrence to each
 * member who sees the agent and may act on it (acknowledge or manage its data logging).
 */
export async function messageRaised(trx: Db, config: Pick<Config, 'publicUrl'>, alarmIds: number[]) {
  for (const row of await findAlarmsByIds(trx, alarmIds)) {
    const agent = agentOf(row);
    const seeing = new Set(await usersSeeingAgent(trx, agent));
    const acting = new Set([
      ...(await usersHoldingForAgent(trx, agent, 'alarms.acknowledge')),
      ...(await usersHoldingForAgent(trx, agent, 'dataLogging.manage')),
    ]);
    const { subject, body } = raisedText(row, config);
    for (const userId of acting) {
      if (!seeing.has(userId)) continue;
      await sendMessage(trx, { userId, companyId: row.company_id, subject, body });
    }
  }
}

/**
 * Prepared inside the transaction, run after it committed: `AlarmChanged` to the users who see
 * each agent and, for raised occurrences, an e-mail to the subscribers who still see the agent
 * (unless the company switched the alarming app's e-mail notifications off).
 * Each mail is recorded (alarm_mails) in the transaction, so a user never gets two for one
 * occurrence; a mail that fails to send is logged, not retried.
 */
export async function prepareAlarmNotifications(
  trx: Db,
  deps: AlarmNotifyDeps,
  changes: AlarmChanges,
): Promise<() => Promise<void>> {
  const ids = [...new Set([...changes.changed, ...changes.raised])];
  const rows = await findAlarmsByIds(trx, ids);
  const events: { userIds: number[]; alarm: Alarm }[] = [];
  const raised: { companyId: number; alarm: Alarm }[] = [];
  const mails: Mail[] = [];
  for (const row of rows) {
    if (changes.raised.includes(row.id)) raised.push({ companyId: row.company_id, alarm: presentAlarm(row) });
    const seeing = await usersSeeingAgent(trx, agentOf(row));
    if (seeing.length > 0) events.push({ userIds: seeing, alarm: presentAlarm(row) });
    if (changes.raised.includes(row.id) && seeing.length > 0)
      mails.push(...(await claimMails(trx, deps, row, seeing)));
  }
  return async () => {
    for (const { userIds, alarm } of events)
      await deps.events.publish({ userIds }, { type: 'AlarmChanged', data: alarm });
    for (const { companyId, alarm } of raised)
      deps.events.domain.emit({ type: 'AlarmRaised', companyId, alarm });
    for (const mail of mails)
      await deps.mailer.send(mail).catch((error: unknown) => {
        deps.log.error({ err: error }, `alarm e-mail could not be sent (${deps.mailer.destination})`);
      });
  };
}

async function claimMails(trx: Db, deps: AlarmNotifyDeps, row: AlarmRow, seeing: number[]): Promise<Mail[]> {
  // The company can switch alarm e-mails off (Apps › Alarming › e-mail notifications).
  const app = await trx
    .selectFrom('company_apps')
    .select('config')
    .where('company_id', '=', row.company_id)
    .where('app', '=', 'alarming')
    .executeTakeFirst();
  if (!appConfigOf('alarming', app?.config).emailNotifications) return [];
  const subscribers = await trx
    .selectFrom('alarm_subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.email_address'])
    .where('s.agent_id', '=', row.agent_id)
    .where('s.user_id', 'in', seeing)
    .execute();
  const { subject, body } = raisedText(row, deps.config);
  const mails: Mail[] = [];
  for (const subscriber of subscribers) {
    const claimed = await trx
      .insertInto('alarm_mails')
      .values({ alarm_id: row.id, user_id: subscriber.id })
      .onConflict((c) => c.columns(['alarm_id', 'user_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (claimed) mails.push({ to: subscriber.email_address, subject, text: body });
  }
  return mails;
}
