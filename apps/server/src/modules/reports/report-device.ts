import { sql } from 'kysely';
import { errorMessages } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { publicIdPattern } from '../../http/ids.ts';
import type { Viewer } from '../../http/resource.ts';
import { agentVisibility } from '../agents/agent-visibility.ts';

/** The device a report is for: an agent, or an asset (which reports for its agent's tags). */
export type ReportDevice = {
  agentId: number | null;
  assetId: number | null;
  /** Whose tags the page's tag names are looked up among (null: an asset without agent). */
  tagAgentId: number | null;
  name: string;
  publicId: string;
};

/** 404 naming the reference that is unknown, another company's or not seen. */
export const notFoundAt = (propertyName: string) =>
  new ApiError(404, [{ message: errorMessages.notFound, propertyName }]);

/** The company's agent the viewer sees, or 404 (`agent`). */
export async function visibleAgent(db: Db, viewer: Viewer, publicId: string): Promise<ReportDevice> {
  if (!publicIdPattern.test(publicId)) throw notFoundAt('agent');
  let query = db
    .selectFrom('agents')
    .select(['id', 'public_id', 'name'])
    .where('company_id', '=', viewer.company.id)
    .where('public_id', '=', publicId);
  const visible = agentVisibility(viewer, sql.ref<number>('agents.id'));
  if (visible) query = query.where(visible);
  const row = await query.executeTakeFirst();
  if (!row) throw notFoundAt('agent');
  return { agentId: row.id, assetId: null, tagAgentId: row.id, name: row.name, publicId: row.public_id };
}

/**
 * The company's asset, or 404 (`asset`). A member who sees only some agents sees the assets
 * reached through those agents.
 */
export async function visibleAsset(db: Db, viewer: Viewer, publicId: string): Promise<ReportDevice> {
  if (!publicIdPattern.test(publicId)) throw notFoundAt('asset');
  let query = db
    .selectFrom('assets')
    .select(['id', 'public_id', 'name', 'agent_id'])
    .where('company_id', '=', viewer.company.id)
    .where('public_id', '=', publicId);
  const visible = agentVisibility(viewer, sql.ref<number>('assets.agent_id'));
  if (visible) query = query.where(visible);
  const row = await query.executeTakeFirst();
  if (!row) throw notFoundAt('asset');
  return {
    agentId: null,
    assetId: row.id,
    tagAgentId: row.agent_id,
    name: row.name,
    publicId: row.public_id,
  };
}
