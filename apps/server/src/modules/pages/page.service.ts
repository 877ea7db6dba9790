import { sql, type SqlBool } from 'kysely';
import {
  defaultPeriodSpec,
  errorMessages,
  pageErrors,
  pageLimits,
  type ApiErrorItem,
  type Page,
  type PageComponent,
  type PageVersion,
  type pageCreateInput,
  type pageImportFileSchema,
  type pagePatchInput,
  type pageVersionCreateInput,
  type pageVersionPatchInput,
} from '@fleetgate/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ApiError, conflict, notFound } from '../../http/errors.ts';
import { newPublicId } from '../../http/ids.ts';
import type { ListQuery, MutationContext, Viewer } from '../../http/resource.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { agentVisibility } from '../agents/agent-visibility.ts';
import { managesPages, pageVisibility } from './page.policy.ts';
import { presentPages } from './page.presenter.ts';
import {
  agentGroupIds,
  clearDefaultPage,
  deletePage,
  deleteVersion,
  deviceLinkCondition,
  findPage,
  findPageById,
  findVersion,
  findVersionById,
  idsByPublicId,
  insertPage,
  insertVersion,
  listDevicePages,
  listPages,
  loadPageDetails,
  pageLinks,
  replacePageLinks,
  subPageIds,
  updatePage,
  updateVersion,
  visibleIds,
  type PageRow,
  type VersionValues,
} from './page.repository.ts';

type Ref = { publicId: string };

const seen = (viewer: Viewer) => pageVisibility(viewer, sql.ref('pages.id'));

const notNull = (id: number | null): id is number => id !== null;

/** Pages whole, drafts and every name: for writers (pages.manage) and background jobs. */
async function presentWhole(db: Db, rows: PageRow[]): Promise<Page[]> {
  return presentPages(rows, await loadPageDetails(db, rows));
}

async function presentRow(db: Db, row: PageRow): Promise<Page> {
  return (await presentWhole(db, [row]))[0]!;
}

/**
 * Pages as the viewer may see them. Without pages.manage: no draft, and only the agents they
 * see, assets of those agents, previews of those, and sub-pages they see (page.presenter.ts).
 */
export async function presentRows(db: Db, viewer: Viewer, rows: PageRow[]): Promise<Page[]> {
  if (managesPages(viewer)) return presentWhole(db, rows);
  const details = await loadPageDetails(db, rows, { drafts: false });
  const agentSeen = agentVisibility(viewer, sql.ref('agents.id'));
  const agentIds = [
    ...details.agents.map((row) => row.id),
    ...details.previewAgents.map((row) => row.id),
    ...details.assets.map((row) => row.agent_id),
    ...details.previewAssets.map((row) => row.agent_id),
  ].filter(notNull);
  const subPageIds = details.subPages.map((row) => row.sub_page_id);
  return presentPages(rows, details, {
    agentIds: agentSeen === null ? null : await visibleIds(db, 'agents', agentIds, agentSeen),
    pageIds: await visibleIds(db, 'pages', subPageIds, seen(viewer)),
  });
}

export async function readPages(db: Db, viewer: Viewer, query: ListQuery) {
  return listPages(db, viewer.company.id, query, seen(viewer));
}

/** A page the viewer sees, or a 404. */
export async function readPage(db: Db, viewer: Viewer, publicId: string): Promise<Page> {
  const row = await findPage(db, viewer.company.id, publicId, { visible: seen(viewer) });
  if (!row) throw notFound();
  return (await presentRows(db, viewer, [row]))[0]!;
}

/**
 * The page a report on a device may use, or undefined: one the viewer sees that belongs to
 * the device (linked to its agent, to its asset or the asset's agent, to a group the agent is
 * in or one above, or the company's default page). `agentId` is the asset's agent for an asset.
 */
export async function findDevicePage(
  db: Db,
  viewer: Viewer,
  publicId: string,
  device: { agentId: number | null; assetId: number | null },
): Promise<PageRow | undefined> {
  const groupIds = device.agentId === null ? [] : await agentGroupIds(db, device.agentId);
  const belongs = deviceLinkCondition(device, groupIds);
  const visible = seen(viewer);
  return findPage(db, viewer.company.id, publicId, {
    visible: visible ? sql<SqlBool>`(${visible} and ${belongs})` : belongs,
  });
}

