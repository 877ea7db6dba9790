import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/client.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

export type PageRow = {
  id: number;
  public_id: string;
  title: string;
  kind: 'dashboard' | 'report';
  is_default: boolean;
  group_id: number | null;
  draft_version_id: number | null;
  published_version_id: number | null;
  created_at: Date;
};

export type VersionRow = {
  id: number;
  public_id: string;
  page_id: number;
  title: string;
  icon: string | null;
  group_id: number | null;
  period_spec: string;
  components: unknown[];
  preview_agent_id: number | null;
  preview_asset_id: number | null;
  created_at: Date;
  updated_at: Date;
};

/** What a version holds, to store it (a new draft, a copy, an import). */
export type VersionValues = {
  title: string;
  icon: string | null;
  groupId: number | null;
  periodSpec: string;
  components: unknown[];
  previewAgentId: number | null;
  previewAssetId: number | null;
  /** Sub-page ids, in order. */
  subPageIds: number[];
};

const pageColumns = [
  'pages.id',
  'pages.public_id',
  'pages.title',
  'pages.kind',
  'pages.is_default',
  'pages.group_id',
  'pages.draft_version_id',
  'pages.published_version_id',
  'pages.created_at',
] as const;

const selectPages = (db: Db, companyId: number) =>
  db.selectFrom('pages').select(pageColumns).where('pages.company_id', '=', companyId);

export function listPages(db: Db, companyId: number, query: ListQuery, visible: Expression<SqlBool> | null) {
  let q = selectPages(db, companyId);
  if (visible) q = q.where(visible);
  return keysetPage(q, 'pages', query).execute() as Promise<PageRow[]>;
}

export async function findPage(
  db: Db,
  companyId: number,
  publicId: string,
  options: { visible?: Expression<SqlBool> | null; forUpdate?: boolean } = {},
): Promise<PageRow | undefined> {
  let q = selectPages(db, companyId).where('pages.public_id', '=', publicId);
  if (options.visible) q = q.where(options.visible);
  if (options.forUpdate) q = q.forUpdate();
  return await q.executeTakeFirst();
}

