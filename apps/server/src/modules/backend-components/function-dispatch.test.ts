import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';
import { newPublicId } from '../../http/ids.ts';
import { createSamplesDomainEvent } from '../data-logging/samples-domain-event.ts';
import { storeSampleBatch } from '../data-logging/sample-ingest.ts';
import { backendComponentFixtures, useOwnSecretKey, type As } from './backend-components.test-support.ts';

useOwnSecretKey();
const t = useTestServer();
const f = backendComponentFixtures(t);
const db = () => t.server.db;

const fahrenheit = `
async function handler(message, context) {
  for (const sample of message.samples) {
    const value = sample.value * 9 / 5 + 32;
    context.writeTag('Temperature °F', value, { unit: '°F', time: sample.time });
    console.log(sample.tag.name, sample.value, '->', value);
    if (value > Number(context.config.threshold)) context.sendMessage({ subject: 'Hot', body: 'It is ' + value + ' °F' });
  }
  return { converted: message.samples.length };
}`;

async function setup() {
  const owner = await f.company();
  for (const app of ['dataLogging'] as const)
    await db()
      .insertInto('company_apps')
      .values({ company_id: owner.companyId, app, config: '{}', installed_by_user_id: null })
      .execute();
  const agent = await f.agent(owner.as);
  await db()
    .insertInto('agent_app_activations')
    .values({
      public_id: newPublicId(),
      company_id: agent.companyId,
      agent_id: agent.id,
      app: 'dataLogging',
      source: 'trial',
      starts_on: new Date(Date.now() - 60_000),
      ends_on: new Date(Date.now() + 86_400_000),
    })
    .execute();
  const tag = await f.tag(agent, 'Temperature');
  return { ...owner, agent, tag };
}