/**
 * A page of the company whoever asks (background jobs such as the report queue, which checked
 * the requester when the job was queued), or null.
 */
export async function findCompanyPage(db: Db, companyId: number, publicId: string): Promise<Page | null> {
  const row = await findPage(db, companyId, publicId);
  return row ? presentRow(db, row) : null;
}

/** A version of a page the viewer sees; a draft only with pages.manage (404 otherwise). */
export async function readVersion(db: Db, viewer: Viewer, publicId: string): Promise<PageVersion> {
  const version = await findVersion(db, viewer.company.id, publicId);
  if (!version) throw notFound();
  const page = await readPage(db, viewer, (await findPageById(db, version.page_id)).public_id);
  const found = [page.draftVersion, page.publishedVersion].find((v) => v?.publicId === publicId);
  if (!found) throw notFound();
  return found;
}

/** The ids of a list of references to the company's rows; each unknown one is a 400 with its listIndex. */
async function resolveList(
  db: Db,
  table: 'agents' | 'assets' | 'pages',
  companyId: number,
  refs: Ref[],
  propertyName: string,
): Promise<number[]> {
  const ids = await idsByPublicId(db, table, companyId, [...new Set(refs.map((ref) => ref.publicId))]);
  const unknown: ApiErrorItem[] = [];
  const duplicates: ApiErrorItem[] = [];
  const found = new Set<string>();
  refs.forEach((ref, listIndex) => {
    if (!ids.has(ref.publicId))
      unknown.push({ message: errorMessages.notFound, propertyName: `${propertyName}.publicId`, listIndex });
    else if (found.has(ref.publicId))
      duplicates.push({ message: errorMessages.duplicate, propertyName, listIndex });
    found.add(ref.publicId);
  });
  // Unknown or another company's: 404, as every nested reference (wire conventions).
  if (unknown.length > 0) throw new ApiError(404, unknown);
  if (duplicates.length > 0) throw new ApiError(400, duplicates);
  return refs.map((ref) => ids.get(ref.publicId)!);
}

/** One optional reference: undefined leaves it, null clears it, an unknown one is a 404. */
async function resolveOne(
  db: Db,
  table: 'agents' | 'assets' | 'groups',
  companyId: number,
  ref: Ref | null | undefined,
  propertyName: string,
): Promise<number | null | undefined> {
  if (ref === undefined || ref === null) return ref;
  const id = (await idsByPublicId(db, table, companyId, [ref.publicId])).get(ref.publicId);
  if (id === undefined)
    throw new ApiError(404, [{ message: errorMessages.notFound, propertyName: `${propertyName}.publicId` }]);
  return id;
}

function audit(
  trx: Db,
  ctx: MutationContext,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  rel: string,
  publicId: string,
  before?: unknown,
  after?: unknown,
) {
  return writeAudit(trx, {
    companyId: ctx.company.id,
    actorUserId: ctx.user.id,
    action,
    rel,
    publicId,
    before,
    after,
    clientAddress: ctx.clientAddress,
  });
}

async function lockPage(trx: Db, ctx: MutationContext, publicId: string): Promise<PageRow> {
  const row = await findPage(trx, ctx.company.id, publicId, { forUpdate: true });
  if (!row) throw notFound();
  return row;
}

export async function createPage(trx: Db, ctx: MutationContext, input: z.output<typeof pageCreateInput>) {
  const agentIds = await resolveList(trx, 'agents', ctx.company.id, input.agents ?? [], 'agents');
  const assetIds = await resolveList(trx, 'assets', ctx.company.id, input.assets ?? [], 'assets');
  const groupId = await resolveOne(trx, 'groups', ctx.company.id, input.group, 'group');
  const row = await insertPage(trx, {
    publicId: newPublicId(),
    companyId: ctx.company.id,
    title: input.title,
    kind: input.kind ?? 'dashboard',
    groupId: groupId ?? null,
  });
  await replacePageLinks(trx, row.id, { agentIds, assetIds });
  const page = await presentRow(trx, row);
  await audit(trx, ctx, 'CREATE', 'Page', page.publicId, undefined, page);
  return page;
}