export async function findPageById(db: Db, id: number, forUpdate = false): Promise<PageRow> {
  let q = db.selectFrom('pages').select(pageColumns).where('pages.id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return await q.executeTakeFirstOrThrow();
}

/** The pages shown for a set of pages linked directly (`direct`) or through one of `groupIds`. */
export function listDevicePages(
  db: Db,
  companyId: number,
  direct: Expression<SqlBool>,
  groupIds: number[],
  list: ListQuery,
) {
  const q = db
    .selectFrom('pages')
    .select(pageColumns)
    .where('pages.company_id', '=', companyId)
    .where((eb) => (groupIds.length > 0 ? eb.or([direct, eb('pages.group_id', 'in', groupIds)]) : direct));
  return keysetPage(q, 'pages', list).execute() as Promise<PageRow[]>;
}

/**
 * The pages that belong to a device: linked to its agent or its asset, of one of `groupIds`
 * (the agent's groups and those above), or the company's default page.
 */
export function deviceLinkCondition(
  device: { agentId: number | null; assetId: number | null },
  groupIds: number[],
): Expression<SqlBool> {
  const none = sql<SqlBool>`false`;
  const agent =
    device.agentId === null
      ? none
      : sql<SqlBool>`pages.id in (select page_id from page_agents where agent_id = ${device.agentId})`;
  const asset =
    device.assetId === null
      ? none
      : sql<SqlBool>`pages.id in (select page_id from page_assets where asset_id = ${device.assetId})`;
  const groups =
    groupIds.length === 0
      ? none
      : sql<SqlBool>`pages.group_id in (${sql.join(groupIds.map((id) => sql`${id}`))})`;
  return sql<SqlBool>`(pages.is_default or ${agent} or ${asset} or ${groups})`;
}

/** Of these ids of a table, those matching `visible` (all when it is null). */
export async function visibleIds(
  db: Db,
  table: 'agents' | 'pages',
  ids: number[],
  visible: Expression<SqlBool> | null,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  let q = db
    .selectFrom(table)
    .select(`${table}.id as id`)
    .where(`${table}.id`, 'in', [...new Set(ids)]);
  if (visible) q = q.where(visible);
  return new Set((await q.execute()).map((row) => row.id));
}

/** The groups an agent is in, with every group above them. */
export async function agentGroupIds(db: Db, agentId: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    with recursive up(id) as (
      select ag.group_id from agent_groups ag where ag.agent_id = ${agentId}
      union
      select g.parent_id from groups g join up on g.id = up.id where g.parent_id is not null
    )
    select id from up`.execute(db);
  return rows.rows.map((row) => row.id);
}

export async function insertPage(
  db: Db,
  values: {
    publicId: string;
    companyId: number;
    title: string;
    kind: 'dashboard' | 'report';
    groupId: number | null;
  },
): Promise<PageRow> {
  const { id } = await db
    .insertInto('pages')
    .values({
      public_id: values.publicId,
      company_id: values.companyId,
      title: values.title,
      kind: values.kind,
      group_id: values.groupId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return findPageById(db, id);
}

export async function updatePage(
  db: Db,
  id: number,
  values: Partial<{
    kind: 'dashboard' | 'report';
    group_id: number | null;
    draft_version_id: number | null;
    published_version_id: number | null;
    is_default: boolean;
  }>,
) {
  await db
    .updateTable('pages')
    .set({ ...values, updated_at: sql`clock_timestamp()` })
    .where('id', '=', id)
    .execute();
}

export async function clearDefaultPage(db: Db, companyId: number) {
  // Serialises default changes of one company, so two at once cannot both pass the unique index's check.
  await db.selectFrom('companies').select('id').where('id', '=', companyId).forNoKeyUpdate().execute();
  await db
    .updateTable('pages')
    .set({ is_default: false, updated_at: sql`clock_timestamp()` })
    .where('company_id', '=', companyId)
    .where('is_default', '=', true)
    .execute();
}

export async function deletePage(db: Db, id: number) {
  // The versions point back at the page; dropping the page's references first keeps the cascade simple.
  await db
    .updateTable('pages')
    .set({ draft_version_id: null, published_version_id: null })
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('pages').where('id', '=', id).execute();
}

export async function replacePageLinks(
  db: Db,
  pageId: number,
  links: { agentIds?: number[]; assetIds?: number[] },
) {
  if (links.agentIds) {
    await db.deleteFrom('page_agents').where('page_id', '=', pageId).execute();
    if (links.agentIds.length > 0)
      await db
        .insertInto('page_agents')
        .values(links.agentIds.map((agent_id) => ({ page_id: pageId, agent_id })))
        .execute();
  }
  if (links.assetIds) {
    await db.deleteFrom('page_assets').where('page_id', '=', pageId).execute();
    if (links.assetIds.length > 0)
      await db
        .insertInto('page_assets')
        .values(links.assetIds.map((asset_id) => ({ page_id: pageId, asset_id })))
        .execute();
  }
}

export async function pageLinks(db: Db, pageId: number) {
  const [agents, assets] = await Promise.all([
    db
      .selectFrom('page_agents')
      .select('agent_id')
      .where('page_id', '=', pageId)
      .orderBy('agent_id')
      .execute(),
    db
      .selectFrom('page_assets')
      .select('asset_id')
      .where('page_id', '=', pageId)
      .orderBy('asset_id')
      .execute(),
  ]);
  return { agentIds: agents.map((row) => row.agent_id), assetIds: assets.map((row) => row.asset_id) };
}

const versionColumns = [
  'id',
  'public_id',
  'page_id',
  'title',
  'icon',
  'group_id',
  'period_spec',
  'components',
  'preview_agent_id',
  'preview_asset_id',
  'created_at',
  'updated_at',
] as const;

export async function findVersion(
  db: Db,
  companyId: number,
  publicId: string,
): Promise<VersionRow | undefined> {
  return await db
    .selectFrom('page_versions')
    .select(versionColumns)
    .where('company_id', '=', companyId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

export async function findVersionById(db: Db, id: number): Promise<VersionRow> {
  return await db
    .selectFrom('page_versions')
    .select(versionColumns)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function insertVersion(
  db: Db,
  values: VersionValues & { publicId: string; companyId: number; pageId: number },
): Promise<number> {
  const { id } = await db
    .insertInto('page_versions')
    .values({
      public_id: values.publicId,
      company_id: values.companyId,
      page_id: values.pageId,
      title: values.title,
      icon: values.icon,
      group_id: values.groupId,
      period_spec: values.periodSpec,
      components: JSON.stringify(values.components),
      preview_agent_id: values.previewAgentId,
      preview_asset_id: values.previewAssetId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceSubPages(db, id, values.subPageIds);
  return id;
}

export async function updateVersion(db: Db, id: number, values: Partial<VersionValues>) {
  const { subPageIds, components, ...rest } = values;
  await db
    .updateTable('page_versions')
    .set({
      ...(rest.title === undefined ? {} : { title: rest.title }),
      ...(rest.icon === undefined ? {} : { icon: rest.icon }),
      ...(rest.groupId === undefined ? {} : { group_id: rest.groupId }),
      ...(rest.periodSpec === undefined ? {} : { period_spec: rest.periodSpec }),
      ...(components === undefined ? {} : { components: JSON.stringify(components) }),
      ...(rest.previewAgentId === undefined ? {} : { preview_agent_id: rest.previewAgentId }),
      ...(rest.previewAssetId === undefined ? {} : { preview_asset_id: rest.previewAssetId }),
      updated_at: sql`clock_timestamp()`,
    })
    .where('id', '=', id)
    .execute();
  if (subPageIds) await replaceSubPages(db, id, subPageIds);
}

async function replaceSubPages(db: Db, versionId: number, subPageIds: number[]) {
  await db.deleteFrom('page_version_pages').where('page_version_id', '=', versionId).execute();
  if (subPageIds.length > 0)
    await db
      .insertInto('page_version_pages')
      .values(
        subPageIds.map((sub_page_id, sort_order) => ({
          page_version_id: versionId,
          sub_page_id,
          sort_order,
        })),
      )
      .execute();
}

export async function deleteVersion(db: Db, id: number) {
  await db.deleteFrom('page_versions').where('id', '=', id).execute();
}

export async function subPageIds(db: Db, versionId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('page_version_pages')
    .select('sub_page_id')
    .where('page_version_id', '=', versionId)
    .orderBy('sort_order')
    .execute();
  return rows.map((row) => row.sub_page_id);
}

/** Ids of the company's rows with these publicIds (agents, assets, groups, pages). */
export async function idsByPublicId(
  db: Db,
  table: 'agents' | 'assets' | 'groups' | 'pages',
  companyId: number,
  publicIds: string[],
): Promise<Map<string, number>> {
  if (publicIds.length === 0) return new Map();
  const rows = await db
    .selectFrom(table)
    .select(['id', 'public_id'])
    .where('company_id', '=', companyId)
    .where('public_id', 'in', publicIds)
    .execute();
  return new Map(rows.map((row) => [row.public_id, row.id]));
}

/**
 * Everything the presenter needs besides the page rows, fetched in a few queries. Without
 * `drafts`, draft versions (and what only they name) are not read.
 */
export async function loadPageDetails(
  db: Db,
  pages: PageRow[],
  options: { drafts: boolean } = { drafts: true },
) {
  const pageIds = pages.map((page) => page.id);
  const versionIds = pages.flatMap((page) =>
    [options.drafts ? page.draft_version_id : null, page.published_version_id].filter(
      (id): id is number => id !== null,
    ),
  );
  const none = pageIds.length === 0;
  const [versions, agents, assets, subPages] = await Promise.all([
    versionIds.length === 0
      ? []
      : (db
          .selectFrom('page_versions')
          .select(versionColumns)
          .where('id', 'in', versionIds)
          .execute() as Promise<VersionRow[]>),
    none
      ? []
      : db
          .selectFrom('page_agents')
          .innerJoin('agents', 'agents.id', 'page_agents.agent_id')
          .select(['page_agents.page_id', 'agents.id', 'agents.public_id', 'agents.name'])
          .where('page_agents.page_id', 'in', pageIds)
          .orderBy('agents.name')
          .orderBy('agents.public_id')
          .execute(),
    none
      ? []
      : db
          .selectFrom('page_assets')
          .innerJoin('assets', 'assets.id', 'page_assets.asset_id')
          .select(['page_assets.page_id', 'assets.id', 'assets.public_id', 'assets.name', 'assets.agent_id'])
          .where('page_assets.page_id', 'in', pageIds)
          .orderBy('assets.name')
          .orderBy('assets.public_id')
          .execute(),
    versionIds.length === 0
      ? []
      : db
          .selectFrom('page_version_pages')
          .innerJoin('pages as sub', 'sub.id', 'page_version_pages.sub_page_id')
          .leftJoin('page_versions as published', 'published.id', 'sub.published_version_id')
          .select([
            'page_version_pages.page_version_id',
            'sub.id as sub_page_id',
            'sub.public_id',
            'published.title as published_title',
          ])
          .where('page_version_pages.page_version_id', 'in', versionIds)
          .orderBy('page_version_pages.sort_order')
          .execute(),
  ]);
  const groupIds = [
    ...new Set(
      [...pages.map((page) => page.group_id), ...versions.map((version) => version.group_id)].filter(
        (id): id is number => id !== null,
      ),
    ),
  ];
  const previewAgentIds = versions.map((v) => v.preview_agent_id).filter((id): id is number => id !== null);
  const previewAssetIds = versions.map((v) => v.preview_asset_id).filter((id): id is number => id !== null);
  const [groups, previewAgents, previewAssets] = await Promise.all([
    groupIds.length === 0
      ? []
      : db.selectFrom('groups').select(['id', 'public_id', 'name']).where('id', 'in', groupIds).execute(),
    previewAgentIds.length === 0
      ? []
      : db
          .selectFrom('agents')
          .select(['id', 'public_id', 'name'])
          .where('id', 'in', previewAgentIds)
          .execute(),
    previewAssetIds.length === 0
      ? []
      : db
          .selectFrom('assets')
          .select(['id', 'public_id', 'name', 'agent_id'])
          .where('id', 'in', previewAssetIds)
          .execute(),
  ]);
  return { versions, agents, assets, subPages, groups, previewAgents, previewAssets };
}

export type PageDetails = Awaited<ReturnType<typeof loadPageDetails>>;
