import { backendComponentLimits } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';

/** A company's kept runs of a template, newest first (at most the number kept per template). */
export function runsOf(db: Db, companyId: number, templateId: number) {
  return db
    .selectFrom('backend_component_runs')
    .select(['id', 'trigger', 'status', 'started_at', 'duration_ms', 'logs', 'result', 'error'])
    .where('company_id', '=', companyId)
    .where('template_id', '=', templateId)
    .orderBy('id', 'desc')
    .limit(backendComponentLimits.runsKept)
    .execute();
}

export type RunRow = Awaited<ReturnType<typeof runsOf>>[number];
