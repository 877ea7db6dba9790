import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookWithSecret } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { startReceiver } from '../../../test/webhook-receiver.ts';
import { runWebhookDeliveriesOnce, startWebhookWorker } from '../../jobs/webhook-delivery.job.ts';
import { ApiError } from '../../http/errors.ts';
import type { WebhookDeliveryDeps } from './webhook-delivery.service.ts';
import { enqueueWebhookCall } from './webhook-call.ts';
import { webhookSecretBox, webhookTargetPolicy } from './webhook.routes.ts';

process.env.FLEETGATE_SECRET_KEY = randomBytes(32).toString('base64');

// No worker of the server's own: each test runs one by hand, with the clock it needs.
const t = useTestServer({ config: { webhooksAllowHttpLoopback: true }, webhookWorkerMs: false });
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let deps: WebhookDeliveryDeps;
beforeAll(async () => {
  receiver = await startReceiver();
  deps = {
    db: t.server.db,
    box: webhookSecretBox(t.server.config),
    policy: webhookTargetPolicy(t.server.config),
  };
});
afterAll(() => receiver.close());

type As = { token: string; company: string };

async function setup() {
  const company = await t.newCompany();
  const row = await t.server.db
    .selectFrom('companies')
    .select('id')
    .where('public_id', '=', company.publicId)
    .executeTakeFirstOrThrow();
  return { company, id: row.id, as: { token: company.admin.token, company: company.publicId } };
}

