import { sql } from 'kysely';
import { screensaverErrorMessages, errorMessages } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { ApiError, badRequest, forbidden } from '../../http/errors.ts';
import { publicIdPattern } from '../../http/ids.ts';
import type { Viewer } from '../../http/resource.ts';
import { agentCapabilities } from '../access/access.policy.ts';
import { agentVisibility } from '../agents/agent-visibility.ts';

export type ScreensaverAgent = { id: number; companyId: number; publicId: string; hasDisplay: boolean };

const agentNotFound = () => new ApiError(404, [{ message: errorMessages.notFound, propertyName: 'agent' }]);

/**
 * The agent of the company acted in, if the reader sees it (the agents list's rule): another
 * company's agent, or one the reader cannot see, is not found.
 */
export async function findVisibleAgent(
  db: Db,
  viewer: Viewer,
  where: { publicId: string } | { id: number },
  forUpdate = false,
): Promise<ScreensaverAgent | undefined> {
  let query = db
    .selectFrom('agents')
    .select(['id', 'company_id', 'public_id', 'has_display'])
    .where('company_id', '=', viewer.company.id);
  query = 'id' in where ? query.where('id', '=', where.id) : query.where('public_id', '=', where.publicId);
  const visible = agentVisibility(viewer, sql.ref<number>('agents.id'));
  if (visible) query = query.where(visible);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return (
    row && { id: row.id, companyId: row.company_id, publicId: row.public_id, hasDisplay: row.has_display }
  );
}

/** Whoever manages this agent (by company role or a group role) may change its screensaver. */
export async function assertManagesAgent(db: Db, viewer: Viewer, agent: ScreensaverAgent) {
  const held = await agentCapabilities(db, viewer.user.id, agent);
  if (!held.has('agents.manage')) throw forbidden();
}

/**
 * The agent an upload is for (`?agent=<publicId>`), checked before any byte of the body is read:
 * named and well formed (400), seen by the reader (404), managed by them (403), with a display (400).
 */
export async function uploadTarget(
  db: Db,
  viewer: Viewer,
  agentPublicId: unknown,
  forUpdate = false,
): Promise<ScreensaverAgent> {
  if (typeof agentPublicId !== 'string' || agentPublicId === '')
    throw badRequest(errorMessages.required, 'agent');
  if (!publicIdPattern.test(agentPublicId)) throw agentNotFound();
  const agent = await findVisibleAgent(db, viewer, { publicId: agentPublicId }, forUpdate);
  if (!agent) throw agentNotFound();
  await assertManagesAgent(db, viewer, agent);
  if (!agent.hasDisplay) throw badRequest(screensaverErrorMessages.noDisplay, 'agent');
  return agent;
}
