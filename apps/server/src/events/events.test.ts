import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/harness.ts';

/** Reads server-sent events from an open stream until `count` events arrived or the time is up. */
async function readEvents(response: Response, count: number, timeoutMs = 3000) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: { type: string; data: unknown }[] = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  while (events.length < count && Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<{ done: true; value: undefined }>((resolve) =>
        setTimeout(() => resolve({ done: true, value: undefined }), deadline - Date.now()),
      ),
    ]);
    if (chunk.done) break;
    buffer += chunk.value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const type = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (type && data) events.push({ type, data: JSON.parse(data) });
    }
  }
  await reader.cancel();
  return events;
}

describe('live events (/api/events)', () => {
  const t = useTestServer();

  function open(token: string | undefined, company: string | undefined) {
    const headers: Record<string, string> = { 'Api-Version': '2' };
    if (company !== undefined) headers['Api-Company'] = company;
    if (token) headers.Authorization = `Bearer ${token}`;
    return fetch(new URL('/api/events', t.server.baseUrl), { headers });
  }

  async function companyId(publicId: string) {
    const row = await t.server.db
      .selectFrom('companies')
      .select('id')
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function userId(publicId: string) {
    const row = await t.server.db
      .selectFrom('users')
      .select('id')
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('is listed in discovery', async () => {
    const discovery = await t.call('GET', '/api');
    const rels = (discovery.body.data as { rel: string }[]).map((entry) => entry.rel);
    expect(rels).toContain('Events');
  });

  it('refuses a caller without a token (401) and a company they are not in (404)', async () => {
    const company = await t.newCompany();
    const other = await t.newCompany();
    expect((await open(undefined, company.publicId)).status).toBe(401);
    const foreign = await open(company.admin.token, other.publicId);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { data: { propertyName: string }[] }).data[0]!.propertyName).toBe(
      'Api-Company',
    );
  });

  it('needs Api-Company: no stream in a default company (400 naming the header)', async () => {
    const company = await t.newCompany();
    const response = await open(company.admin.token, undefined);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      type: 'Error',
      status: 'error',
      data: [{ message: 'No company selected', propertyName: 'Api-Company' }],
    });
  });

  it("delivers a company's events to its members only, and user events to the named users only", async () => {
    const company = await t.newCompany();
    const member = await t.newMember(company, []);
    const other = await t.newCompany();
    const adminStream = await open(company.admin.token, company.publicId);
    const memberStream = await open(member.token, company.publicId);
    const otherStream = await open(other.admin.token, other.publicId);
    expect(adminStream.headers.get('content-type')).toContain('text/event-stream');

    const events = t.server.built.events;
    // Wait until all three streams are subscribed before publishing.
    for (let i = 0; i < 50 && events.subscriberCount < 3; i++) await new Promise((r) => setTimeout(r, 20));
    await events.publish(
      { companyId: await companyId(company.publicId) },
      { type: 'AgentStatusChanged', data: { publicId: 'abcdefabcdef', status: 'online' } },
    );
    await events.publish(
      { userIds: [await userId(member.publicId)] },
      { type: 'MessageCreated', data: { publicId: '123456123456' } },
    );

    const [adminEvents, memberEvents, otherEvents] = await Promise.all([
      readEvents(adminStream, 1, 1500),
      readEvents(memberStream, 2),
      readEvents(otherStream, 1, 500),
    ]);
    expect(adminEvents).toEqual([
      { type: 'AgentStatusChanged', data: { publicId: 'abcdefabcdef', status: 'online' } },
    ]);
    expect(memberEvents.map((event) => event.type)).toEqual(['AgentStatusChanged', 'MessageCreated']);
    expect(otherEvents).toEqual([]);
  });

  /** Resolves true when the server ends the stream within `timeoutMs`, false when it is still open. */
  async function streamEnds(response: Response, timeoutMs: number) {
    const reader = response.body!.getReader();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), left)),
      ]);
      if (chunk === 'open') break;
      if (chunk.done) return true;
    }
    await reader.cancel();
    return false;
  }

  async function subscribed(count: number) {
    const events = t.server.built.events;
    for (let i = 0; i < 100 && events.subscriberCount < count; i++)
      await new Promise((r) => setTimeout(r, 20));
  }

  it("ends a member's stream as soon as the member is removed, not when the stream would have ended", async () => {
    const company = await t.newCompany();
    const member = await t.newMember(company, []);
    const before = t.server.built.events.subscriberCount;
    const stream = await open(member.token, company.publicId);
    expect(stream.status).toBe(200);
    await subscribed(before + 1);
    const removed = await t.call('DELETE', `UserMembership/${member.membershipPublicId}`, {
      token: company.admin.token,
      company: company.publicId,
    });
    expect(removed.status).toBe(200);
    expect(await streamEnds(stream, 3000)).toBe(true);
  });

  it('ends the stream at an end date given to the membership after the stream opened', async () => {
    const company = await t.newCompany();
    const member = await t.newMember(company, []);
    const before = t.server.built.events.subscriberCount;
    const stream = await open(member.token, company.publicId);
    await subscribed(before + 1);
    const expiresOn = new Date(Date.now() + 1500).toISOString();
    const set = await t.call('PATCH', `UserMembership/${member.membershipPublicId}`, {
      token: company.admin.token,
      company: company.publicId,
      body: { expiresOn },
    });
    expect(set.status).toBe(200);
    expect(await streamEnds(stream, 5000)).toBe(true);
  });
});