async function createWebhook(as: As, eventTypes: string[]) {
  // Its own path, so the test tells its requests from others'.
  const url = `${receiver.url}/${t.unique()}`;
  const response = await t.call('POST', 'WebhookList', {
    ...as,
    body: { name: `Hook ${t.unique()}`, url, eventTypes },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as WebhookWithSecret;
}

async function deliveries(as: As, hook: { publicId: string }) {
  const response = await t.call('GET', `WebhookDeliveryList/${hook.publicId}`, as);
  return response.body.data as WebhookDelivery[];
}

const sentTo = (hook: { url: string }) =>
  receiver.received.filter((request) => hook.url.endsWith(request.path));

/** Waits until the domain event's listener has queued what it queues. */
async function settle(as: As, hook: { publicId: string }, count: number) {
  for (let i = 0; i < 50 && (await deliveries(as, hook)).length < count; i += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('webhook deliveries', () => {
  it('delivers the domain events a webhook chose, once, to its company only; samples as one batch', async () => {
    const mine = await setup();
    const theirs = await setup();
    const status = await createWebhook(mine.as, ['AgentStatusChanged', 'TagSamples']);
    const alarms = await createWebhook(mine.as, ['AlarmRaised']);
    const other = await createWebhook(theirs.as, ['AgentStatusChanged']);
    const domain = t.server.built.events.domain;
    domain.emit({
      type: 'AgentStatusChanged',
      companyId: mine.id,
      agent: { publicId: 'agent0000001' },
      status: 'online',
    });
    domain.emit({
      type: 'TagSamples',
      companyId: mine.id,
      agent: { publicId: 'agent0000001' },
      samples: [1, 2, 3].map((value) => ({
        tag: { publicId: 'tag000000001' },
        time: new Date(value).toISOString(),
        value,
      })),
      depth: 0,
    });
    await settle(mine.as, status, 2);
    const before = receiver.received.length;
    expect(await runWebhookDeliveriesOnce(deps, new Date(), mine.id)).toBe(2);
    expect(await runWebhookDeliveriesOnce(deps, new Date(), mine.id)).toBe(0);
    const got = receiver.received
      .slice(before)
      .map((request) => JSON.parse(request.body) as Record<string, unknown>);
    expect(got.map((body) => body.type).sort()).toEqual(['AgentStatusChanged', 'TagSamples']);
    expect(got.find((body) => body.type === 'AgentStatusChanged')).toMatchObject({
      company: { publicId: mine.company.publicId },
      data: { agent: { publicId: 'agent0000001' }, status: 'online' },
    });
    expect(got.find((body) => body.type === 'TagSamples')!.data).toMatchObject({
      samples: [{ value: 1 }, { value: 2 }, { value: 3 }],
    });
    expect(JSON.stringify(got)).not.toMatch(/companyId|depth/);
    expect(await deliveries(mine.as, alarms)).toEqual([]);
    expect(await deliveries(theirs.as, other)).toEqual([]);
    const [newest] = await deliveries(mine.as, status);
    expect(newest).toMatchObject({ state: 'delivered', attempts: 1, responseStatus: 200 });
  });

  it('queues for a webhook added or enabled after the company was known to have none', async () => {
    const mine = await setup();
    const domain = t.server.built.events.domain;
    const online = () =>
      domain.emit({
        type: 'AgentStatusChanged',
        companyId: mine.id,
        agent: { publicId: 'agent0000002' },
        status: 'online',
      });
    // Every process hears of a change in the moment after it commits.
    const heard = () => new Promise((resolve) => setTimeout(resolve, 100));
    online();
    await heard();
    const hook = await createWebhook(mine.as, ['AgentStatusChanged']);
    const disabled = await t.call('PATCH', `Webhook/${hook.publicId}`, {
      ...mine.as,
      body: { enabled: false },
    });
    expect(disabled.status).toBe(200);
    await heard();
    online();
    await heard();
    expect(await deliveries(mine.as, hook)).toEqual([]);
    const enabled = await t.call('PATCH', `Webhook/${hook.publicId}`, {
      ...mine.as,
      body: { enabled: true },
    });
    expect(enabled.status).toBe(200);
    await heard();
    online();
    await settle(mine.as, hook, 1);
    expect(await deliveries(mine.as, hook)).toHaveLength(1);
  });

  it('retries with doubling delays up to an hour and gives up 24 hours after creation', async () => {
    const { id, as } = await setup();
    const hook = await createWebhook(as, ['AlarmRaised']);
    await enqueueWebhookCall(t.server.db, id, hook.publicId, { reading: 1 });
    receiver.answer(503);
    try {
      const [created] = await deliveries(as, hook);
      const start = Date.parse(created!.createdOn);
      let now = new Date(start);
      const delays: number[] = [];
      for (;;) {
        await runWebhookDeliveriesOnce(deps, now, id);
        const [delivery] = await deliveries(as, hook);
        if (delivery!.state !== 'pending') break;
        const next = Date.parse(delivery!.nextAttemptOn!);
        delays.push((next - now.getTime()) / 1000);
        // Not due a moment before its time.
        expect(await runWebhookDeliveriesOnce(deps, new Date(next - 1), id)).toBe(0);
        now = new Date(next);
      }
      expect(delays.slice(0, 9)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
      expect(delays.every((delay) => delay <= 3600)).toBe(true);
      const [failed] = await deliveries(as, hook);
      expect(failed).toMatchObject({
        state: 'failed',
        responseStatus: 503,
        attempts: delays.length + 1,
        nextAttemptOn: null,
      });
      expect(Date.parse(failed!.finishedOn!) - start).toBeLessThanOrEqual(24 * 3600 * 1000);
      expect(now.getTime() + 3600 * 1000 - start).toBeGreaterThan(24 * 3600 * 1000);
      expect(sentTo(hook).length).toBe(delays.length + 1);
    } finally {
      receiver.answer(200);
    }
  });

  it('sends a delivery once when two workers race for it', async () => {
    const { id, as } = await setup();
    const hook = await createWebhook(as, []);
    for (let i = 0; i < 12; i += 1) await enqueueWebhookCall(t.server.db, id, hook.publicId, { i });
    const counts = await Promise.all([
      runWebhookDeliveriesOnce(deps, new Date(), id),
      runWebhookDeliveriesOnce({ ...deps }, new Date(), id),
    ]);
    expect(counts[0] + counts[1]).toBe(12);
    const ids = sentTo(hook).map((request) => request.headers['fleetgate-delivery']);
    expect(ids.length).toBe(12);
    expect(new Set(ids).size).toBe(12);
    expect((await deliveries(as, hook)).every((delivery) => delivery.state === 'delivered')).toBe(true);
  });

  it('checks the target again when sending: a refused address is an attempt that failed', async () => {
    const { id, as } = await setup();
    const hook = await createWebhook(as, []);
    await enqueueWebhookCall(t.server.db, id, hook.publicId, {});
    await runWebhookDeliveriesOnce(
      { ...deps, policy: { allowPrivate: false, allowHttpLoopback: false } },
      new Date(),
      id,
    );
    const [delivery] = await deliveries(as, hook);
    expect(delivery).toMatchObject({
      state: 'pending',
      attempts: 1,
      responseStatus: null,
      error: 'Destination not allowed',
    });
    expect(sentTo(hook)).toEqual([]);
  });

  it('enqueueWebhookCall refuses unknown and foreign webhooks, and skips disabled ones', async () => {
    const mine = await setup();
    const theirs = await setup();
    const hook = await createWebhook(theirs.as, []);
    const call = enqueueWebhookCall(t.server.db, mine.id, hook.publicId, {});
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 404 });
    await expect(enqueueWebhookCall(t.server.db, mine.id, 'nosuchhook00', {})).rejects.toMatchObject({
      status: 404,
    });
    await t.call('PATCH', `Webhook/${hook.publicId}`, { ...theirs.as, body: { enabled: false } });
    await enqueueWebhookCall(t.server.db, theirs.id, hook.publicId, {});
    expect(await deliveries(theirs.as, hook)).toEqual([]);
  });

  it('the running worker sends a queued delivery at once, without waiting for its poll', async () => {
    const { id, as } = await setup();
    const hook = await createWebhook(as, []);
    const stop = startWebhookWorker(
      deps,
      (error) => {
        throw error;
      },
      60_000,
    );
    try {
      const started = Date.now();
      await enqueueWebhookCall(t.server.db, id, hook.publicId, { prompt: true });
      for (let i = 0; i < 100 && sentTo(hook).length === 0; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(sentTo(hook).length).toBe(1);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await stop();
    }
  });
});
