import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();

type Audience = { publicId: string; name: string; description: string | null; default: boolean };

async function setup() {
  const company = await t.newCompany();
  const as = { token: company.admin.token, company: company.publicId };
  return { company, as };
}

/** Audit entries in the order they were written, whatever order the trail lists them in. */
function oldestFirst<T extends { createdAt: string }>(data: unknown): T[] {
  return [...(data as T[])].sort((x, y) => x.createdAt.localeCompare(y.createdAt));
}

async function create(as: { token: string; company: string }, body: object) {
  const response = await t.call('POST', 'AudienceList', { ...as, body });
  expect(response.status).toBe(201);
  return response.body.data as Audience;
}

describe('AudienceList and Audience', () => {
  it('needs a token (401); any member reads, only the roles right writes (403)', async () => {
    const { company, as } = await setup();
    const audience = await create(as, { name: 'Operators' });
    const member = await t.newMember(company, ['users.invite']);
    const memberAs = { token: member.token, company: company.publicId };
    expect((await t.call('GET', 'AudienceList', { company: company.publicId })).status).toBe(401);
    expect(
      (await t.call('POST', 'AudienceList', { company: company.publicId, body: { name: 'x' } })).status,
    ).toBe(401);
    expect((await t.call('GET', 'AudienceList', memberAs)).body.data).toEqual([audience]);
    for (const [method, rel, body] of [
      ['POST', 'AudienceList', { name: 'Nope' }],
      ['PATCH', `Audience/${audience.publicId}`, { name: 'Nope' }],
      ['DELETE', `Audience/${audience.publicId}`, undefined],
      ['POST', `AudienceDefault/${audience.publicId}`, undefined],
      ['DELETE', `AudienceDefault/${audience.publicId}`, undefined],
    ] as const) {
      const response = await t.call(method, rel, { ...memberAs, body });
      expect(response.status, `${method} ${rel}`).toBe(403);
      expect(response.body.data).toEqual([{ message: 'Missing capability' }]);
    }
    expect(
      (await t.call('POST', `AudienceDefault/${audience.publicId}`, { company: company.publicId })).status,
    ).toBe(401);
  });

  it('creates, reads, renames and deletes', async () => {
    const { as } = await setup();
    const audience = await create(as, { name: '  Service partners ', description: 'External staff' });
    expect(audience).toEqual({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      name: 'Service partners',
      description: 'External staff',
      default: false,
    });
    const patched = await t.call('PATCH', `Audience/${audience.publicId}`, {
      ...as,
      body: { name: 'Partners', description: '' },
    });
    expect(patched.body.data).toEqual({ ...audience, name: 'Partners', description: null });
    const one = await t.call('GET', `Audience/${audience.publicId}`, {
      ...as,
      query: { fields: 'name,default' },
    });
    expect(one.body.data).toEqual({ publicId: audience.publicId, name: 'Partners', default: false });
    expect((await t.call('DELETE', `Audience/${audience.publicId}`, as)).status).toBe(200);
    expect((await t.call('GET', `Audience/${audience.publicId}`, as)).status).toBe(404);
    const audit = await t.call('GET', 'AuditLogList', {
      ...as,
      query: { filters: `eq(resource.publicId,"${audience.publicId}")`, fields: 'action,createdAt' },
    });
    expect(oldestFirst<{ action: string; createdAt: string }>(audit.body.data).map((e) => e.action)).toEqual([
      'CREATE',
      'UPDATE',
      'DELETE',
    ]);
  });

  it.each([
    [{}, 'name', 'Required property'],
    [{ name: '' }, 'name', 'Required property'],
    [{ name: '   ' }, 'name', 'Required property'],
    [{ name: 'x'.repeat(256) }, 'name', 'Too long: at most 255 characters'],
    [{ name: 'ok', description: 'x'.repeat(1001) }, 'description', 'Too long: at most 1000 characters'],
    [{ name: 'ok', default: true }, undefined, 'Unknown property: default'],
  ])('refuses %j', async (body, propertyName, message) => {
    const { as } = await setup();
    const response = await t.call('POST', 'AudienceList', { ...as, body });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([{ message, ...(propertyName ? { propertyName } : {}) }]);
  });

  it('accepts a name of exactly 255 characters', async () => {
    const { as } = await setup();
    expect((await create(as, { name: 'x'.repeat(255) })).name).toHaveLength(255);
  });

  it('keeps names unique in the company, ignoring case (NAME_ALREADY_IN_USE)', async () => {
    const { as } = await setup();
    const other = await setup();
    await create(as, { name: 'Operators' });
    await create(other.as, { name: 'Operators' });
    const taken = await t.call('POST', 'AudienceList', { ...as, body: { name: 'operators' } });
    expect(taken.status).toBe(409);
    expect(taken.body.data).toEqual([{ message: 'NAME_ALREADY_IN_USE', propertyName: 'name' }]);
    const second = await create(as, { name: 'Guests' });
    const rename = await t.call('PATCH', `Audience/${second.publicId}`, {
      ...as,
      body: { name: 'OPERATORS' },
    });
    expect(rename.status).toBe(409);
    const list = await t.call('POST', 'AudienceList', { ...as, body: [{ name: 'A' }, { name: 'a' }] });
    expect(list.status).toBe(409);
    expect(list.body.data).toEqual([{ message: 'NAME_ALREADY_IN_USE', propertyName: 'name', listIndex: 1 }]);
    const bad = await t.call('POST', 'AudienceList', { ...as, body: [{ name: 'B' }, { name: '' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([{ message: 'Required property', propertyName: 'name', listIndex: 1 }]);
    const names = (await t.call('GET', 'AudienceList', { ...as, query: { fields: 'name' } })).body.data;
    const anyId = expect.stringMatching(/^[0-9a-z]{12}$/);
    expect(names).toEqual([
      { publicId: anyId, name: 'Operators' },
      { publicId: anyId, name: 'Guests' },
    ]);
  });

  it("treats another company's audiences as not found", async () => {
    const mine = await setup();
    const theirs = await setup();
    const audience = await create(theirs.as, { name: 'Theirs' });
    const id = audience.publicId;
    expect((await t.call('GET', `Audience/${id}`, mine.as)).status).toBe(404);
    expect((await t.call('PATCH', `Audience/${id}`, { ...mine.as, body: { name: 'Mine' } })).status).toBe(
      404,
    );
    expect((await t.call('DELETE', `Audience/${id}`, mine.as)).status).toBe(404);
    expect((await t.call('POST', `AudienceDefault/${id}`, mine.as)).status).toBe(404);
    expect((await t.call('DELETE', `AudienceDefault/${id}`, mine.as)).status).toBe(404);
    expect((await t.call('GET', 'AudienceList', mine.as)).body.data).toEqual([]);
    expect((await t.call('GET', `Audience/${id}`, theirs.as)).body.data).toEqual(audience);
  });

  it('sets and unsets the single default', async () => {
    const { as } = await setup();
    const a = await create(as, { name: 'A' });
    const b = await create(as, { name: 'B' });
    const setA = await t.call('POST', `AudienceDefault/${a.publicId}`, as);
    expect(setA.status).toBe(200);
    expect(setA.body).toEqual({ type: 'AudienceDefault', status: 'success', data: { ...a, default: true } });
    await t.call('POST', `AudienceDefault/${b.publicId}`, as);
    const defaults = await t.call('GET', 'AudienceList', {
      ...as,
      query: { filters: 'eq(default,true)', fields: 'name' },
    });
    expect(defaults.body.data).toEqual([{ publicId: b.publicId, name: 'B' }]);

    // Setting it again changes nothing; unsetting one that is not the default neither.
    expect((await t.call('POST', `AudienceDefault/${b.publicId}`, as)).body.data).toMatchObject({
      default: true,
    });
    expect((await t.call('DELETE', `AudienceDefault/${a.publicId}`, as)).body.data).toMatchObject({
      default: false,
    });
    const unset = await t.call('DELETE', `AudienceDefault/${b.publicId}`, as);
    expect(unset.body.data).toEqual({ ...b, default: false });
    const all = (await t.call('GET', 'AudienceList', as)).body.data as Audience[];
    expect(all.map((x) => x.default)).toEqual([false, false]);
    const audit = await t.call('GET', 'AuditLogList', {
      ...as,
      query: { filters: `eq(resource.publicId,"${a.publicId}")`, fields: 'action,after,createdAt' },
    });
    const entries = oldestFirst<{ action: string; after: Audience; createdAt: string }>(audit.body.data);
    expect(entries.map((e) => [e.action, e.after.default])).toEqual([
      ['CREATE', false],
      ['UPDATE', true],
      ['UPDATE', false],
    ]);
  });

  it('refuses to delete an audience assigned to a member ("Audience is still in use")', async () => {
    const { as, company } = await setup();
    const audience = await create(as, { name: 'Assigned' });
    const member = await t.newMember(company);
    const assign = await t.call('PATCH', `UserMembership/${member.membershipPublicId}`, {
      ...as,
      body: { audience: { publicId: audience.publicId } },
    });
    expect(assign.status).toBe(200);
    const refused = await t.call('DELETE', `Audience/${audience.publicId}`, as);
    expect(refused.status).toBe(409);
    expect(refused.body.data).toEqual([{ message: 'Audience is still in use' }]);
    const spare = await create(as, { name: 'Spare' });
    const bulk = await t.call('DELETE', 'AudienceList', {
      ...as,
      body: [{ publicId: spare.publicId }, { publicId: audience.publicId }],
    });
    expect(bulk.status).toBe(409);
    expect(bulk.body.data).toEqual([{ message: 'Audience is still in use', listIndex: 1 }]);
    expect((await t.call('GET', `Audience/${spare.publicId}`, as)).status).toBe(200);
    await t.call('PATCH', `UserMembership/${member.membershipPublicId}`, { ...as, body: { audience: null } });
    expect((await t.call('DELETE', `Audience/${audience.publicId}`, as)).status).toBe(200);
  });
});