export async function changePage(
  trx: Db,
  ctx: MutationContext,
  publicId: string,
  input: z.output<typeof pagePatchInput>,
) {
  const row = await lockPage(trx, ctx, publicId);
  const before = await presentRow(trx, row);
  // Naming no property changes nothing.
  if (Object.values(input).every((value) => value === undefined)) return before;
  const agentIds = input.agents && (await resolveList(trx, 'agents', ctx.company.id, input.agents, 'agents'));
  const assetIds = input.assets && (await resolveList(trx, 'assets', ctx.company.id, input.assets, 'assets'));
  const groupId = await resolveOne(trx, 'groups', ctx.company.id, input.group, 'group');
  await updatePage(trx, row.id, {
    ...(input.kind === undefined ? {} : { kind: input.kind }),
    ...(groupId === undefined ? {} : { group_id: groupId }),
  });
  await replacePageLinks(trx, row.id, { agentIds, assetIds });
  const after = await presentRow(trx, await findPageById(trx, row.id));
  await audit(trx, ctx, 'UPDATE', 'Page', publicId, before, after);
  return after;
}

export async function removePage(trx: Db, ctx: MutationContext, publicId: string) {
  const row = await lockPage(trx, ctx, publicId);
  const before = await presentRow(trx, row);
  await deletePage(trx, row.id);
  await audit(trx, ctx, 'DELETE', 'Page', publicId, before);
  return { publicId };
}

/** A copy of a stored version's content, for a new draft or a duplicate. */
async function copyOf(trx: Db, versionId: number): Promise<VersionValues> {
  const version = await findVersionById(trx, versionId);
  return {
    title: version.title,
    icon: version.icon,
    groupId: version.group_id,
    periodSpec: version.period_spec,
    components: version.components,
    previewAgentId: version.preview_agent_id,
    previewAssetId: version.preview_asset_id,
    subPageIds: await subPageIds(trx, version.id),
  };
}

/**
 * Creates the page's draft (console spec §4): an empty one when the page has no version, a
 * copy of the published version when it has one; the body's fields override either way.
 */
export async function createDraft(
  trx: Db,
  ctx: MutationContext,
  pagePublicId: string,
  input: z.output<typeof pageVersionCreateInput>,
) {
  const row = await lockPage(trx, ctx, pagePublicId);
  if (row.draft_version_id !== null) throw conflict(pageErrors.draftExists);
  const groupId = await resolveOne(trx, 'groups', ctx.company.id, input.group, 'group');
  const base: VersionValues =
    row.published_version_id === null
      ? {
          title: row.title,
          icon: null,
          groupId: row.group_id,
          periodSpec: defaultPeriodSpec,
          components: [],
          previewAgentId: null,
          previewAssetId: null,
          subPageIds: [],
        }
      : await copyOf(trx, row.published_version_id);
  const values: VersionValues = {
    ...base,
    ...(input.title === undefined ? {} : { title: input.title }),
    ...(input.custom?.glbMatIcon === undefined ? {} : { icon: input.custom.glbMatIcon }),
    ...(groupId === undefined ? {} : { groupId }),
    ...(input.periodSpec === undefined ? {} : { periodSpec: input.periodSpec }),
  };
  const publicId = newPublicId();
  const id = await insertVersion(trx, { ...values, publicId, companyId: ctx.company.id, pageId: row.id });
  await updatePage(trx, row.id, { draft_version_id: id });
  const page = await presentRow(trx, await findPageById(trx, row.id));
  await audit(trx, ctx, 'CREATE', 'PageVersion', publicId, undefined, page.draftVersion);
  return { page, version: page.draftVersion! };
}

/**
 * The draft and its page, locked. `publicId` names the draft itself, another version of its page
 * or the page; only a draft may change, and a page without one says so (spec §8).
 */
async function lockDraft(trx: Db, ctx: MutationContext, publicId: string) {
  const named = await findVersion(trx, ctx.company.id, publicId);
  const page = named ? await findPageById(trx, named.page_id, true) : await lockPage(trx, ctx, publicId);
  if (page.draft_version_id === null) throw conflict(pageErrors.noDraft);
  if (named && page.draft_version_id !== named.id) throw conflict(pageErrors.notDraft);
  const version = named ?? (await findVersionById(trx, page.draft_version_id));
  return { version, page };
}

