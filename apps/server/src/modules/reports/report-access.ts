import { reportErrors } from '@fleetgate/contracts';
import type { AuthenticatedUser } from '../../auth/context.ts';
import { findCompanyContext } from '../../auth/context.ts';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../http/resource.ts';
import { findDevicePage } from '../pages/page.service.ts';
import { visibleAgent, visibleAsset } from './report-device.ts';

/** A report's device and page as the job and schedule rows name them. */
export type ReportTarget = {
  agent_public_id: string | null;
  asset_public_id: string | null;
  page_public_id: string;
};

/**
 * Why this viewer may not read a report of the target now, or null when they may: they must
 * still see the device and the page, and the page must still belong to the device. Access is
 * checked again at every read and run because it may have been taken away since the job or
 * schedule was made.
 */
export async function reportAccessProblem(db: Db, viewer: Viewer, target: ReportTarget) {
  const device = await (
    target.agent_public_id !== null
      ? visibleAgent(db, viewer, target.agent_public_id)
      : visibleAsset(db, viewer, target.asset_public_id ?? '')
  ).catch(() => null);
  if (!device) return reportErrors.requesterLostDevice;
  const page = await findDevicePage(db, viewer, target.page_public_id, {
    agentId: device.agentId ?? device.tagAgentId,
    assetId: device.assetId,
  });
  return page ? null : reportErrors.requesterLostPage;
}

/** The user as a viewer of the company, or null when they are no longer a member. */
export async function memberViewer(db: Db, userId: number, companyId: number): Promise<Viewer | null> {
  const company = await db
    .selectFrom('companies')
    .select('public_id')
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company) return null;
  const context = await findCompanyContext(db, userId, company.public_id);
  return context ? { user: { id: userId } as AuthenticatedUser, company: context } : null;
}

/** As `reportAccessProblem`, for a user who may have left the company since. */
export async function userReportAccessProblem(
  db: Db,
  userId: number | null,
  companyId: number,
  target: ReportTarget,
) {
  const viewer = userId === null ? null : await memberViewer(db, userId, companyId);
  if (!viewer) return reportErrors.requesterLostDevice;
  return reportAccessProblem(db, viewer, target);
}