async function subscribe(as: As, body: Record<string, unknown>) {
  const response = await t.call('POST', 'BackendComponentMessageSubscriptionList', { ...as, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
}

/** Stores a batch as the agent's ingest does, with the domain event that triggers functions. */
async function collect(
  agent: { id: number; publicId: string; companyId: number },
  samples: [string, number, number][],
  batchId = newPublicId(),
) {
  const result = await storeSampleBatch(db(), agent, { batchId, samples }, [
    createSamplesDomainEvent(t.server.built.events),
  ]);
  for (const after of result.afterCommit) await after();
  return result;
}

async function runsOf(templatePublicId: string) {
  return db()
    .selectFrom('backend_component_runs as r')
    .innerJoin('backend_component_templates as t', 't.id', 'r.template_id')
    .select(['r.status', 'r.error', 'r.logs', 'r.result', 'r.duration_ms', 'r.company_id'])
    .where('t.public_id', '=', templatePublicId)
    .orderBy('r.id')
    .execute();
}

/** The dispatcher runs in the background: waits until it has nothing queued or running. */
async function settled(companyId: number) {
  await new Promise((resolve) => setTimeout(resolve, 50));
  await expect
    .poll(() => t.server.built.functions.dispatcher.pending(companyId), { timeout: 20_000, interval: 50 })
    .toBe(0);
}

describe('functions run on subscribed messages', () => {
  it('converts collected samples into a derived tag, once per stored sample, and messages above a threshold', async () => {
    const { as, agent, tag, company, companyId } = await setup();
    const template = await f.template(as, { code: fahrenheit });
    const configured = await t.call('POST', 'BackendComponentTemplateConfigList', {
      ...as,
      body: { template: { publicId: template.publicId }, values: { threshold: '100' } },
    });
    expect(configured.status).toBe(201);
    await subscribe(as, {
      template: { publicId: template.publicId },
      kind: 'tagSamples',
      agent: { publicId: agent.publicId },
      tags: [{ publicId: tag.publicId }],
    });

    const time = Date.now() - 1000;
    await collect(agent, [[tag.publicId, time, 50]], 'batch-1');
    await settled(companyId);
    // The same batch again stores nothing new, so nothing runs again.
    await collect(agent, [[tag.publicId, time, 50]], 'batch-1');
    await settled(companyId);

    const runs = await runsOf(template.publicId);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'ok', error: null, result: { converted: 1 } });
    expect(runs[0]!.logs.map((line) => line.text)).toEqual(['Temperature 50 -> 122']);

    const derived = await db()
      .selectFrom('tags as t')
      .innerJoin('data_sources as ds', 'ds.id', 't.data_source_id')
      .select(['t.id', 't.unit', 'ds.kind', 'ds.name as source'])
      .where('t.agent_id', '=', agent.id)
      .where('t.name', '=', 'Temperature °F')
      .executeTakeFirstOrThrow();
    expect(derived).toMatchObject({ unit: '°F', kind: 'function', source: 'Backend components' });
    const stored = await db()
      .selectFrom('samples')
      .select(['time', 'value'])
      .where('tag_id', '=', derived.id)
      .execute();
    expect(stored).toEqual([{ time: new Date(time), value: 122 }]);

    const inbox = await t.call('GET', 'MessageList', {
      token: company.admin.token,
      company: company.publicId,
    });
    expect(JSON.stringify(inbox.body)).toContain('It is 122 °F');
  });

  it('stops a function that never ends, and the API keeps answering meanwhile', async () => {
    const { as, agent, companyId } = await setup();
    const template = await f.template(as, { code: 'function handler() { while (true) {} }' });
    await subscribe(as, { template: { publicId: template.publicId }, kind: 'agentStatus' });

    t.server.built.events.domain.emit({
      type: 'AgentStatusChanged',
      companyId,
      agent: { publicId: agent.publicId },
      status: 'online',
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    const answer = await t.call('GET', 'BackendComponentTemplateList', as);
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    await settled(companyId);

    const [run] = await runsOf(template.publicId);
    expect(run).toMatchObject({ status: 'timeout', error: 'The function was stopped after 5 s' });
    expect(run!.duration_ms).toBeGreaterThanOrEqual(5000);
  });

  it('runs a schedule once per due minute, however often it is checked', async () => {
    const { as, companyId } = await setup();
    const template = await f.template(as, { code: 'function handler(message) { return message.type }' });
    await subscribe(as, { template: { publicId: template.publicId }, kind: 'schedule', cron: '* * * * *' });
    const now = new Date();
    await t.server.built.functions.dispatcher.runDueSchedules(now);
    await t.server.built.functions.dispatcher.runDueSchedules(new Date(now.getTime() + 1000));
    await settled(companyId);
    const runs = await runsOf(template.publicId);
    expect(runs).toEqual([expect.objectContaining({ status: 'ok', result: 'schedule' })]);
  });

  it("does not run a revoked share's subscriptions", async () => {
    const { as, agent, companyId } = await setup();
    const sharee = await f.reachableCompany({ company: { admin: { token: as.token } } });
    const template = await f.template(as, { code: 'function handler(message) { return message.status }' });
    const share = await f.share(as, template.publicId, sharee.publicId);
    await subscribe(sharee.as, { template: { publicId: template.publicId }, kind: 'agentStatus' });
    const announce = () =>
      t.server.built.events.domain.emit({
        type: 'AgentStatusChanged',
        companyId: sharee.companyId,
        agent: { publicId: agent.publicId },
        status: 'offline',
      });
    // The agent is the owner's, not the sharee's: a message naming it in the sharee's company is ignored.
    announce();
    await settled(sharee.companyId);
    expect(await runsOf(template.publicId)).toEqual([]);

    const shareeAgent = await f.agent(sharee.as);
    const announceOwn = () =>
      t.server.built.events.domain.emit({
        type: 'AgentStatusChanged',
        companyId: sharee.companyId,
        agent: { publicId: shareeAgent.publicId },
        status: 'offline',
      });
    announceOwn();
    await settled(sharee.companyId);
    expect(await runsOf(template.publicId)).toEqual([
      expect.objectContaining({ status: 'ok', result: 'offline', company_id: sharee.companyId }),
    ]);

    const revoked = await t.call('DELETE', `BackendComponentTemplateShare/${share.publicId}`, as);
    expect(revoked.status).toBe(200);
    announceOwn();
    await settled(sharee.companyId);
    expect(await runsOf(template.publicId)).toHaveLength(1);
    expect(companyId).not.toBe(sharee.companyId);
  });
});
