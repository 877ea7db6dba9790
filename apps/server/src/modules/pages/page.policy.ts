import { sql, type Expression, type SqlBool } from 'kysely';
import type { ApiContext } from '../../http/api.ts';
import { forbidden } from '../../http/errors.ts';
import type { Viewer } from '../../http/resource.ts';
import { unexpired } from '../../auth/temporary-access.ts';
import { agentVisibility } from '../agents/agent-visibility.ts';

export const managePages = 'pages.manage';

/** Whether the viewer manages pages: sees every page, its draft and every name it holds. */
export function managesPages(viewer: Viewer) {
  return viewer.company.capabilities.has(managePages);
}

export function authorizeManage(ctx: ApiContext<'company'>) {
  if (!ctx.company.capabilities.has(managePages)) throw forbidden();
}

/** The groups a member was given a role in, and every group below them (as for agents). */
function visibleGroups(viewer: Viewer) {
  return sql`(
    with recursive visible_groups(id) as (
      select gm.group_id from group_members gm
      where gm.user_id = ${viewer.user.id} and gm.company_id = ${viewer.company.id}
        and ${unexpired('gm.expires_on')}
      union
      select g.id from groups g join visible_groups v on g.parent_id = v.id
    )
    select id from visible_groups
  )`;
}

/**
 * Which pages a member sees: all of the company's with `pages.manage`; otherwise the default
 * page, the pages linked to an agent they see or to an asset of such an agent, and the pages
 * of a group they see (every group when they see every agent). An asset without an agent
 * counts as seen only by those who see every agent. Returns null when nothing needs filtering.
 */
export function pageVisibility(viewer: Viewer, pageId: Expression<number>): Expression<SqlBool> | null {
  if (managesPages(viewer)) return null;
  const agentSeen = agentVisibility(viewer, sql.ref('pa.agent_id'));
  const assetAgentSeen = agentVisibility(viewer, sql.ref('a.agent_id'));
  const agents = sql`select pa.page_id from page_agents pa ${agentSeen ? sql`where ${agentSeen}` : sql``}`;
  const assets = sql`select ps.page_id from page_assets ps join assets a on a.id = ps.asset_id
    ${assetAgentSeen ? sql`where a.agent_id is not null and ${assetAgentSeen}` : sql``}`;
  const company = viewer.company.id;
  const groups = agentSeen
    ? sql`select p.id from pages p where p.company_id = ${company} and p.group_id in ${visibleGroups(viewer)}`
    : sql`select p.id from pages p where p.company_id = ${company} and p.group_id is not null`;
  return sql<SqlBool>`(${pageId} in (select p.id from pages p where p.is_default and p.company_id = ${company})
    or ${pageId} in (${agents}) or ${pageId} in (${assets}) or ${pageId} in (${groups}))`;
}
