import type { Page, PageComponent, PageExportFile, PageVersion } from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import type { PageDetails, PageRow, VersionRow } from './page.repository.ts';

const named = { publicId: true, name: true } as const;

export const pageVersionFields: FieldSpec = {
  publicId: true,
  title: true,
  custom: { glbMatIcon: true },
  group: named,
  periodSpec: true,
  components: true,
  pagePages: { publicId: true, title: true },
  previewAgent: named,
  previewAsset: named,
  createdOn: true,
  updatedOn: true,
};

export const pageFields: FieldSpec = {
  publicId: true,
  title: true,
  kind: true,
  default: true,
  draftVersion: pageVersionFields,
  publishedVersion: pageVersionFields,
  agents: named,
  assets: named,
  group: named,
  createdOn: true,
};

export const pageFilters: FilterSpec = {
  publicId: { column: 'pages.public_id', type: 'string' },
  title: { column: 'pages.title', type: 'string' },
  kind: { column: 'pages.kind', type: 'string' },
  default: { column: 'pages.is_default', type: 'boolean' },
  createdOn: { column: 'pages.created_at', type: 'date' },
};

type Named = { publicId: string; name: string };

/**
 * What a viewer without `pages.manage` is shown of pages: no drafts, only the agents in
 * `agentIds` (null: every agent), assets of those agents (every asset with null), and the
 * sub-pages in `pageIds`. `null` shows everything.
 */
export type PageScope = { agentIds: Set<number> | null; pageIds: Set<number> } | null;

function byId(rows: { id: number; public_id: string; name: string }[]) {
  return new Map<number, Named>(rows.map((row) => [row.id, { publicId: row.public_id, name: row.name }]));
}

/** Shapes pages with their versions, links and names, from `loadPageDetails`, as `scope` allows. */
export function presentPages(pages: PageRow[], details: PageDetails, scope: PageScope = null): Page[] {
  const agentSeen = (id: number) => scope === null || scope.agentIds === null || scope.agentIds.has(id);
  // An asset without an agent is seen only by those who see every agent (as in page.policy.ts).
  const assetSeen = (agentId: number | null) =>
    scope === null || scope.agentIds === null || (agentId !== null && scope.agentIds.has(agentId));
  const pageSeen = (id: number) => scope === null || scope.pageIds.has(id);
  const groups = byId(details.groups);
  const agents = byId(details.previewAgents.filter((row) => agentSeen(row.id)));
  const assets = byId(details.previewAssets.filter((row) => assetSeen(row.agent_id)));
  const versions = new Map(details.versions.map((row) => [row.id, row]));
  const subPages = new Map<number, PageVersion['pagePages']>();
  for (const row of details.subPages) {
    if (!pageSeen(row.sub_page_id)) continue;
    const list = subPages.get(row.page_version_id) ?? [];
    list.push({ publicId: row.public_id, title: row.published_title });
    subPages.set(row.page_version_id, list);
  }
  const find = (map: Map<number, Named>, id: number | null) => (id === null ? null : (map.get(id) ?? null));
  const version = (id: number | null): PageVersion | null => {
    const row = id === null ? undefined : versions.get(id);
    return row
      ? presentVersion(row, subPages.get(row.id) ?? [], find(groups, row.group_id), agents, assets)
      : null;
  };
  const named = (row: { public_id: string; name: string }) => ({ publicId: row.public_id, name: row.name });
  return pages.map((page) => ({
    publicId: page.public_id,
    title: page.title,
    kind: page.kind,
    default: page.is_default,
    draftVersion: scope === null ? version(page.draft_version_id) : null,
    publishedVersion: version(page.published_version_id),
    agents: details.agents.filter((row) => row.page_id === page.id && agentSeen(row.id)).map(named),
    assets: details.assets.filter((row) => row.page_id === page.id && assetSeen(row.agent_id)).map(named),
    group: find(groups, page.group_id),
    createdOn: page.created_at.toISOString(),
  }));
}

function presentVersion(
  row: VersionRow,
  pagePages: PageVersion['pagePages'],
  group: Named | null,
  agents: Map<number, Named>,
  assets: Map<number, Named>,
): PageVersion {
  return {
    publicId: row.public_id,
    title: row.title,
    custom: { glbMatIcon: row.icon },
    group,
    periodSpec: row.period_spec,
    components: row.components as PageComponent[],
    pagePages,
    previewAgent: row.preview_agent_id === null ? null : (agents.get(row.preview_agent_id) ?? null),
    previewAsset: row.preview_asset_id === null ? null : (assets.get(row.preview_asset_id) ?? null),
    createdOn: row.created_at.toISOString(),
    updatedOn: row.updated_at.toISOString(),
  };
}

type ExportedVersion = NonNullable<PageExportFile['draftVersion']>;

function exportVersion(version: PageVersion | null): ExportedVersion | null {
  if (!version) return null;
  return {
    title: version.title,
    custom: { glbMatIcon: version.custom.glbMatIcon },
    periodSpec: version.periodSpec,
    components: version.components,
    pagePages: version.pagePages,
  };
}

/** The page as a file: its title, kind and versions, without what only its company knows (group, previews). */
export function presentExport(page: Page): PageExportFile {
  return {
    format: 'fleetgate-page',
    formatVersion: 1,
    page: { title: page.title, kind: page.kind },
    draftVersion: exportVersion(page.draftVersion),
    publishedVersion: exportVersion(page.publishedVersion),
  };
}