/** What the schema cannot say of a version's components: ids are unique and each fits the grid. */
function checkComponents(components: PageComponent[], prefix = '') {
  const ids = new Set<string>();
  components.forEach((component, listIndex) => {
    if (ids.has(component.id))
      throw new ApiError(400, [
        { message: errorMessages.duplicate, propertyName: `${prefix}components.id`, listIndex },
      ]);
    ids.add(component.id);
    if (component.x + component.w > pageLimits.gridColumns)
      throw new ApiError(400, [
        { message: errorMessages.invalid, propertyName: `${prefix}components.w`, listIndex },
      ]);
  });
}

export async function changeVersion(
  trx: Db,
  ctx: MutationContext,
  versionPublicId: string,
  input: z.output<typeof pageVersionPatchInput>,
) {
  const { version, page } = await lockDraft(trx, ctx, versionPublicId);
  const before = (await presentRow(trx, page)).draftVersion!;
  if (Object.values(input).every((value) => value === undefined))
    return { page: page.public_id, version: before };
  const companyId = ctx.company.id;
  let subPages: number[] | undefined;
  if (input.pagePages) {
    subPages = await resolveList(trx, 'pages', companyId, input.pagePages, 'pagePages');
    const self = subPages.indexOf(page.id);
    if (self >= 0)
      throw new ApiError(400, [
        { message: errorMessages.invalid, propertyName: 'pagePages', listIndex: self },
      ]);
  }
  if (input.components) checkComponents(input.components);
  const values: Partial<VersionValues> = {
    title: input.title,
    icon: input.custom?.glbMatIcon,
    groupId: await resolveOne(trx, 'groups', companyId, input.group, 'group'),
    periodSpec: input.periodSpec,
    components: input.components,
    subPageIds: subPages,
    previewAgentId: await resolveOne(trx, 'agents', companyId, input.previewAgent, 'previewAgent'),
    previewAssetId: await resolveOne(trx, 'assets', companyId, input.previewAsset, 'previewAsset'),
  };
  await updateVersion(trx, version.id, values);
  const after = (await presentRow(trx, page)).draftVersion!;
  await audit(trx, ctx, 'UPDATE', 'PageVersion', version.public_id, before, after);
  return { page: page.public_id, version: after };
}

/** Discards the page's draft; a published version cannot be deleted this way. */
export async function discardVersion(trx: Db, ctx: MutationContext, versionPublicId: string) {
  const { version, page } = await lockDraft(trx, ctx, versionPublicId);
  const before = (await presentRow(trx, page)).draftVersion;
  await updatePage(trx, page.id, { draft_version_id: null });
  await deleteVersion(trx, version.id);
  await audit(trx, ctx, 'DELETE', 'PageVersion', version.public_id, before);
  return { page: page.public_id, version: { publicId: version.public_id } };
}

/** The draft becomes the published version; the draft is cleared and the old published version deleted. */
export async function publishDraft(trx: Db, ctx: MutationContext, pagePublicId: string) {
  const row = await lockPage(trx, ctx, pagePublicId);
  if (row.draft_version_id === null) throw conflict(pageErrors.noDraft);
  const before = await presentRow(trx, row);
  await updatePage(trx, row.id, { published_version_id: row.draft_version_id, draft_version_id: null });
  if (row.published_version_id !== null) await deleteVersion(trx, row.published_version_id);
  const after = await presentRow(trx, await findPageById(trx, row.id));
  await audit(trx, ctx, 'UPDATE', 'Page', pagePublicId, before, after);
  return after;
}

/** A new page holding a copy of the published version, with the same links. */
export async function duplicatePage(trx: Db, ctx: MutationContext, publicId: string) {
  const row = await lockPage(trx, ctx, publicId);
  if (row.published_version_id === null) throw conflict(pageErrors.noPublished);
  const copy = await insertPage(trx, {
    publicId: newPublicId(),
    companyId: ctx.company.id,
    title: `${row.title} (copy)`.slice(0, 255),
    kind: row.kind,
    groupId: row.group_id,
  });
  await replacePageLinks(trx, copy.id, await pageLinks(trx, row.id));
  const versionId = await insertVersion(trx, {
    ...(await copyOf(trx, row.published_version_id)),
    publicId: newPublicId(),
    companyId: ctx.company.id,
    pageId: copy.id,
  });
  await updatePage(trx, copy.id, { published_version_id: versionId });
  const page = await presentRow(trx, await findPageById(trx, copy.id));
  await audit(trx, ctx, 'CREATE', 'Page', page.publicId, undefined, page);
  return page;
}

