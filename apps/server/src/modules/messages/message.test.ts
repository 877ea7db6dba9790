import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { InboxMessage } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { sendMessage } from './message.service.ts';

const t = useTestServer();

async function userId(publicId: string) {
  const row = await t.server.db
    .selectFrom('users')
    .select('id')
    .where('public_id', '=', publicId)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function companyId(publicId: string) {
  const row = await t.server.db
    .selectFrom('companies')
    .select('id')
    .where('public_id', '=', publicId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A user with `count` messages, sent one after the other (the last one is the newest). */
async function inbox(count: number) {
  const company = await t.newCompany();
  const user = company.admin;
  const id = await userId(user.publicId);
  const cid = await companyId(company.publicId);
  const sent: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const row = await sendMessage(t.server.db, {
      userId: id,
      companyId: i % 2 === 0 ? cid : null,
      subject: `Subject ${i}`,
      body: `Body ${i}`,
    });
    // Distinct times: two messages of the same millisecond have no defined order.
    await sql`update messages set created_at = ${new Date(Date.now() - (count - i) * 1000)} where id = ${row.id}`.execute(
      t.server.db,
    );
    sent.push(row.public_id);
  }
  return { user, company, sent, as: { token: user.token } };
}

const data = <T>(response: { body: { data: unknown } }) => response.body.data as T;

describe('MessageList', () => {
  it('needs a token (401)', async () => {
    expect((await t.call('GET', 'MessageList')).status).toBe(401);
    expect((await t.call('PATCH', 'MessageList', { body: [] })).status).toBe(401);
    expect((await t.call('GET', 'MessageUnreadCount')).status).toBe(401);
    expect((await t.call('GET', 'Message/abcdefabcdef')).status).toBe(401);
    expect((await t.call('PATCH', 'Message/abcdefabcdef', { body: { read: true } })).status).toBe(401);
  });

  it('lists only my messages, newest first, with their company', async () => {
    const mine = await inbox(3);
    await inbox(2);
    const response = await t.call('GET', 'MessageList', mine.as);
    expect(response.status).toBe(200);
    const messages = data<InboxMessage[]>(response);
    expect(messages.map((m) => m.publicId)).toEqual([...mine.sent].reverse());
    expect(messages[2]).toEqual({
      publicId: mine.sent[0],
      subject: 'Subject 0',
      body: 'Body 0',
      read: false,
      readAt: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      company: { publicId: mine.company.publicId, name: expect.any(String) },
    });
    expect(messages[1]!.company).toBeNull();
    expect(response.body.moreAfter).toBeNull();
  });

  it('pages with page-after, selects fields and filters by read and publicId', async () => {
    const { as, sent } = await inbox(5);
    const first = await t.call('GET', 'MessageList', {
      ...as,
      query: { 'page-size': '2', fields: 'subject' },
    });
    expect(data(first)).toEqual([
      { publicId: sent[4], subject: 'Subject 4' },
      { publicId: sent[3], subject: 'Subject 3' },
    ]);
    const second = await t.call('GET', 'MessageList', {
      ...as,
      query: { 'page-size': '2', 'page-after': first.body.moreAfter!, fields: 'subject' },
    });
    expect(data(second)).toEqual([
      { publicId: sent[2], subject: 'Subject 2' },
      { publicId: sent[1], subject: 'Subject 1' },
    ]);

    await t.call('PATCH', `Message/${sent[1]}`, { ...as, body: { read: true } });
    const unread = await t.call('GET', 'MessageList', {
      ...as,
      query: { filters: 'eq(read,false)', fields: 'publicId' },
    });
    expect(data<{ publicId: string }[]>(unread).map((m) => m.publicId)).not.toContain(sent[1]);
    expect(data<unknown[]>(unread)).toHaveLength(4);
    const read = await t.call('GET', 'MessageList', { ...as, query: { filters: 'eq(read,true)' } });
    expect(data<InboxMessage[]>(read).map((m) => m.publicId)).toEqual([sent[1]]);
    const byId = await t.call('GET', 'MessageList', {
      ...as,
      query: { filters: `eq(publicId,"${sent[3]}")`, fields: 'publicId' },
    });
    expect(data(byId)).toEqual([{ publicId: sent[3] }]);
  });

  it('rejects unknown fields, filters and bad paging with the parameter name (400)', async () => {
    const { as } = await inbox(1);
    const fields = await t.call('GET', 'MessageList', { ...as, query: { fields: 'nope' } });
    expect(fields.status).toBe(400);
    expect(data(fields)).toEqual([{ message: expect.any(String), propertyName: 'fields' }]);
    const filter = await t.call('GET', 'MessageList', { ...as, query: { filters: 'eq(read,"yes")' } });
    expect(filter.status).toBe(400);
    expect(data(filter)).toEqual([{ message: expect.any(String), propertyName: 'filters' }]);
    const size = await t.call('GET', 'MessageList', { ...as, query: { 'page-size': '0' } });
    expect(data(size)).toEqual([{ message: expect.any(String), propertyName: 'page-size' }]);
  });

  it('marks a list read in one transaction and counts the unread ones', async () => {
    const { as, sent } = await inbox(3);
    expect(data(await t.call('GET', 'MessageUnreadCount', as))).toEqual({ count: 3 });
    const response = await t.call('PATCH', 'MessageList', {
      ...as,
      body: [
        { publicId: sent[0], read: true },
        { publicId: sent[2], read: true },
      ],
    });
    expect(response.status).toBe(200);
    const changed = data<InboxMessage[]>(response);
    expect(changed.map((m) => [m.publicId, m.read])).toEqual([
      [sent[0], true],
      [sent[2], true],
    ]);
    expect(changed[0]!.readAt).toEqual(expect.stringMatching(/^\d{4}-/));
    expect(data(await t.call('GET', 'MessageUnreadCount', as))).toEqual({ count: 1 });
  });

  it('reports bad items of a list with propertyName and listIndex, and changes nothing', async () => {
    const { as, sent } = await inbox(2);
    const bad = await t.call('PATCH', 'MessageList', {
      ...as,
      body: [{ publicId: sent[0], read: true }, { publicId: sent[1] }, { publicId: sent[0], read: 'yes' }],
    });
    expect(bad.status).toBe(400);
    expect(data(bad)).toEqual([
      { message: 'Required property', propertyName: 'read', listIndex: 1 },
      { message: 'Invalid type: expected boolean', propertyName: 'read', listIndex: 2 },
    ]);
    const duplicate = await t.call('PATCH', 'MessageList', {
      ...as,
      body: [
        { publicId: sent[0], read: true },
        { publicId: sent[0], read: false },
      ],
    });
    expect(data(duplicate)).toEqual([{ message: 'Duplicate', propertyName: 'publicId', listIndex: 1 }]);
    const notAList = await t.call('PATCH', 'MessageList', { ...as, body: { publicId: sent[0], read: true } });
    expect(notAList.status).toBe(400);
    const empty = await t.call('PATCH', 'MessageList', { ...as, body: [] });
    expect(empty.status).toBe(400);
    expect(data(await t.call('GET', 'MessageUnreadCount', as))).toEqual({ count: 2 });
  });
});

describe('Message', () => {
  it('reads and marks one message read and unread again', async () => {
    const { as, sent } = await inbox(1);
    const id = sent[0]!;
    const read = await t.call('PATCH', `Message/${id}`, { ...as, body: { read: true } });
    expect(read.status).toBe(200);
    expect(data<InboxMessage>(read).read).toBe(true);
    const firstReadAt = data<InboxMessage>(read).readAt;
    // Reading again keeps the time it was first read.
    const again = await t.call('PATCH', `Message/${id}`, { ...as, body: { read: true } });
    expect(data<InboxMessage>(again).readAt).toBe(firstReadAt);
    expect(data(await t.call('GET', `Message/${id}`, { ...as, query: { fields: 'read,subject' } }))).toEqual({
      publicId: id,
      read: true,

      subject: 'Subject 0',
    });
    const unread = await t.call('PATCH', `Message/${id}`, { ...as, body: { read: false } });
    expect(data<InboxMessage>(unread)).toMatchObject({ read: false, readAt: null });
  });

  it('validates the patch with the property name (400)', async () => {
    const { as, sent } = await inbox(1);
    const missing = await t.call('PATCH', `Message/${sent[0]}`, { ...as, body: {} });
    expect(missing.status).toBe(400);
    expect(data(missing)).toEqual([{ message: 'Required property', propertyName: 'read' }]);
    const extra = await t.call('PATCH', `Message/${sent[0]}`, {
      ...as,
      body: { read: true, subject: 'Changed' },
    });
    expect(extra.status).toBe(400);
    expect(data(extra)).toEqual([{ message: 'Unknown property: subject' }]);
  });

  it("treats another user's message as not found (404), alone or in a list", async () => {
    const mine = await inbox(1);
    const theirs = await inbox(1);
    const id = theirs.sent[0]!;
    expect((await t.call('GET', `Message/${id}`, mine.as)).status).toBe(404);
    expect((await t.call('PATCH', `Message/${id}`, { ...mine.as, body: { read: true } })).status).toBe(404);
    const bulk = await t.call('PATCH', 'MessageList', {
      ...mine.as,
      body: [
        { publicId: mine.sent[0], read: true },
        { publicId: id, read: true },
      ],
    });
    expect(bulk.status).toBe(404);
    expect(data(bulk)).toEqual([{ message: 'Not found', listIndex: 1 }]);
    // Nothing changed on either side.
    expect(data(await t.call('GET', 'MessageUnreadCount', mine.as))).toEqual({ count: 1 });
    expect(data(await t.call('GET', 'MessageUnreadCount', theirs.as))).toEqual({ count: 1 });
    const filtered = await t.call('GET', 'MessageList', {
      ...mine.as,
      query: { filters: `eq(publicId,"${id}")` },
    });
    expect(data(filtered)).toEqual([]);
    expect((await t.call('GET', 'Message/not-an-id', mine.as)).status).toBe(404);
  });

  it('shows the same inbox whatever company is selected', async () => {
    const { as, company, sent } = await inbox(2);
    const withCompany = await t.call('GET', 'MessageList', { ...as, company: company.publicId });
    expect(data<unknown[]>(withCompany)).toHaveLength(sent.length);
  });
});
