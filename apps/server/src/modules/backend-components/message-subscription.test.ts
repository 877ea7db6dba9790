import { describe, expect, it } from 'vitest';
import {
  backendComponentErrors,
  errorMessages,
  type BackendComponentMessageSubscription,
} from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import {
  backendComponentFixtures,
  errorsOf,
  useOwnSecretKey,
  type As,
} from './backend-components.test-support.ts';
import { findScheduledSubscriptions, findSubscriptionsFor } from './subscription-match.ts';

useOwnSecretKey();
const t = useTestServer();
const f = backendComponentFixtures(t);
const list = 'BackendComponentMessageSubscriptionList';

async function subscribe(as: As, body: Record<string, unknown>) {
  const response = await t.call('POST', list, { ...as, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as BackendComponentMessageSubscription;
}

async function withAgentAndTags() {
  const owner = await f.company();
  const template = await f.template(owner.as);
  const agent = await f.agent(owner.as);
  const tags = [await f.tag(agent, 'Temperature'), await f.tag(agent, 'Pressure')];
  return { ...owner, template, agent, tags, ref: { publicId: template.publicId } };
}

describe('BackendComponentMessageSubscriptionList and BackendComponentMessageSubscription', () => {
  it('needs a token (401) and the right (403)', async () => {
    const { company, as, ref } = await withAgentAndTags();
    const subscription = await subscribe(as, { template: ref, kind: 'agentStatus' });
    const { as: memberAs } = await f.member(company, ['dataLogging.manage']);
    const calls: [string, string, unknown?][] = [
      ['GET', list],
      ['POST', list, { template: ref, kind: 'agentStatus' }],
      ['PATCH', `BackendComponentMessageSubscription/${subscription.publicId}`, { enabled: false }],
      ['DELETE', `BackendComponentMessageSubscription/${subscription.publicId}`],
    ];
    for (const [method, rel, body] of calls) {
      expect((await t.call(method, rel, { company: company.publicId, body })).status).toBe(401);
      expect((await t.call(method, rel, { ...memberAs, body })).status).toBe(403);
    }
  });

  it('subscribes to tag samples of an agent and finds the subscription for those tags only', async () => {
    const { as, companyId, ref, agent, tags, template } = await withAgentAndTags();
    const created = await subscribe(as, {
      template: ref,
      kind: 'tagSamples',
      agent: { publicId: agent.publicId },
      tags: [{ publicId: tags[0]!.publicId }],
    });
    expect(created).toMatchObject({
      kind: 'tagSamples',
      template: { publicId: template.publicId, name: template.name },
      agent: { publicId: agent.publicId, name: agent.name },
      tags: [{ publicId: tags[0]!.publicId, name: 'Temperature' }],
      cron: null,
      enabled: true,
    });
    const read = await t.call('GET', list, { ...as, query: { fields: 'publicId,company,template' } });
    expect(read.body.data).toEqual([
      { publicId: created.publicId, company: created.company, template: created.template },
    ]);

    const matched = await findSubscriptionsFor(t.server.db, companyId, 'tagSamples', {
      agentId: agent.id,
      tagIds: [tags[0]!.id, tags[1]!.id],
    });
    expect(matched).toMatchObject([
      { subscriptionPublicId: created.publicId, tagIds: [tags[0]!.id], code: template.code },
    ]);
    expect(
      await findSubscriptionsFor(t.server.db, companyId, 'tagSamples', { tagIds: [tags[1]!.id] }),
    ).toEqual([]);

    await t.call('PATCH', `BackendComponentMessageSubscription/${created.publicId}`, {
      ...as,
      body: { enabled: false },
    });
    expect(
      await findSubscriptionsFor(t.server.db, companyId, 'tagSamples', { tagIds: [tags[0]!.id] }),
    ).toEqual([]);
  });

  it('checks tags: required for tag samples, of the agent, by listIndex', async () => {
    const { as, ref, agent, tags } = await withAgentAndTags();
    const otherAgent = await f.agent(as);
    const foreignTag = await f.tag(otherAgent);
    const base = { template: ref, kind: 'tagSamples', agent: { publicId: agent.publicId } };

    const noAgent = await t.call('POST', list, {
      ...as,
      body: { template: ref, kind: 'tagSamples', tags: [] },
    });
    expect(noAgent.status).toBe(400);
    expect(errorsOf(noAgent)[0]?.propertyName).toBe('agent');
    const noTags = await t.call('POST', list, { ...as, body: base });
    expect(noTags.status).toBe(400);
    expect(errorsOf(noTags)).toEqual([{ message: errorMessages.required, propertyName: 'tags' }]);
    const tooMany = await t.call('POST', list, {
      ...as,
      body: { ...base, tags: Array.from({ length: 101 }, () => ({ publicId: tags[0]!.publicId })) },
    });
    expect(tooMany.status).toBe(400);
    expect(errorsOf(tooMany)[0]?.propertyName).toBe('tags');

    const foreign = await t.call('POST', list, {
      ...as,
      body: {
        ...base,
        tags: [
          { publicId: tags[0]!.publicId },
          { publicId: foreignTag.publicId },
          { publicId: 'zzzzzzzzzzzz' },
        ],
      },
    });
    expect(foreign.status).toBe(404);
    expect(errorsOf(foreign)).toEqual([
      { message: errorMessages.notFound, propertyName: 'tags.publicId', listIndex: 1 },
      { message: errorMessages.notFound, propertyName: 'tags.publicId', listIndex: 2 },
    ]);
    const repeated = await t.call('POST', list, {
      ...as,
      body: { ...base, tags: [{ publicId: tags[0]!.publicId }, { publicId: tags[0]!.publicId }] },
    });
    expect(repeated.status).toBe(400);
    expect(errorsOf(repeated)).toEqual([
      { message: errorMessages.duplicate, propertyName: 'tags', listIndex: 1 },
    ]);

    const stranger = await f.company();
    const strangerAgent = await f.agent(stranger.as);
    const otherCompanysAgent = await t.call('POST', list, {
      ...as,
      body: { template: ref, kind: 'agentStatus', agent: { publicId: strangerAgent.publicId } },
    });
    expect(otherCompanysAgent.status).toBe(404);
    expect(errorsOf(otherCompanysAgent)).toEqual([
      { message: errorMessages.notFound, propertyName: 'agent.publicId' },
    ]);
    const tagsOnOtherKind = await t.call('POST', list, {
      ...as,
      body: { template: ref, kind: 'alarmRaised', tags: [{ publicId: tags[0]!.publicId }] },
    });
    expect(tagsOnOtherKind.status).toBe(400);
    expect(errorsOf(tagsOnOtherKind)[0]?.propertyName).toBe('tags');
  });

  it('checks schedules: a valid five-field cron, nothing else', async () => {
    const { as, companyId, ref } = await withAgentAndTags();
    for (const cron of ['61 * * * *', '* * *', '0 0 * * * *', '@hourly', '0 0 31 2 *', 'every minute']) {
      const response = await t.call('POST', list, { ...as, body: { template: ref, kind: 'schedule', cron } });
      expect(response.status, cron).toBe(400);
      expect(errorsOf(response), cron).toEqual([
        { message: backendComponentErrors.cronInvalid, propertyName: 'cron' },
      ]);
    }
    const missing = await t.call('POST', list, { ...as, body: { template: ref, kind: 'schedule' } });
    expect(errorsOf(missing)).toEqual([{ message: errorMessages.required, propertyName: 'cron' }]);
    const cronOnOtherKind = await t.call('POST', list, {
      ...as,
      body: { template: ref, kind: 'agentStatus', cron: '* * * * *' },
    });
    expect(cronOnOtherKind.status).toBe(400);

    const created = await subscribe(as, { template: ref, kind: 'schedule', cron: '*/5 * * * 1-5' });
    expect(created.cron).toBe('*/5 * * * 1-5');
    const patched = await t.call('PATCH', `BackendComponentMessageSubscription/${created.publicId}`, {
      ...as,
      body: { cron: '99 * * * *' },
    });
    expect(patched.status).toBe(400);
    expect(errorsOf(patched)[0]?.propertyName).toBe('cron');
    const schedules = await findScheduledSubscriptions(t.server.db);
    expect(schedules.filter((s) => s.companyId === companyId)).toMatchObject([{ cron: '*/5 * * * 1-5' }]);
  });

  it('subscribes only to own or shared templates, and only with the app installed', async () => {
    const { as } = await withAgentAndTags();
    const stranger = await f.company();
    const theirs = await f.template(stranger.as);
    const foreign = await t.call('POST', list, {
      ...as,
      body: { template: { publicId: theirs.publicId }, kind: 'alarmRaised' },
    });
    expect(foreign.status).toBe(404);
    expect(errorsOf(foreign)).toEqual([
      { message: errorMessages.notFound, propertyName: 'template.publicId' },
    ]);

    const unprovisioned = await f.company(false);
    const response = await t.call('POST', list, {
      ...unprovisioned.as,
      body: { template: { publicId: theirs.publicId }, kind: 'alarmRaised' },
    });
    expect(response.status).toBe(403);
    expect(errorsOf(response)).toEqual([{ message: backendComponentErrors.notProvisioned }]);
  });

  it("treats another company's subscription as not found", async () => {
    const { as, ref } = await withAgentAndTags();
    const subscription = await subscribe(as, { template: ref, kind: 'accessRequestDecided' });
    const other = await f.company();
    const path = `BackendComponentMessageSubscription/${subscription.publicId}`;
    expect((await t.call('PATCH', path, { ...other.as, body: { enabled: false } })).status).toBe(404);
    expect((await t.call('DELETE', path, other.as)).status).toBe(404);
    expect((await t.call('GET', list, other.as)).body.data).toEqual([]);
    expect((await t.call('DELETE', path, as)).status).toBe(200);
  });
});