/** Makes this page the company's one default page. */
export async function setDefaultPage(trx: Db, ctx: MutationContext, publicId: string) {
  const row = await lockPage(trx, ctx, publicId);
  const before = await presentRow(trx, row);
  await clearDefaultPage(trx, ctx.company.id);
  await updatePage(trx, row.id, { is_default: true });
  const after = await presentRow(trx, await findPageById(trx, row.id));
  await audit(trx, ctx, 'UPDATE', 'Page', publicId, before, after);
  return after;
}

type ImportFile = z.output<typeof pageImportFileSchema>;

/** A new page from an export file; sub-pages that are not the company's pages are left out. */
export async function importPage(trx: Db, ctx: MutationContext, file: ImportFile, groupPublicId?: string) {
  if (file.draftVersion) checkComponents(file.draftVersion.components, 'draftVersion.');
  if (file.publishedVersion) checkComponents(file.publishedVersion.components, 'publishedVersion.');
  let groupId: number | null = null;
  if (groupPublicId !== undefined) {
    groupId =
      (await idsByPublicId(trx, 'groups', ctx.company.id, [groupPublicId])).get(groupPublicId) ?? null;
    if (groupId === null) throw notFound();
  }
  const row = await insertPage(trx, {
    publicId: newPublicId(),
    companyId: ctx.company.id,
    title: file.page.title,
    kind: file.page.kind,
    groupId,
  });
  const store = async (version: ImportFile['draftVersion']) => {
    if (!version) return null;
    const known = await idsByPublicId(
      trx,
      'pages',
      ctx.company.id,
      version.pagePages.map((ref) => ref.publicId),
    );
    return insertVersion(trx, {
      publicId: newPublicId(),
      companyId: ctx.company.id,
      pageId: row.id,
      title: version.title,
      icon: version.custom.glbMatIcon,
      groupId: null,
      periodSpec: version.periodSpec,
      components: version.components,
      previewAgentId: null,
      previewAssetId: null,
      subPageIds: [...new Set(version.pagePages.flatMap((ref) => known.get(ref.publicId) ?? []))],
    });
  };
  await updatePage(trx, row.id, {
    draft_version_id: await store(file.draftVersion),
    published_version_id: await store(file.publishedVersion),
  });
  const page = await presentRow(trx, await findPageById(trx, row.id));
  await audit(trx, ctx, 'CREATE', 'Page', page.publicId, undefined, page);
  return page;
}

/**
 * The pages of a device the viewer sees: linked to it directly, or through a group its agent
 * is in (or a group above). A device the viewer does not see is a 404.
 */
export async function devicePages(
  db: Db,
  viewer: Viewer,
  device: 'agent' | 'asset',
  publicId: string,
  list: ListQuery,
) {
  const companyId = viewer.company.id;
  let agentId: number | null;
  let direct;
  if (device === 'agent') {
    const visible = agentVisibility(viewer, sql.ref('agents.id'));
    let q = db
      .selectFrom('agents')
      .select('id')
      .where('company_id', '=', companyId)
      .where('public_id', '=', publicId);
    if (visible) q = q.where(visible);
    const agent = await q.executeTakeFirst();
    if (!agent) throw notFound();
    agentId = agent.id;
    direct = sql<boolean>`pages.id in (select page_id from page_agents where agent_id = ${agent.id})`;
  } else {
    const asset = await db
      .selectFrom('assets')
      .select(['id', 'agent_id'])
      .where('company_id', '=', companyId)
      .where('public_id', '=', publicId)
      .executeTakeFirst();
    if (!asset) throw notFound();
    const seesAll = agentVisibility(viewer, sql.ref('agents.id')) === null;
    if (!seesAll) {
      const visible = agentVisibility(viewer, sql.ref('agents.id'))!;
      const agent =
        asset.agent_id === null
          ? undefined
          : await db
              .selectFrom('agents')
              .select('id')
              .where('id', '=', asset.agent_id)
              .where(visible)
              .executeTakeFirst();
      if (!agent) throw notFound();
    }
    agentId = asset.agent_id;
    direct = sql<boolean>`pages.id in (select page_id from page_assets where asset_id = ${asset.id})`;
  }
  const groupIds = agentId === null ? [] : await agentGroupIds(db, agentId);
  return listDevicePages(db, companyId, direct, groupIds, list);
}
