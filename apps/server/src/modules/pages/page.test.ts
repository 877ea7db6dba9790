import { describe, expect, it } from 'vitest';
import {
  pageErrors,
  type LiveEvent,
  type Page,
  type PageComponent,
  type PageExportFile,
  type PageVersion,
} from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { agentFixtures, type As } from '../agents/agent.test-support.ts';
import { findCompanyPage } from './page.service.ts';

const t = useTestServer();
const f = agentFixtures(t);

async function createPage(as: As, body: object) {
  const response = await t.call('POST', 'PageList', { ...as, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as Page;
}

async function createDraft(as: As, page: string, body: object = {}) {
  const response = await t.call('POST', `PageVersionList/${page}`, { ...as, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as PageVersion;
}

async function publish(as: As, page: string) {
  const response = await t.call('POST', `PageDraft/${page}`, { ...as, body: { publicId: page } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as Page;
}

async function readPage(as: As, page: string) {
  const response = await t.call('GET', `Page/${page}`, as);
  expect(response.status).toBe(200);
  return response.body.data as Page;
}

const component = (id: string, extra: object = {}) => ({
  id,
  kind: 'lineChart',
  x: 0,
  y: 0,
  w: 6,
  h: 4,
  tags: [{ name: 'temperature' }],
  ...extra,
});

const errorOf = (response: { body: { data: unknown } }) =>
  (response.body.data as { message: string; propertyName?: string; listIndex?: number }[])[0];

async function createAsset(as: As, name: string, agent: string | null) {
  const type = await t.call('POST', 'AssetTypeList', { ...as, body: { name: `Type ${t.unique()}` } });
  const response = await t.call('POST', 'AssetList', {
    ...as,
    body: {
      name,
      assetType: { publicId: (type.body.data as { publicId: string }).publicId },
      ...(agent ? { agent: { publicId: agent } } : {}),
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body.data as { publicId: string }).publicId;
}

describe('PageList and Page', () => {
  it('creates a page with no version, lists, reads with fields, changes its links and deletes it', async () => {
    const { as } = await f.setup();
    const agent = await f.createAgent(as, { name: 'Press' });
    const group = await f.createGroup(as, 'Site');
    const page = await createPage(as, { title: 'Overview', agents: [{ publicId: agent.publicId }] });
    expect(page).toEqual({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      title: 'Overview',
      kind: 'dashboard',
      default: false,
      draftVersion: null,
      publishedVersion: null,
      agents: [{ publicId: agent.publicId, name: 'Press' }],
      assets: [],
      group: null,
      createdOn: expect.any(String),
    });
    await createPage(as, { title: 'Monthly', kind: 'report' });
    const list = await t.call('GET', 'PageList', {
      ...as,
      query: { fields: 'title,kind', 'page-size': '1' },
    });
    expect(list.body.data).toEqual([{ publicId: page.publicId, title: 'Overview', kind: 'dashboard' }]);
    const rest = await t.call('GET', 'PageList', {
      ...as,
      query: { fields: 'title', 'page-after': list.body.moreAfter! },
    });
    expect((rest.body.data as Page[]).map((p) => p.title)).toEqual(['Monthly']);
    const filtered = await t.call('GET', 'PageList', { ...as, query: { filters: 'eq(kind,"report")' } });
    expect((filtered.body.data as Page[]).map((p) => p.title)).toEqual(['Monthly']);
    const one = await t.call('GET', `Page/${page.publicId}`, { ...as, query: { fields: 'agents.name' } });
    expect(one.body.data).toEqual({
      publicId: page.publicId,
      agents: [{ publicId: agent.publicId, name: 'Press' }],
    });

    const patched = await t.call('PATCH', `Page/${page.publicId}`, {
      ...as,
      body: { kind: 'report', agents: [], group: { publicId: group } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      kind: 'report',
      agents: [],
      group: { publicId: group, name: 'Site' },
    });

    expect((await t.call('DELETE', `Page/${page.publicId}`, as)).status).toBe(200);
    expect((await t.call('GET', `Page/${page.publicId}`, as)).status).toBe(404);
  });

  it('answers 400 with propertyName, 401, 403 and 404 for another company', async () => {
    const { company, as } = await f.setup();
    const bad = await t.call('POST', 'PageList', { ...as, body: { title: '' } });
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toMatchObject({ propertyName: 'title' });
    const unknownAgent = await t.call('POST', 'PageList', {
      ...as,
      body: { title: 'x', agents: [{ publicId: 'aaaaaaaaaaaa' }] },
    });
    expect(unknownAgent.status).toBe(404);
    expect(errorOf(unknownAgent)).toMatchObject({ propertyName: 'agents.publicId', listIndex: 0 });
    const unknownGroup = await t.call('POST', 'PageList', {
      ...as,
      body: { title: 'x', group: { publicId: 'aaaaaaaaaaaa' } },
    });
    expect(unknownGroup.status).toBe(404);
    expect(errorOf(unknownGroup)).toMatchObject({ propertyName: 'group.publicId' });
    const badFields = await t.call('GET', 'PageList', { ...as, query: { fields: 'nope' } });
    expect(badFields.status).toBe(400);

    const page = await createPage(as, { title: 'Overview' });
    for (const [method, path] of [
      ['GET', 'PageList'],
      ['POST', 'PageList'],
      ['GET', `Page/${page.publicId}`],
      ['POST', `PageVersionList/${page.publicId}`],
      ['DELETE', `PageVersion/${page.publicId}`],
      ['POST', `PageDraft/${page.publicId}`],
      ['GET', `PageExport/${page.publicId}`],
      ['POST', 'PageImport'],
      ['GET', `AgentPageList/${page.publicId}`],
    ] as const) {
      const body = method === 'GET' ? undefined : {};
      const anonymous = await t.call(method, path, { company: company.publicId, body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
    const reader = await t.newMember(company, ['agents.connect']);
    const readerAs = { token: reader.token, company: company.publicId };
    for (const [method, path, body] of [
      ['POST', 'PageList', { title: 'x' }],
      ['PATCH', `Page/${page.publicId}`, { kind: 'report' }],
      ['DELETE', `Page/${page.publicId}`, undefined],
      ['POST', `PageVersionList/${page.publicId}`, {}],
      ['POST', `PageDefault/${page.publicId}`, undefined],
      ['POST', `PageDuplicate/${page.publicId}`, undefined],
      ['POST', `PageDraft/${page.publicId}`, { publicId: page.publicId }],
      ['POST', 'PageImport', {}],
      ['PATCH', `PageVersion/${page.publicId}`, { title: 'x' }],
      ['DELETE', `PageVersion/${page.publicId}`, undefined],
    ] as const) {
      expect((await t.call(method, path, { ...readerAs, body })).status, `${method} ${path}`).toBe(403);
    }

    const other = await f.setup();
    for (const [method, path, body] of [
      ['GET', `Page/${page.publicId}`, undefined],
      ['PATCH', `Page/${page.publicId}`, { kind: 'report' }],
      ['DELETE', `Page/${page.publicId}`, undefined],
      ['POST', `PageVersionList/${page.publicId}`, {}],
      ['POST', `PageDraft/${page.publicId}`, { publicId: page.publicId }],
      ['POST', `PageDuplicate/${page.publicId}`, undefined],
      ['POST', `PageDefault/${page.publicId}`, undefined],
      ['GET', `PageExport/${page.publicId}`, undefined],
    ] as const) {
      expect((await t.call(method, path, { ...other.as, body })).status, `${method} ${path}`).toBe(404);
    }
    const draft = await createDraft(as, page.publicId);
    expect((await t.call('GET', `PageVersion/${draft.publicId}`, other.as)).status).toBe(404);
    expect(
      (await t.call('PATCH', `PageVersion/${draft.publicId}`, { ...other.as, body: { title: 'x' } })).status,
    ).toBe(404);
    expect((await t.call('DELETE', `PageVersion/${draft.publicId}`, other.as)).status).toBe(404);
    const otherAgent = await f.createAgent(other.as, { name: 'Elsewhere' });
    expect((await t.call('GET', `AgentPageList/${otherAgent.publicId}`, as)).status).toBe(404);
    const otherAssetId = await createAsset(other.as, 'Elsewhere', otherAgent.publicId);
    expect((await t.call('GET', `AssetPageList/${otherAssetId}`, as)).status).toBe(404);
    // Another company's agent cannot be linked either.
    const foreign = await t.call('PATCH', `Page/${page.publicId}`, {
      ...as,
      body: { agents: [{ publicId: otherAgent.publicId }] },
    });
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign)).toMatchObject({ propertyName: 'agents.publicId', listIndex: 0 });
  });
});

describe('Page versions: the state rules', () => {
  it('no version → an empty draft with the defaults; a second draft is a conflict', async () => {
    const { as } = await f.setup();
    const page = await createPage(as, { title: 'Line 1' });
    const draft = await createDraft(as, page.publicId, { custom: { glbMatIcon: 'dashboard' } });
    expect(draft).toEqual({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      title: 'Line 1',
      custom: { glbMatIcon: 'dashboard' },
      group: null,
      periodSpec: 'today',
      components: [],
      pagePages: [],
      previewAgent: null,
      previewAsset: null,
      createdOn: expect.any(String),
      updatedOn: expect.any(String),
    });
    expect((await readPage(as, page.publicId)).draftVersion?.publicId).toBe(draft.publicId);
    const again = await t.call('POST', `PageVersionList/${page.publicId}`, { ...as, body: {} });
    expect(again.status).toBe(409);
    expect(errorOf(again)?.message).toBe(pageErrors.draftExists);
    // Backwards, longer than a chart reads (366 days), or beyond the instants samples are read at.
    for (const periodSpec of [
      'custom:2026-02-01/2026-01-01',
      'custom:2025-01-01T00:00:00Z/2026-01-03T00:00:00Z',
      'custom:0001-01-01T00:00:00Z/9999-12-31T23:59:59Z',
      'custom:9999-12-31T00:00:00Z/+010000-01-01T00:00:00Z',
      'custom:1969-12-31T00:00:00Z/1970-01-02T00:00:00Z',
    ]) {
      const badPeriod = await t.call('POST', `PageVersionList/${page.publicId}`, {
        ...as,
        body: { periodSpec },
      });
      expect(badPeriod.status, periodSpec).toBe(400);
      expect(errorOf(badPeriod)).toMatchObject({ propertyName: 'periodSpec' });
    }
  });

  it('edits a draft, publishes it, copies the published version into a new draft and publishes again', async () => {
    const { as } = await f.setup();
    const agent = await f.createAgent(as, { name: 'Press' });
    const sub = await createPage(as, { title: 'Details' });
    const group = await f.createGroup(as, 'Site');
    const page = await createPage(as, { title: 'Line 1' });
    const draft = await createDraft(as, page.publicId, { title: 'Line one', periodSpec: 'last7d' });
    const patched = await t.call('PATCH', `PageVersion/${draft.publicId}`, {
      ...as,
      body: {
        components: [
          component('a'),
          component('b', { kind: 'text', text: '# Hello', tags: undefined, x: 6 }),
        ],
        pagePages: [{ publicId: sub.publicId }],
        previewAgent: { publicId: agent.publicId },
        group: { publicId: group },
      },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data).toMatchObject({
      title: 'Line one',
      periodSpec: 'last7d',
      pagePages: [{ publicId: sub.publicId, title: null }],
      previewAgent: { publicId: agent.publicId, name: 'Press' },
      group: { publicId: group, name: 'Site' },
    });
    expect((patched.body.data as PageVersion).components.map((c) => c.id)).toEqual(['a', 'b']);

    const published = await publish(as, page.publicId);
    expect(published.draftVersion).toBeNull();
    expect(published.publishedVersion).toEqual(patched.body.data);

    // Published only: the new draft is a copy, with its own publicId; the body overrides.
    const copy = await createDraft(as, page.publicId, { title: 'Line one v2' });
    expect(copy.publicId).not.toBe(draft.publicId);
    expect(copy).toMatchObject({
      title: 'Line one v2',
      periodSpec: 'last7d',
      components: published.publishedVersion!.components,
      pagePages: [{ publicId: sub.publicId, title: null }],
      previewAgent: { publicId: agent.publicId },
      group: { publicId: group },
    });

    // A published version cannot be changed or discarded.
    const notDraft = await t.call('PATCH', `PageVersion/${draft.publicId}`, { ...as, body: { title: 'x' } });
    expect(notDraft.status).toBe(409);
    expect(errorOf(notDraft)?.message).toBe(pageErrors.notDraft);
    expect((await t.call('DELETE', `PageVersion/${draft.publicId}`, as)).status).toBe(409);

    const republished = await publish(as, page.publicId);
    expect(republished.publishedVersion).toMatchObject({ publicId: copy.publicId, title: 'Line one v2' });
    // The previous published version is gone.
    expect((await t.call('GET', `PageVersion/${draft.publicId}`, as)).status).toBe(404);
    expect((await t.call('GET', `PageVersion/${copy.publicId}`, as)).status).toBe(200);
  });

  it('discards a draft; publish and discard without a draft fail with "Page has no draft version"', async () => {
    const { as } = await f.setup();
    const page = await createPage(as, { title: 'Line 1' });
    const noDraft = await t.call('POST', `PageDraft/${page.publicId}`, {
      ...as,
      body: { publicId: page.publicId },
    });
    expect(noDraft.status).toBe(409);
    expect(errorOf(noDraft)?.message).toBe(pageErrors.noDraft);

    const draft = await createDraft(as, page.publicId);
    const discarded = await t.call('DELETE', `PageVersion/${draft.publicId}`, as);
    expect(discarded.status).toBe(200);
    expect((await readPage(as, page.publicId)).draftVersion).toBeNull();
    expect((await t.call('GET', `PageVersion/${draft.publicId}`, as)).status).toBe(404);
    // Discarding it again: the version is gone.
    expect((await t.call('DELETE', `PageVersion/${draft.publicId}`, as)).status).toBe(404);
    // Discarding through the page names why it cannot.
    const discardNone = await t.call('DELETE', `PageVersion/${page.publicId}`, as);
    expect(discardNone.status).toBe(409);
    expect(errorOf(discardNone)?.message).toBe(pageErrors.noDraft);
    expect(
      errorOf(
        await t.call('POST', `PageDraft/${page.publicId}`, { ...as, body: { publicId: page.publicId } }),
      )?.message,
    ).toBe(pageErrors.noDraft);

    // A published page's draft is discarded, the published version stays.
    await createDraft(as, page.publicId);
    const published = await publish(as, page.publicId);
    // With no draft, the published version's id says so too.
    const publishedOnly = await t.call('DELETE', `PageVersion/${published.publishedVersion!.publicId}`, as);
    expect(publishedOnly.status).toBe(409);
    expect(errorOf(publishedOnly)?.message).toBe(pageErrors.noDraft);
    const second = await createDraft(as, page.publicId, { title: 'Changed' });
    expect((await t.call('DELETE', `PageVersion/${second.publicId}`, as)).status).toBe(200);
    const after = await readPage(as, page.publicId);
    expect(after.draftVersion).toBeNull();
    expect(after.publishedVersion).toEqual(published.publishedVersion);
    // The page's publicId names its draft.
    const third = await createDraft(as, page.publicId, { title: 'Third' });
    const byPage = await t.call('DELETE', `PageVersion/${page.publicId}`, as);
    expect(byPage.status).toBe(200);
    expect(byPage.body.data).toEqual({ publicId: third.publicId });
    expect((await readPage(as, page.publicId)).draftVersion).toBeNull();
  });

  it('checks the publish body, the components and the references of a draft', async () => {
    const { as } = await f.setup();
    const page = await createPage(as, { title: 'Line 1' });
    const other = await createPage(as, { title: 'Other' });
    // The spec's create body names the page; another page is refused.
    const wrongPage = await t.call('POST', `PageVersionList/${page.publicId}`, {
      ...as,
      body: { page: { publicId: other.publicId }, title: 'x' },
    });
    expect(wrongPage.status).toBe(400);
    expect(errorOf(wrongPage)).toMatchObject({ propertyName: 'page' });
    const draft = await createDraft(as, page.publicId, {
      page: { publicId: page.publicId },
      title: 'Line 1',
      custom: { glbMatIcon: 'factory' },
      group: null,
      periodSpec: 'today',
    });
    expect(draft).toMatchObject({ title: 'Line 1', custom: { glbMatIcon: 'factory' }, periodSpec: 'today' });
    const mismatch = await t.call('POST', `PageDraft/${page.publicId}`, {
      ...as,
      body: { publicId: other.publicId },
    });
    expect(mismatch.status).toBe(400);
    expect(errorOf(mismatch)).toMatchObject({ propertyName: 'publicId' });
    expect((await t.call('POST', `PageDraft/${page.publicId}`, { ...as, body: {} })).status).toBe(400);

    const patch = (body: object) => t.call('PATCH', `PageVersion/${draft.publicId}`, { ...as, body });
    const self = await patch({ pagePages: [{ publicId: other.publicId }, { publicId: page.publicId }] });
    expect(self.status).toBe(400);
    expect(errorOf(self)).toMatchObject({ propertyName: 'pagePages', listIndex: 1 });
    const unknown = await patch({ pagePages: [{ publicId: 'aaaaaaaaaaaa' }] });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ propertyName: 'pagePages.publicId', listIndex: 0 });
    const badKind = await patch({ components: [component('a', { kind: 'pie' })] });
    expect(badKind.status).toBe(400);
    expect(errorOf(badKind)).toMatchObject({ propertyName: 'components.0.kind' });
    const duplicateIds = await patch({ components: [component('a'), component('a')] });
    expect(errorOf(duplicateIds)).toMatchObject({ propertyName: 'components.id', listIndex: 1 });
    const tooWide = await patch({ components: [component('a', { x: 8, w: 6 })] });
    expect(errorOf(tooWide)).toMatchObject({ propertyName: 'components.w', listIndex: 0 });
    const preview = await patch({ previewAgent: { publicId: 'aaaaaaaaaaaa' } });
    expect(preview.status).toBe(404);
    expect(errorOf(preview)).toMatchObject({ propertyName: 'previewAgent.publicId' });
    const previewAsset = await patch({ previewAsset: { publicId: 'aaaaaaaaaaaa' } });
    expect(previewAsset.status).toBe(404);
    expect(errorOf(previewAsset)).toMatchObject({ propertyName: 'previewAsset.publicId' });
    // Nothing was stored by the failed changes.
    expect((await readPage(as, page.publicId)).draftVersion).toEqual(draft);
  });
});

describe('PageDuplicate, PageDefault', () => {
  it('duplicates only a published page, into a new page with a copy of the published version', async () => {
    const { as } = await f.setup();
    const agent = await f.createAgent(as, { name: 'Press' });
    const page = await createPage(as, { title: 'Line 1', agents: [{ publicId: agent.publicId }] });
    const refused = await t.call('POST', `PageDuplicate/${page.publicId}`, as);
    expect(refused.status).toBe(409);
    expect(errorOf(refused)?.message).toBe(pageErrors.noPublished);
    const draft = await createDraft(as, page.publicId);
    await t.call('PATCH', `PageVersion/${draft.publicId}`, { ...as, body: { components: [component('a')] } });
    // A draft alone is not enough.
    expect((await t.call('POST', `PageDuplicate/${page.publicId}`, as)).status).toBe(409);
    const published = await publish(as, page.publicId);

    const duplicated = await t.call('POST', `PageDuplicate/${page.publicId}`, as);
    expect(duplicated.status).toBe(201);
    const copy = duplicated.body.data as Page;
    expect(copy.publicId).not.toBe(page.publicId);
    expect(copy).toMatchObject({
      title: 'Line 1 (copy)',
      draftVersion: null,
      agents: [{ publicId: agent.publicId }],
      default: false,
    });
    expect(copy.publishedVersion?.publicId).not.toBe(published.publishedVersion?.publicId);
    const { publicId: _a, createdOn: _b, updatedOn: _c, ...content } = published.publishedVersion!;
    expect(copy.publishedVersion).toMatchObject(content);
  });

  it('keeps one default page per company', async () => {
    const { as } = await f.setup();
    const first = await createPage(as, { title: 'First' });
    const second = await createPage(as, { title: 'Second' });
    const marked = await t.call('POST', `PageDefault/${first.publicId}`, as);
    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({ default: true });
    await t.call('POST', `PageDefault/${second.publicId}`, as);
    expect((await readPage(as, first.publicId)).default).toBe(false);
    expect((await readPage(as, second.publicId)).default).toBe(true);
    const defaults = await t.call('GET', 'PageList', { ...as, query: { filters: 'eq(default,true)' } });
    expect((defaults.body.data as Page[]).map((p) => p.publicId)).toEqual([second.publicId]);
    // Several at once still leave exactly one default.
    const many = await Promise.all([1, 2, 3, 4].map((n) => createPage(as, { title: `Page ${n}` })));
    const answers = await Promise.all(many.map((page) => t.call('POST', `PageDefault/${page.publicId}`, as)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const after = await t.call('GET', 'PageList', { ...as, query: { filters: 'eq(default,true)' } });
    expect(after.body.data).toHaveLength(1);
    await t.call('POST', `PageDefault/${second.publicId}`, as);
    // Marking it again changes nothing.
    expect((await t.call('POST', `PageDefault/${second.publicId}`, as)).status).toBe(200);
    expect((await readPage(as, second.publicId)).default).toBe(true);
  });
});

describe('PageExport and PageImport', () => {
  it('exports a page as a download and imports it again as an equal new page', async () => {
    const { as } = await f.setup();
    const sub = await createPage(as, { title: 'Details' });
    const page = await createPage(as, { title: 'Line 1', kind: 'report' });
    const draft = await createDraft(as, page.publicId, {
      custom: { glbMatIcon: 'factory' },
      periodSpec: 'yesterday',
    });
    await t.call('PATCH', `PageVersion/${draft.publicId}`, {
      ...as,
      body: { components: [component('a', { aggregate: 'max' })], pagePages: [{ publicId: sub.publicId }] },
    });
    await publish(as, page.publicId);
    await createDraft(as, page.publicId, { title: 'Next' });

    const exported = await t.call('GET', `PageExport/${page.publicId}`, as);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toBe(
      `attachment; filename="page-${page.publicId}.json"`,
    );
    expect(exported.headers.get('content-type')).toMatch(/^application\/json/);
    const file = exported.body as unknown as PageExportFile;
    expect(file).toMatchObject({
      format: 'fleetgate-page',
      formatVersion: 1,
      page: { title: 'Line 1', kind: 'report' },
    });
    expect(file.publishedVersion).toMatchObject({
      custom: { glbMatIcon: 'factory' },
      periodSpec: 'yesterday',
    });
    expect(file.draftVersion?.title).toBe('Next');

    const imported = await t.call('POST', 'PageImport', { ...as, body: file });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const copy = imported.body.data as Page;
    expect(copy.publicId).not.toBe(page.publicId);
    const again = await t.call('GET', `PageExport/${copy.publicId}`, as);
    expect(again.body).toEqual(file);

    // Exported before custom periods were bounded: imported with the default period.
    const older = structuredClone(file);
    older.publishedVersion!.periodSpec = 'custom:2020-01-01T00:00:00Z/2026-01-01T00:00:00Z';
    const fromOlder = await t.call('POST', 'PageImport', { ...as, body: older });
    expect(fromOlder.status, JSON.stringify(fromOlder.body)).toBe(201);
    const olderCopy = await t.call('GET', `PageExport/${(fromOlder.body.data as Page).publicId}`, as);
    expect((olderCopy.body as unknown as PageExportFile).publishedVersion?.periodSpec).toBe('today');
  });

  it('takes a draft of a hundred long text components, and exports and imports it whole', async () => {
    const { as } = await f.setup();
    const page = await createPage(as, { title: 'Manual' });
    const draft = await createDraft(as, page.publicId);
    const components = Array.from({ length: 100 }, (_, i) =>
      component(`t${i}`, { kind: 'text', tags: undefined, y: i * 4, text: `${i} ${'x'.repeat(19_000)}` }),
    );
    const patched = await t.call('PATCH', `PageVersion/${draft.publicId}`, { ...as, body: { components } });
    expect(patched.status, JSON.stringify(patched.body).slice(0, 300)).toBe(200);
    const exported = await t.call('GET', `PageExport/${page.publicId}`, as);
    const imported = await t.call('POST', 'PageImport', { ...as, body: exported.body });
    expect(imported.status).toBe(201);
    expect((imported.body.data as Page).draftVersion?.components).toHaveLength(100);
  });

  it('imports into a group, and refuses what is not an export file', async () => {
    const { company, as } = await f.setup();
    const group = await f.createGroup(as, 'Site');
    const file: PageExportFile = {
      format: 'fleetgate-page',
      formatVersion: 1,
      page: { title: 'Imported', kind: 'dashboard' },
      draftVersion: null,
      publishedVersion: {
        title: 'Imported',
        custom: { glbMatIcon: null },
        periodSpec: 'today',
        components: [component('a')] as PageComponent[],
        // Another company's page (or a deleted one) is left out.
        pagePages: [{ publicId: 'aaaaaaaaaaaa', title: 'Gone' }],
      },
    };
    const imported = await t.call('POST', `GroupPageImport/${group}`, { ...as, body: file });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.data).toMatchObject({
      title: 'Imported',
      group: { publicId: group, name: 'Site' },
      publishedVersion: { title: 'Imported', pagePages: [] },
    });
    expect((await t.call('POST', 'GroupPageImport/aaaaaaaaaaaa', { ...as, body: file })).status).toBe(404);
    const other = await f.setup();
    expect((await t.call('POST', `GroupPageImport/${group}`, { ...other.as, body: file })).status).toBe(404);

    const wrongFormat = await t.call('POST', 'PageImport', { ...as, body: { ...file, format: 'zip' } });
    expect(wrongFormat.status).toBe(400);
    expect(errorOf(wrongFormat)).toMatchObject({ propertyName: 'format' });
    const badComponent = await t.call('POST', 'PageImport', {
      ...as,
      body: { ...file, publishedVersion: { ...file.publishedVersion, components: [{ id: 'a' }] } },
    });
    expect(badComponent.status).toBe(400);
    expect(errorOf(badComponent)?.propertyName).toMatch(/^publishedVersion\.components\.0\./);
    // The rules a draft's edit keeps hold for an imported file too.
    const twice = await t.call('POST', 'PageImport', {
      ...as,
      body: {
        ...file,
        publishedVersion: { ...file.publishedVersion, components: [component('a'), component('a')] },
      },
    });
    expect(twice.status).toBe(400);
    expect(errorOf(twice)).toMatchObject({ propertyName: 'publishedVersion.components.id', listIndex: 1 });
    const member = await t.newMember(company, []);
    expect(
      (
        await t.call('POST', `GroupPageImport/${group}`, {
          token: member.token,
          company: company.publicId,
          body: file,
        })
      ).status,
    ).toBe(403);
  });
});

describe('Device page lists and visibility', () => {
  it('lists the pages of an agent and an asset: linked directly or through a group', async () => {
    const { as } = await f.setup();
    const site = await f.createGroup(as, 'Site');
    const line = await f.createGroup(as, 'Line', site);
    const agent = await f.createAgent(as, { name: 'Press', memberships: [{ group: { publicId: line } }] });
    const loner = await f.createAgent(as, { name: 'Loner' });
    const asset = await createAsset(as, 'Filler', agent.publicId);
    const direct = await createPage(as, { title: 'Direct', agents: [{ publicId: agent.publicId }] });
    const ofSite = await createPage(as, { title: 'Site page', group: { publicId: site } });
    const ofAsset = await createPage(as, { title: 'Asset page', assets: [{ publicId: asset }] });
    await createPage(as, { title: 'Unrelated', agents: [{ publicId: loner.publicId }] });

    const agentPages = await t.call('GET', `AgentPageList/${agent.publicId}`, {
      ...as,
      query: { fields: 'title' },
    });
    expect(agentPages.status).toBe(200);
    expect(agentPages.body.data).toEqual([
      { publicId: direct.publicId, title: 'Direct' },
      { publicId: ofSite.publicId, title: 'Site page' },
    ]);
    const assetPages = await t.call('GET', `AssetPageList/${asset}`, { ...as, query: { fields: 'title' } });
    expect(assetPages.body.data).toEqual([
      { publicId: ofSite.publicId, title: 'Site page' },
      { publicId: ofAsset.publicId, title: 'Asset page' },
    ]);
    expect((await t.call('GET', `AgentPageList/${loner.publicId}`, as)).body.data).toHaveLength(1);
    expect((await t.call('GET', 'AssetPageList/aaaaaaaaaaaa', as)).status).toBe(404);

    // Paged like every list; 4000 at the most (the spec's page size for these lists).
    const first = await t.call('GET', `AgentPageList/${agent.publicId}`, {
      ...as,
      query: { fields: 'title', 'page-size': '1' },
    });
    expect(first.body.data).toEqual([{ publicId: direct.publicId, title: 'Direct' }]);
    const second = await t.call('GET', `AgentPageList/${agent.publicId}`, {
      ...as,
      query: { fields: 'title', 'page-size': '4000', 'page-after': first.body.moreAfter as string },
    });
    expect(second.body).toMatchObject({ data: [{ publicId: ofSite.publicId }], moreAfter: null });
    const tooMany = await t.call('GET', `AssetPageList/${asset}`, { ...as, query: { 'page-size': '4001' } });
    expect(tooMany.status).toBe(400);
    expect(errorOf(tooMany)).toMatchObject({ propertyName: 'page-size' });
  });

  it('shows a member only the pages of the devices and groups they see', async () => {
    const { company, as } = await f.setup();
    const site = await f.createGroup(as, 'Site');
    const elsewhere = await f.createGroup(as, 'Elsewhere');
    const seen = await f.createAgent(as, { name: 'Seen', memberships: [{ group: { publicId: site } }] });
    const hidden = await f.createAgent(as, {
      name: 'Hidden',
      memberships: [{ group: { publicId: elsewhere } }],
    });
    const seenAsset = await createAsset(as, 'Seen asset', seen.publicId);
    const hiddenAsset = await createAsset(as, 'Hidden asset', hidden.publicId);
    const pages = {
      seenAgent: await createPage(as, { title: 'Seen agent', agents: [{ publicId: seen.publicId }] }),
      seenAsset: await createPage(as, { title: 'Seen asset', assets: [{ publicId: seenAsset }] }),
      seenGroup: await createPage(as, { title: 'Seen group', group: { publicId: site } }),
      hiddenAgent: await createPage(as, { title: 'Hidden agent', agents: [{ publicId: hidden.publicId }] }),
      hiddenAsset: await createPage(as, { title: 'Hidden asset', assets: [{ publicId: hiddenAsset }] }),
      hiddenGroup: await createPage(as, { title: 'Hidden group', group: { publicId: elsewhere } }),
      unlinked: await createPage(as, { title: 'Unlinked' }),
    };
    const engineer = await t.newMember(company, []);
    await f.addGroupMember(company, site, engineer, []);
    const engineerAs = { token: engineer.token, company: company.publicId };
    const titles = async (who: As) =>
      ((await t.call('GET', 'PageList', { ...who, query: { fields: 'title' } })).body.data as Page[]).map(
        (p) => p.title,
      );
    expect(await titles(engineerAs)).toEqual(['Seen agent', 'Seen asset', 'Seen group']);
    expect((await t.call('GET', `Page/${pages.seenAgent.publicId}`, engineerAs)).status).toBe(200);
    for (const page of [pages.hiddenAgent, pages.hiddenAsset, pages.hiddenGroup, pages.unlinked]) {
      expect((await t.call('GET', `Page/${page.publicId}`, engineerAs)).status).toBe(404);
      // Exporting is for page managers only (it holds the draft).
      expect((await t.call('GET', `PageExport/${page.publicId}`, engineerAs)).status).toBe(403);
    }
    const draft = await createDraft(as, pages.hiddenAgent.publicId);
    expect((await t.call('GET', `PageVersion/${draft.publicId}`, engineerAs)).status).toBe(404);
    // A draft is not shown without pages.manage, even of a page they see.
    const seenDraft = await createDraft(as, pages.seenAgent.publicId);
    expect((await t.call('GET', `PageVersion/${seenDraft.publicId}`, engineerAs)).status).toBe(404);
    expect((await t.call('GET', `AgentPageList/${hidden.publicId}`, engineerAs)).status).toBe(404);
    expect((await t.call('GET', `AssetPageList/${hiddenAsset}`, engineerAs)).status).toBe(404);
    expect((await t.call('GET', `AgentPageList/${seen.publicId}`, engineerAs)).status).toBe(200);

    // The default page is everyone's.
    await t.call('POST', `PageDefault/${pages.unlinked.publicId}`, as);
    expect(await titles(engineerAs)).toContain('Unlinked');

    // Device rights see the pages of every device and group; pages.manage sees every page.
    const connector = await t.newMember(company, ['agents.connect']);
    const connectorTitles = await titles({ token: connector.token, company: company.publicId });
    expect(connectorTitles).toHaveLength(7);
    const other = await createPage(as, { title: 'Nobody' });
    const manager = await t.newMember(company, ['pages.manage']);
    const managerAs = { token: manager.token, company: company.publicId };
    expect(await titles(managerAs)).toHaveLength(8);
    expect((await t.call('GET', `Page/${other.publicId}`, managerAs)).status).toBe(200);
  });
  it('shows no draft, and only the devices and sub-pages they see, to members without pages.manage', async () => {
    const { company, as } = await f.setup();
    const site = await f.createGroup(as, 'Site');
    const elsewhere = await f.createGroup(as, 'Elsewhere');
    const seen = await f.createAgent(as, { name: 'Seen', memberships: [{ group: { publicId: site } }] });
    const hidden = await f.createAgent(as, {
      name: 'Hidden',
      memberships: [{ group: { publicId: elsewhere } }],
    });
    const seenAsset = await createAsset(as, 'Seen asset', seen.publicId);
    const hiddenAsset = await createAsset(as, 'Hidden asset', hidden.publicId);
    const looseAsset = await createAsset(as, 'Loose asset', null);
    const subSeen = await createPage(as, { title: 'Sub seen', agents: [{ publicId: seen.publicId }] });
    const subHidden = await createPage(as, { title: 'Sub hidden', agents: [{ publicId: hidden.publicId }] });
    const subUnlinked = await createPage(as, { title: 'Sub unlinked' });
    const page = await createPage(as, {
      title: 'Line',
      agents: [{ publicId: seen.publicId }, { publicId: hidden.publicId }],
      assets: [{ publicId: seenAsset }, { publicId: hiddenAsset }, { publicId: looseAsset }],
    });
    const first = await createDraft(as, page.publicId);
    const patched = await t.call('PATCH', `PageVersion/${first.publicId}`, {
      ...as,
      body: {
        pagePages: [subSeen, subHidden, subUnlinked].map((sub) => ({ publicId: sub.publicId })),
        previewAgent: { publicId: hidden.publicId },
        previewAsset: { publicId: hiddenAsset },
      },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const published = (await publish(as, page.publicId)).publishedVersion!;
    const draft = await createDraft(as, page.publicId, { title: 'Next' });
    const previews = await createPage(as, { title: 'Previews', agents: [{ publicId: seen.publicId }] });
    const previewDraft = await createDraft(as, previews.publicId);
    await t.call('PATCH', `PageVersion/${previewDraft.publicId}`, {
      ...as,
      body: { previewAgent: { publicId: seen.publicId }, previewAsset: { publicId: seenAsset } },
    });
    await publish(as, previews.publicId);

    const engineer = await t.newMember(company, []);
    await f.addGroupMember(company, site, engineer, []);
    const engineerAs = { token: engineer.token, company: company.publicId };
    const connector = await t.newMember(company, ['agents.connect']);
    const connectorAs = { token: connector.token, company: company.publicId };
    const manager = await t.newMember(company, ['pages.manage']);
    await f.addGroupMember(company, site, manager, []);
    const managerAs = { token: manager.token, company: company.publicId };
    const names = (list: { name: string }[]) => list.map((item) => item.name);
    const ids = (list: { publicId: string }[]) => list.map((item) => item.publicId);

    // Every answer that holds the page: the item, the list and the device's list.
    const answers = async (who: As) => {
      const item = await readPage(who, page.publicId);
      const list = await t.call('GET', 'PageList', {
        ...who,
        query: { filters: `eq(publicId,"${page.publicId}")` },
      });
      const device = await t.call('GET', `AgentPageList/${seen.publicId}`, who);
      const ofDevice = (device.body.data as Page[]).find((p) => p.publicId === page.publicId)!;
      return [item, (list.body.data as Page[])[0]!, ofDevice];
    };
    for (const shown of await answers(engineerAs)) {
      expect(shown.draftVersion).toBeNull();
      expect(names(shown.agents)).toEqual(['Seen']);
      expect(names(shown.assets)).toEqual(['Seen asset']);
      expect(shown.publishedVersion).toMatchObject({ previewAgent: null, previewAsset: null });
      expect(ids(shown.publishedVersion!.pagePages)).toEqual([subSeen.publicId]);
    }
    const version = await t.call('GET', `PageVersion/${published.publicId}`, engineerAs);
    expect(version.status).toBe(200);
    expect(version.body.data).toMatchObject({ previewAgent: null, previewAsset: null });
    expect(ids((version.body.data as PageVersion).pagePages)).toEqual([subSeen.publicId]);
    expect((await t.call('GET', `PageVersion/${draft.publicId}`, engineerAs)).status).toBe(404);
    expect((await t.call('GET', `PageExport/${page.publicId}`, engineerAs)).status).toBe(403);
    expect((await readPage(engineerAs, previews.publicId)).publishedVersion).toMatchObject({
      previewAgent: { publicId: seen.publicId, name: 'Seen' },
      previewAsset: { publicId: seenAsset, name: 'Seen asset' },
    });

    // Who sees every agent sees every device, but still no draft nor a page they do not see.
    for (const shown of await answers(connectorAs)) {
      expect(shown.draftVersion).toBeNull();
      expect(names(shown.agents)).toEqual(['Hidden', 'Seen']);
      expect(names(shown.assets)).toEqual(['Hidden asset', 'Loose asset', 'Seen asset']);
      expect(shown.publishedVersion).toMatchObject({
        previewAgent: { publicId: hidden.publicId },
        previewAsset: { publicId: hiddenAsset },
      });
      expect(ids(shown.publishedVersion!.pagePages)).toEqual([subSeen.publicId, subHidden.publicId]);
    }
    expect((await t.call('GET', `PageVersion/${draft.publicId}`, connectorAs)).status).toBe(404);

    // pages.manage sees it whole.
    for (const shown of await answers(managerAs)) {
      expect(shown.draftVersion?.publicId).toBe(draft.publicId);
      expect(names(shown.agents)).toEqual(['Hidden', 'Seen']);
      expect(ids(shown.publishedVersion!.pagePages)).toEqual([
        subSeen.publicId,
        subHidden.publicId,
        subUnlinked.publicId,
      ]);
    }
    expect((await t.call('GET', `PageVersion/${draft.publicId}`, managerAs)).status).toBe(200);
    expect((await t.call('GET', `PageExport/${page.publicId}`, managerAs)).status).toBe(200);
  });
});

describe('Audit and live events', () => {
  it('audits every write and tells the company which page changed', async () => {
    const { as, companyId } = await f.setup();
    const seen: LiveEvent[] = [];
    const stop = t.server.built.events.listen(({ audience, event }) => {
      if ('companyId' in audience && audience.companyId === companyId) seen.push(event);
    });
    try {
      const page = await createPage(as, { title: 'Line 1' });
      const draft = await createDraft(as, page.publicId);
      await t.call('PATCH', `PageVersion/${draft.publicId}`, { ...as, body: { title: 'Line one' } });
      await publish(as, page.publicId);
      await t.call('DELETE', `Page/${page.publicId}`, as);
      const rows = await t.server.db
        .selectFrom('audit_logs')
        .select(['action', 'resource_rel', 'resource_public_id'])
        .where('resource_public_id', 'in', [page.publicId, draft.publicId])
        .orderBy('id')
        .execute();
      expect(rows.map((row) => [row.action, row.resource_rel])).toEqual([
        ['CREATE', 'Page'],
        ['CREATE', 'PageVersion'],
        ['UPDATE', 'PageVersion'],
        ['UPDATE', 'Page'],
        ['DELETE', 'Page'],
      ]);
      expect(seen.filter((event) => event.type === 'PageChanged')).toEqual(
        Array.from({ length: 5 }, () => ({ type: 'PageChanged', data: { publicId: page.publicId } })),
      );
    } finally {
      stop();
    }
  });
});

describe('Pages in the API description', () => {
  it('lists every pages route in discovery and the OpenAPI document; an empty PATCH changes nothing', async () => {
    const { as } = await f.setup();
    const document = (await t.call('GET', 'openapi.json')).body as unknown as {
      paths: Record<string, object>;
    };
    for (const [path, methods] of [
      ['/api/PageList', ['get', 'post']],
      ['/api/Page/{publicId}', ['get', 'patch', 'delete']],
      ['/api/PageVersionList/{publicId}', ['post']],
      ['/api/PageVersion/{publicId}', ['get', 'patch', 'delete']],
      ['/api/PageDraft/{publicId}', ['post']],
      ['/api/PageDuplicate/{publicId}', ['post']],
      ['/api/PageDefault/{publicId}', ['post']],
      ['/api/PageExport/{publicId}', ['get']],
      ['/api/PageImport', ['post']],
      ['/api/GroupPageImport/{publicId}', ['post']],
      ['/api/AgentPageList/{publicId}', ['get']],
      ['/api/AssetPageList/{publicId}', ['get']],
    ] as const) {
      expect(Object.keys(document.paths[path] ?? {}).sort(), path).toEqual([...methods].sort());
    }
    const page = await createPage(as, { title: 'Line 1' });
    const draft = await createDraft(as, page.publicId);
    const samePage = await t.call('PATCH', `Page/${page.publicId}`, { ...as, body: {} });
    expect(samePage.body.data).toEqual(await readPage(as, page.publicId));
    const sameDraft = await t.call('PATCH', `PageVersion/${draft.publicId}`, { ...as, body: {} });
    expect(sameDraft.body.data).toEqual(draft);
  });
});

describe('findCompanyPage', () => {
  it("reads a page of the company for a background job, and nothing of another company's", async () => {
    const { as, companyId } = await f.setup();
    const page = await createPage(as, { title: 'Report', kind: 'report' });
    expect(await findCompanyPage(t.server.db, companyId, page.publicId)).toEqual(
      await readPage(as, page.publicId),
    );
    const other = await f.setup();
    expect(await findCompanyPage(t.server.db, other.companyId, page.publicId)).toBeNull();
  });
});
