import { describe, expect, it } from 'vitest';
import type { LiveEvent, Translation } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();

describe('TranslationList', () => {
  async function setup() {
    const company = await t.newCompany();
    const admin = { token: company.admin.token, company: company.publicId };
    const plain = await t.newMember(company, []);
    const member = { token: plain.token, company: company.publicId };
    return { company, admin, member };
  }

  async function create(as: { token: string; company: string }, body: unknown) {
    const response = await t.call('POST', 'TranslationList', { ...as, body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data as Translation[];
  }

  it('creates many, and any member reads them with fields *,languages(*)', async () => {
    const { admin, member } = await setup();
    const created = await create(admin, [
      { key: 'users.title', languages: { en: 'People', de: 'Leute' } },
      { key: 'GROUP_TYPE_PLC', languages: { en: 'Controller', 'pt-BR': 'Controlador' } },
    ]);
    expect(created).toEqual([
      {
        publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
        key: 'users.title',
        languages: { en: 'People', de: 'Leute' },
      },
      {
        publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
        key: 'GROUP_TYPE_PLC',
        languages: { en: 'Controller', 'pt-BR': 'Controlador' },
      },
    ]);
    const listed = await t.call('GET', 'TranslationList', { ...member, query: { fields: '*,languages(*)' } });
    expect(listed.status).toBe(200);
    // Rows of one insert may share a millisecond: the list is then in publicId order.
    expect(listed.body.data).toHaveLength(2);
    expect(listed.body.data).toEqual(expect.arrayContaining(created));
    const keysOnly = await t.call('GET', 'TranslationList', {
      ...member,
      query: { fields: 'key', filters: 'eq(key,"users.title")' },
    });
    expect(keysOnly.body.data).toEqual([{ publicId: created[0]!.publicId, key: 'users.title' }]);
    const paged = await t.call('GET', 'TranslationList', { ...member, query: { 'page-size': '1' } });
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.moreAfter).toEqual(expect.any(String));
    const unknownField = await t.call('GET', 'TranslationList', { ...member, query: { fields: 'text' } });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.data).toEqual([expect.objectContaining({ propertyName: 'fields' })]);
  });

  it('answers every error of a batch at once: missing English, bad key and duplicate (400)', async () => {
    const { admin } = await setup();
    const response = await t.call('POST', 'TranslationList', {
      ...admin,
      body: [
        { key: 'users.title', languages: { de: 'Benutzer' } },
        { key: 'bad key!', languages: { en: 'Bad' } },
        { key: 'twice', languages: { en: 'One' } },
        { key: 'twice', languages: { en: 'Two' } },
        { languages: { en: 'No key' } },
        { key: 'noLanguages' },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      type: 'Error',
      status: 'error',
      data: [
        { message: 'Required language missing: en', propertyName: 'languages', listIndex: 0 },
        { message: 'Value does not match regex expression', propertyName: 'key', listIndex: 1 },
        { message: 'Duplicate', propertyName: 'key', listIndex: 3 },
        { message: 'Required property', propertyName: 'key', listIndex: 4 },
        { message: 'Required property', propertyName: 'languages', listIndex: 5 },
      ],
    });
    const listed = await t.call('GET', 'TranslationList', admin);
    expect(listed.body.data).toEqual([]);
  });

  it('answers 409 for duplicates alone, and for a key the company already has', async () => {
    const { admin } = await setup();
    const dup = await t.call('POST', 'TranslationList', {
      ...admin,
      body: [
        { key: 'a', languages: { en: 'A' } },
        { key: 'a', languages: { en: 'A2' } },
      ],
    });
    expect(dup.status).toBe(409);
    expect(dup.body.data).toEqual([{ message: 'Duplicate', propertyName: 'key', listIndex: 1 }]);

    await create(admin, [{ key: 'a', languages: { en: 'A' } }]);
    const again = await t.call('POST', 'TranslationList', {
      ...admin,
      body: [
        { key: 'b', languages: { en: 'B' } },
        { key: 'a', languages: { en: 'A again' } },
      ],
    });
    expect(again.status).toBe(409);
    expect(again.body.data).toEqual([{ message: 'Duplicate', propertyName: 'key', listIndex: 1 }]);
    // All or nothing: "b" was not stored either.
    const listed = await t.call('GET', 'TranslationList', { ...admin, query: { fields: 'key' } });
    expect((listed.body.data as Translation[]).map((x) => x.key)).toEqual(['a']);
  });

  it('keys are per company: another company may use the same key', async () => {
    const one = await setup();
    const two = await setup();
    await create(one.admin, [{ key: 'shared.key', languages: { en: 'One' } }]);
    await create(two.admin, [{ key: 'shared.key', languages: { en: 'Two' } }]);
    const listed = await t.call('GET', 'TranslationList', two.member);
    expect((listed.body.data as Translation[]).map((x) => x.languages.en)).toEqual(['Two']);
  });

  it('patches many: languages replaces the map, English stays required, keys stay unique', async () => {
    const { admin } = await setup();
    const [a, b] = await create(admin, [
      { key: 'a', languages: { en: 'A', de: 'A-de' } },
      { key: 'b', languages: { en: 'B' } },
    ]);
    const changed = await t.call('PATCH', 'TranslationList', {
      ...admin,
      body: [
        { publicId: a!.publicId, languages: { en: 'A2', fr: 'A-fr' } },
        { publicId: b!.publicId, key: 'b.renamed' },
      ],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual([
      { publicId: a!.publicId, key: 'a', languages: { en: 'A2', fr: 'A-fr' } },
      { publicId: b!.publicId, key: 'b.renamed', languages: { en: 'B' } },
    ]);

    const noEnglish = await t.call('PATCH', 'TranslationList', {
      ...admin,
      body: [{ publicId: a!.publicId, languages: { de: 'nur Deutsch' } }],
    });
    expect(noEnglish.status).toBe(400);
    expect(noEnglish.body.data).toEqual([
      { message: 'Required language missing: en', propertyName: 'languages', listIndex: 0 },
    ]);

    const taken = await t.call('PATCH', 'TranslationList', {
      ...admin,
      body: [{ publicId: a!.publicId, key: 'b.renamed' }],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.data).toEqual([{ message: 'Duplicate', propertyName: 'key', listIndex: 0 }]);

    // Two translations may swap their keys in one batch.
    const swapped = await t.call('PATCH', 'TranslationList', {
      ...admin,
      body: [
        { publicId: a!.publicId, key: 'b.renamed' },
        { publicId: b!.publicId, key: 'a' },
      ],
    });
    expect(swapped.status).toBe(200);
    expect((swapped.body.data as Translation[]).map((x) => x.key)).toEqual(['b.renamed', 'a']);
  });

  it('deletes by a body list of publicId', async () => {
    const { admin } = await setup();
    const [a, b] = await create(admin, [
      { key: 'a', languages: { en: 'A' } },
      { key: 'b', languages: { en: 'B' } },
    ]);
    const deleted = await t.call('DELETE', 'TranslationList', {
      ...admin,
      body: [{ publicId: a!.publicId }],
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual([{ publicId: a!.publicId }]);
    const listed = await t.call('GET', 'TranslationList', { ...admin, query: { fields: 'key' } });
    expect(listed.body.data).toEqual([{ publicId: b!.publicId, key: 'b' }]);
    const badBody = await t.call('DELETE', 'TranslationList', {
      ...admin,
      body: [{ publicId: b!.publicId, key: 'x' }, { id: 1 }],
    });
    expect(badBody.status).toBe(400);
    expect(badBody.body.data).toEqual([
      { message: 'Unknown property', propertyName: 'key', listIndex: 0 },
      { message: 'Unknown property', propertyName: 'id', listIndex: 1 },
      { message: 'Required property', propertyName: 'publicId', listIndex: 1 },
    ]);
  });

  it("answers 404 with the listIndex for another company's or unknown ids, changing nothing", async () => {
    const mine = await setup();
    const theirs = await setup();
    const [own] = await create(mine.admin, [{ key: 'own', languages: { en: 'Own' } }]);
    const [foreign] = await create(theirs.admin, [{ key: 'foreign', languages: { en: 'Foreign' } }]);

    const patch = await t.call('PATCH', 'TranslationList', {
      ...mine.admin,
      body: [
        { publicId: own!.publicId, languages: { en: 'Changed' } },
        { publicId: foreign!.publicId, languages: { en: 'Hijacked' } },
        { publicId: 'zzzzzzzzzzzz', languages: { en: 'Nobody' } },
      ],
    });
    expect(patch.status).toBe(404);
    expect(patch.body.data).toEqual([
      { message: 'Not found', propertyName: 'publicId', listIndex: 1 },
      { message: 'Not found', propertyName: 'publicId', listIndex: 2 },
    ]);
    const remove = await t.call('DELETE', 'TranslationList', {
      ...mine.admin,
      body: [{ publicId: own!.publicId }, { publicId: foreign!.publicId }],
    });
    expect(remove.status).toBe(404);
    expect(remove.body.data).toEqual([{ message: 'Not found', propertyName: 'publicId', listIndex: 1 }]);
    const item = await t.call('GET', `Translation/${foreign!.publicId}`, mine.admin);
    expect(item.status).toBe(404);

    const theirList = await t.call('GET', 'TranslationList', theirs.admin);
    expect(theirList.body.data).toEqual([foreign]);
    const myList = await t.call('GET', 'TranslationList', mine.admin);
    expect(myList.body.data).toEqual([own]);
  });

  it('needs a token (401), membership and the translations right to change (403)', async () => {
    const { company, admin, member } = await setup();
    const body = [{ key: 'x', languages: { en: 'X' } }];
    expect((await t.call('GET', 'TranslationList', { company: company.publicId })).status).toBe(401);
    expect((await t.call('POST', 'TranslationList', { company: company.publicId, body })).status).toBe(401);
    for (const method of ['POST', 'PATCH', 'DELETE']) {
      const response = await t.call(method, 'TranslationList', { ...member, body });
      expect(response.status, method).toBe(403);
      expect(response.body.data).toEqual([{ message: 'Missing capability' }]);
    }
    const manager = await t.newMember(company, ['translations.manage']);
    const created = await t.call('POST', 'TranslationList', {
      token: manager.token,
      company: company.publicId,
      body,
    });
    expect(created.status).toBe(201);
    const outsider = await t.newUser('Outsider');
    const read = await t.call('GET', 'TranslationList', { token: outsider.token, company: company.publicId });
    expect([403, 404]).toContain(read.status);
    const noCompany = await t.call('GET', 'TranslationList', { token: admin.token });
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.data).toEqual([expect.objectContaining({ propertyName: 'Api-Company' })]);
  });

  it('audits every change and tells the company live', async () => {
    const { company, admin } = await setup();
    const seen: LiveEvent[] = [];
    const companyRow = await t.server.db
      .selectFrom('companies')
      .select('id')
      .where('public_id', '=', company.publicId)
      .executeTakeFirstOrThrow();
    const stop = t.server.built.events.listen(({ audience, event }) => {
      if ('companyId' in audience && audience.companyId === companyRow.id) seen.push(event);
    });
    try {
      const [x] = await create(admin, [{ key: 'x', languages: { en: 'X' } }]);
      await t.call('PATCH', 'TranslationList', {
        ...admin,
        body: [{ publicId: x!.publicId, languages: { en: 'Y' } }],
      });
      await t.call('DELETE', 'TranslationList', { ...admin, body: [{ publicId: x!.publicId }] });
      const rows = await t.server.db
        .selectFrom('audit_logs')
        .select(['action', 'resource_rel', 'before', 'after'])
        .where('resource_public_id', '=', x!.publicId)
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { action: 'CREATE', resource_rel: 'Translation', before: null, after: { ...x } },
        {
          action: 'UPDATE',
          resource_rel: 'Translation',
          before: { ...x },
          after: { ...x, languages: { en: 'Y' } },
        },
        {
          action: 'DELETE',
          resource_rel: 'Translation',
          before: { ...x, languages: { en: 'Y' } },
          after: null,
        },
      ]);
      const failed = await t.call('POST', 'TranslationList', { ...admin, body: [{ key: 'bad key' }] });
      expect(failed.status).toBe(400);
      expect(seen).toEqual(
        Array.from({ length: 3 }, () => ({
          type: 'TranslationsChanged',
          data: { company: { publicId: company.publicId } },
        })),
      );
    } finally {
      stop();
    }
  });
});
