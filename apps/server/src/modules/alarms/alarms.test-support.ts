import { expect } from 'vitest';
import type { AlarmCondition, AppKey, Capability, LiveEvent } from '@fleetgate/contracts';
import type { useTestServer } from '../../../test/harness.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { newPublicId } from '../../http/ids.ts';
import { createMailer } from '../../mail/mailer.ts';
import type { StoredSample } from '../data-logging/samples-stored.ts';
import { createAlarmEvaluator } from './alarm-evaluator.ts';
import type { AlarmNotifyDeps } from './alarm-notify.ts';

type TestServer = ReturnType<typeof useTestServer>;
export type As = { token: string; company: string };

/** Factories for the alarm tests: a company with the apps, agents with tags, alarming activated, samples. */
export function alarmFixtures(t: TestServer) {
  const db = () => t.server.db;
  const idOf = async (table: 'companies' | 'users' | 'agents' | 'tags', publicId: string) =>
    (await db().selectFrom(table).select('id').where('public_id', '=', publicId).executeTakeFirstOrThrow())
      .id;

  async function setup(apps: AppKey[] = ['dataLogging', 'alarming']) {
    const company = await t.newCompany();
    const as: As = { token: company.admin.token, company: company.publicId };
    const companyId = await idOf('companies', company.publicId);
    for (const app of apps)
      await db()
        .insertInto('company_apps')
        .values({ company_id: companyId, app, config: '{}', installed_by_user_id: null })
        .execute();
    return { company, as, companyId };
  }

  async function member(company: { publicId: string }, capabilities: Capability[]) {
    const user = await t.newMember(company, capabilities);
    return { user, as: { token: user.token, company: company.publicId } };
  }

  async function agent(as: As, name = `Gateway ${t.unique()}`) {
    const response = await t.call('POST', 'AgentList', { ...as, body: { name } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const publicId = (response.body.data as { publicId: string }).publicId;
    const row = await db()
      .selectFrom('agents')
      .select(['id', 'company_id'])
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow();
    return { publicId, name, id: row.id, companyId: row.company_id };
  }

  /** A Modbus data source and a tag on it, as the data-logging API would store them. */
  async function tag(agentRow: { id: number; companyId: number }, name = `Tag ${t.unique()}`, unit = '°C') {
    const source = await db()
      .insertInto('data_sources')
      .values({
        public_id: newPublicId(),
        company_id: agentRow.companyId,
        agent_id: agentRow.id,
        name: `Source ${t.unique()}`,
        kind: 'modbus',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await db()
      .insertInto('tags')
      .values({
        public_id: newPublicId(),
        company_id: agentRow.companyId,
        agent_id: agentRow.id,
        data_source_id: source.id,
        name,
        address: 'holding:1',
        data_type: 'int16',
        unit,
      })
      .returning(['id', 'public_id'])
      .executeTakeFirstOrThrow();
    return { id: row.id, publicId: row.public_id, name };
  }

  /** Alarming activated on the agent (a trial running for a month). */
  async function activate(agentRow: { id: number; companyId: number }) {
    const now = Date.now();
    await db()
      .insertInto('agent_app_activations')
      .values({
        public_id: newPublicId(),
        company_id: agentRow.companyId,
        agent_id: agentRow.id,
        app: 'alarming',
        source: 'trial',
        starts_on: new Date(now - 60_000),
        ends_on: new Date(now + 30 * 86_400_000),
      })
      .execute();
  }

  async function condition(as: As, agentPublicId: string, body: object) {
    const response = await t.call('POST', `AgentAlarmConditionList/${agentPublicId}`, { ...as, body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data as AlarmCondition;
  }

  /** Live events published while the test runs. */
  function recordEvents() {
    const seen: { userIds: number[]; event: LiveEvent }[] = [];
    const stop = t.server.built.events.listen(({ audience, event }) => {
      if ('userIds' in audience) seen.push({ userIds: audience.userIds, event });
    });
    return { seen, stop };
  }

  function notifyDeps(): AlarmNotifyDeps {
    return {
      events: t.server.built.events,
      mailer: createMailer(t.server.config),
      log: { error: () => {} },
      config: t.server.config,
    };
  }

  /** Stores nothing: runs the evaluator as the ingest would, in a transaction, then its after-commit work. */
  async function samples(
    agentRow: { id: number; companyId: number; publicId: string },
    list: Omit<StoredSample, 'tagPublicId'>[],
  ) {
    const evaluate = createAlarmEvaluator(notifyDeps());
    const tags = await db()
      .selectFrom('tags')
      .select(['id', 'public_id'])
      .where('agent_id', '=', agentRow.id)
      .execute();
    const publicIds = new Map(tags.map((tag) => [tag.id, tag.public_id]));
    const stored = list.map((sample) => ({ ...sample, tagPublicId: publicIds.get(sample.tagId)! }));
    const after = await runInTransaction(db(), (trx) =>
      evaluate(trx, {
        companyId: agentRow.companyId,
        agentId: agentRow.id,
        agentPublicId: agentRow.publicId,
        samples: stored,
      }),
    );
    if (after) await after();
  }

  async function alarmsOf(agentRow: { id: number }) {
    return db().selectFrom('alarms').selectAll().where('agent_id', '=', agentRow.id).orderBy('id').execute();
  }

  return {
    db,
    idOf,
    setup,
    member,
    agent,
    tag,
    activate,
    condition,
    recordEvents,
    notifyDeps,
    samples,
    alarmsOf,
  };
}

// A day ahead of the clock: the test server's own sweep (wall-clock time) never finds these
// delays due, so only the sweeps a test runs itself complete them.
const start = Math.floor(Date.now() / 1000) * 1000 + 86_400_000;

/** A sample time `seconds` after the tests' start. */
export const at = (seconds: number) => new Date(start + seconds * 1000);
