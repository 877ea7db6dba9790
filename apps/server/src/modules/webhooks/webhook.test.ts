import { createHmac, randomBytes } from 'node:crypto';
import dns from 'node:dns';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebhookDelivery, WebhookWithSecret } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { startReceiver } from '../../../test/webhook-receiver.ts';

process.env.FLEETGATE_SECRET_KEY = randomBytes(32).toString('base64');

// The worker is off: deliveries here are sent by the Test route or in webhook-delivery.test.ts.
const t = useTestServer({ config: { webhooksAllowHttpLoopback: true }, webhookWorkerMs: false });
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

type As = { token: string; company: string };

async function setup() {
  const company = await t.newCompany();
  return { company, as: { token: company.admin.token, company: company.publicId } };
}

async function createWebhook(as: As, body: Record<string, unknown> = {}) {
  const response = await t.call('POST', 'WebhookList', {
    ...as,
    body: { name: `Hook ${t.unique()}`, url: receiver.url, eventTypes: ['AlarmRaised'], ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as WebhookWithSecret;
}

/** What a receiver does: recompute the HMAC over "<t>.<body>" and compare. */
function verify(secret: string, header: string, body: string) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return { valid: parts.v1 === expected, t: Number(parts.t) };
}

describe('WebhookList and Webhook', () => {
  it('needs a token (401) and the webhooks right (403)', async () => {
    const { company, as } = await setup();
    const hook = await createWebhook(as);
    const member = await t.newMember(company, ['mqttBrokers.manage']);
    const memberAs = { token: member.token, company: company.publicId };
    const calls: [string, string, unknown?][] = [
      ['GET', 'WebhookList'],
      ['GET', `Webhook/${hook.publicId}`],
      ['POST', 'WebhookList', { name: 'X', url: receiver.url }],
      ['PATCH', `Webhook/${hook.publicId}`, { name: 'X' }],
      ['DELETE', `Webhook/${hook.publicId}`],
      ['GET', `WebhookDeliveryList/${hook.publicId}`],
      ['POST', `WebhookTest/${hook.publicId}`],
      ['POST', `WebhookSecret/${hook.publicId}`],
    ];
    for (const [method, rel, body] of calls) {
      expect((await t.call(method, rel, { company: company.publicId, body })).status, rel).toBe(401);
      const refused = await t.call(method, rel, { ...memberAs, body });
      expect(refused.status, `${method} ${rel}`).toBe(403);
    }
    expect(receiver.received.length).toBe(0);
  });

  it("treats another company's webhook as not found", async () => {
    const mine = await setup();
    const theirs = await setup();
    const hook = await createWebhook(theirs.as);
    for (const [method, rel, body] of [
      ['GET', `Webhook/${hook.publicId}`],
      ['PATCH', `Webhook/${hook.publicId}`, { name: 'Mine now' }],
      ['DELETE', `Webhook/${hook.publicId}`],
      ['GET', `WebhookDeliveryList/${hook.publicId}`],
      ['POST', `WebhookTest/${hook.publicId}`],
      ['POST', `WebhookSecret/${hook.publicId}`],
    ] as [string, string, unknown?][]) {
      expect((await t.call(method, rel, { ...mine.as, body })).status, `${method} ${rel}`).toBe(404);
    }
    const list = await t.call('GET', 'WebhookList', mine.as);
    expect(list.body.data).toEqual([]);
  });

  it('returns the secret once, in the create and rotate answers, and never in reads or the audit trail', async () => {
    const { as } = await setup();
    const hook = await createWebhook(as, { eventTypes: ['TagSamples', 'AgentStatusChanged'] });
    expect(hook.secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(hook).toMatchObject({ enabled: true, eventTypes: ['TagSamples', 'AgentStatusChanged'] });
    const read = await t.call('GET', `Webhook/${hook.publicId}`, as);
    expect(read.body.data).not.toHaveProperty('secret');
    const { secret: _secret, ...stored } = hook;
    expect(read.body.data).toEqual(stored);
    const list = await t.call('GET', 'WebhookList', { ...as, query: { fields: '*' } });
    expect(JSON.stringify(list.body)).not.toContain(hook.secret);

    const rotated = await t.call('POST', `WebhookSecret/${hook.publicId}`, as);
    expect(rotated.status).toBe(200);
    const { secret } = rotated.body.data as { secret: string };
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(hook.secret);

    const audit = await t.server.db.selectFrom('audit_logs').select(['before', 'after']).execute();
    const trail = JSON.stringify(audit);
    expect(trail).not.toContain(hook.secret);
    expect(trail).not.toContain(secret);
    const row = await t.server.db
      .selectFrom('webhooks')
      .select('secret_sealed')
      .where('public_id', '=', hook.publicId)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret);
  });

  it('accepts only https targets, http only to loopback, and no private addresses (400 on url)', async () => {
    const { as } = await setup();
    const refused: [string, string][] = [
      ['http://example.com/hook', 'Only https addresses are allowed'],
      ['ftp://example.com/hook', 'Only https addresses are allowed'],
      ['http://10.0.0.5/hook', 'Only https addresses are allowed'],
      ['https://10.0.0.5/hook', 'Destination not allowed'],
      ['https://192.168.1.1/hook', 'Destination not allowed'],
      ['https://127.0.0.1/hook', 'Destination not allowed'],
      ['https://[::1]/hook', 'Destination not allowed'],
      ['https://169.254.169.254/latest', 'Destination not allowed'],
      ['https://user:pw@example.com/hook', 'Invalid value'],
      ['not a url', 'Invalid value'],
    ];
    for (const [url, message] of refused) {
      const response = await t.call('POST', 'WebhookList', { ...as, body: { name: 'X', url } });
      expect(response.status, url).toBe(400);
      expect(response.body.data, url).toEqual([{ message, propertyName: 'url' }]);
    }
    const hook = await createWebhook(as);
    const patched = await t.call('PATCH', `Webhook/${hook.publicId}`, {
      ...as,
      body: { url: 'https://10.1.2.3/' },
    });
    expect(patched.body.data).toEqual([{ message: 'Destination not allowed', propertyName: 'url' }]);
  });

  it('resolves a saved address before the write starts: a slow name holds up no other write', async () => {
    const { as } = await setup();
    const lookup = dns.promises.lookup.bind(dns.promises);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = () => {};
    const lookupStarted = new Promise<void>((resolve) => (asked = resolve));
    const spy = vi.spyOn(dns.promises, 'lookup').mockImplementation((async (
      host: string,
      options: object,
    ) => {
      if (host !== 'slow.localhost') return lookup(host, options as dns.LookupAllOptions);
      asked();
      await released;
      return [{ address: '127.0.0.1', family: 4 }];
    }) as typeof dns.promises.lookup);
    try {
      const port = new URL(receiver.url).port;
      const slow = t.call('POST', 'WebhookList', {
        ...as,
        body: { name: 'Slow', url: `http://slow.localhost:${port}/hook` },
      });
      await lookupStarted;
      // On PGlite a transaction held across the lookup would hold its only connection.
      const other = await Promise.race([
        t.call('POST', 'WebhookList', { ...as, body: { name: 'Other', url: receiver.url } }),
        new Promise<undefined>((resolve) => setTimeout(resolve, 5000)),
      ]);
      expect(other?.status).toBe(201);
      release();
      expect((await slow).status).toBe(201);
    } finally {
      release();
      spy.mockRestore();
    }
  });

  it('gives up on a change whose name never resolves: 400 on url, and no write waits meanwhile', async () => {
    const { as } = await setup();
    const hook = await createWebhook(as);
    const lookup = dns.promises.lookup.bind(dns.promises);
    let asked = () => {};
    const lookupStarted = new Promise<void>((resolve) => (asked = resolve));
    const spy = vi.spyOn(dns.promises, 'lookup').mockImplementation((async (
      host: string,
      options: object,
    ) => {
      if (host !== 'hangs.localhost') return lookup(host, options as dns.LookupAllOptions);
      asked();
      return new Promise<never>(() => {});
    }) as typeof dns.promises.lookup);
    try {
      const port = new URL(receiver.url).port;
      const hanging = t.call('PATCH', `Webhook/${hook.publicId}`, {
        ...as,
        body: { url: `http://hangs.localhost:${port}/hook` },
      });
      await lookupStarted;
      // A change of the same row would wait for its lock if the lookup ran inside the write.
      const other = await Promise.race([
        t.call('PATCH', `Webhook/${hook.publicId}`, { ...as, body: { name: 'Renamed meanwhile' } }),
        hanging.then(() => undefined),
      ]);
      expect(other?.status).toBe(200);
      const refused = await hanging;
      expect(refused.status).toBe(400);
      expect(refused.body.data).toEqual([{ message: 'Host not found', propertyName: 'url' }]);
      const kept = await t.call('GET', `Webhook/${hook.publicId}`, as);
      expect(kept.body.data).toMatchObject({ name: 'Renamed meanwhile', url: receiver.url });
    } finally {
      spy.mockRestore();
    }
  });

  it('names the item whose address is refused in a list create, and stores none of the list', async () => {
    const { as } = await setup();
    const response = await t.call('POST', 'WebhookList', {
      ...as,
      body: [
        { name: 'Good', url: receiver.url },
        { name: 'Bad', url: 'https://10.0.0.5/hook' },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([
      { message: 'Destination not allowed', propertyName: 'url', listIndex: 1 },
    ]);
    expect((await t.call('GET', 'WebhookList', as)).body.data).toEqual([]);
  });

  it('refuses unknown and repeated event types, a taken name, and more than 20 webhooks', async () => {
    const { as } = await setup();
    const bad = await t.call('POST', 'WebhookList', {
      ...as,
      body: { name: 'X', url: receiver.url, eventTypes: ['AlarmRaised', 'Nope'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([expect.objectContaining({ propertyName: 'eventTypes.1' })]);
    const twice = await t.call('POST', 'WebhookList', {
      ...as,
      body: { name: 'X', url: receiver.url, eventTypes: ['AlarmRaised', 'AlarmRaised'] },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.data).toEqual([expect.objectContaining({ propertyName: 'eventTypes' })]);

    const first = await createWebhook(as, { name: 'Same' });
    const taken = await t.call('POST', 'WebhookList', { ...as, body: { name: 'same', url: receiver.url } });
    expect(taken.status).toBe(409);
    for (let i = 1; i < 20; i += 1) await createWebhook(as);
    const over = await t.call('POST', 'WebhookList', {
      ...as,
      body: { name: 'One more', url: receiver.url },
    });
    expect(over.status).toBe(409);
    expect(over.body.data).toEqual([{ message: 'Too many webhooks' }]);
    await t.call('DELETE', `Webhook/${first.publicId}`, as);
    await createWebhook(as);
  });

  it('changes, disables and deletes a webhook', async () => {
    const { as } = await setup();
    const hook = await createWebhook(as);
    const patched = await t.call('PATCH', `Webhook/${hook.publicId}`, {
      ...as,
      body: { name: 'Renamed', enabled: false, eventTypes: [] },
    });
    expect(patched.body.data).toMatchObject({ name: 'Renamed', enabled: false, eventTypes: [] });
    expect((await t.call('DELETE', `Webhook/${hook.publicId}`, as)).status).toBe(200);
    expect((await t.call('GET', `Webhook/${hook.publicId}`, as)).status).toBe(404);
  });

  it('limits saves that name an address (each is resolved) per user: 429 past 30 a minute', async () => {
    const { as } = await setup();
    const hook = await createWebhook(as);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const changed = await t.call('PATCH', `Webhook/${hook.publicId}`, {
        ...as,
        body: { url: `${receiver.url}?n=${i}` },
      });
      statuses.push(changed.status);
    }
    // The create spent one: the 30th change is over the budget, and nothing was saved by it.
    expect(statuses.slice(0, 29).every((status) => status === 200)).toBe(true);
    const refused = await t.call('PATCH', `Webhook/${hook.publicId}`, {
      ...as,
      body: { url: `${receiver.url}?x` },
    });
    expect([statuses[29], refused.status]).toEqual([429, 429]);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    const kept = await t.call('GET', `Webhook/${hook.publicId}`, as);
    expect((kept.body.data as { url: string }).url).toBe(`${receiver.url}?n=28`);
    // Changes that name no address are not counted.
    const renamed = await t.call('PATCH', `Webhook/${hook.publicId}`, {
      ...as,
      body: { name: 'Still fine' },
    });
    expect(renamed.status).toBe(200);
  });
});

describe('WebhookTest and WebhookDeliveryList', () => {
  it('sends a signed ping at once that a receiver can verify, and lists it', async () => {
    const { company, as } = await setup();
    const hook = await createWebhook(as);
    const before = receiver.received.length;
    const tested = await t.call('POST', `WebhookTest/${hook.publicId}`, as);
    expect(tested.status).toBe(200);
    const delivery = tested.body.data as WebhookDelivery;
    expect(delivery).toMatchObject({ type: 'ping', state: 'delivered', attempts: 1, responseStatus: 200 });
    expect(delivery.responseSnippet!.length).toBe(1024);

    const request = receiver.received[before]!;
    expect(request.headers['fleetgate-event']).toBe('ping');
    expect(request.headers['fleetgate-delivery']).toBe(delivery.publicId);
    expect(request.headers['content-type']).toBe('application/json');
    const signature = verify(hook.secret, String(request.headers['fleetgate-signature']), request.body);
    expect(signature.valid).toBe(true);
    expect(Math.abs(signature.t - Date.now() / 1000)).toBeLessThan(10);
    expect(verify('whsec_other', String(request.headers['fleetgate-signature']), request.body).valid).toBe(
      false,
    );
    expect(JSON.parse(request.body)).toEqual({
      id: delivery.publicId,
      type: 'ping',
      createdOn: delivery.createdOn,
      company: { publicId: company.publicId },
      data: { webhook: { publicId: hook.publicId } },
    });

    // After a rotation the receiver verifies with the new secret only.
    const rotated = await t.call('POST', `WebhookSecret/${hook.publicId}`, as);
    const { secret } = rotated.body.data as { secret: string };
    await t.call('POST', `WebhookTest/${hook.publicId}`, as);
    const second = receiver.received.at(-1)!;
    expect(verify(secret, String(second.headers['fleetgate-signature']), second.body).valid).toBe(true);
    expect(verify(hook.secret, String(second.headers['fleetgate-signature']), second.body).valid).toBe(false);

    const list = await t.call('GET', `WebhookDeliveryList/${hook.publicId}`, {
      ...as,
      query: { 'page-size': '1' },
    });
    expect(list.status).toBe(200);
    const [newest] = list.body.data as WebhookDelivery[];
    expect(newest!.publicId).not.toBe(delivery.publicId);
    expect(list.body.moreAfter).not.toBeNull();
    const rest = await t.call('GET', `WebhookDeliveryList/${hook.publicId}`, {
      ...as,
      query: { 'page-after': list.body.moreAfter!, fields: 'state' },
    });
    expect(rest.body.data).toEqual([{ publicId: delivery.publicId, state: 'delivered' }]);
  });

  it('records a refused answer as pending with the status and a capped snippet', async () => {
    const { as } = await setup();
    const hook = await createWebhook(as);
    receiver.answer(500);
    try {
      const tested = await t.call('POST', `WebhookTest/${hook.publicId}`, as);
      const delivery = tested.body.data as WebhookDelivery;
      expect(delivery).toMatchObject({ state: 'pending', attempts: 1, responseStatus: 500 });
      expect(delivery.responseSnippet).toMatch(/^answer 500 x+$/);
      expect(delivery.responseSnippet!.length).toBe(1024);
      expect(Date.parse(delivery.nextAttemptOn!) - Date.parse(delivery.lastAttemptOn!)).toBe(30_000);
    } finally {
      receiver.answer(200);
    }
  });
});
