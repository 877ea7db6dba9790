import { backendComponentLimits } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { SandboxLogLine, SandboxOutcome } from './sandbox/function-sandbox.ts';

export type RunRecord = {
  companyId: number;
  templateId: number;
  subscriptionId: number | null;
  trigger: string;
  startedAt: Date;
  outcome: Pick<SandboxOutcome, 'status' | 'result' | 'error' | 'durationMs'>;
  logs: SandboxLogLine[];
};

/**
 * Keeps a run and drops the company's runs of the template beyond the newest
 * `runsKept`, so a function that runs every second cannot fill the database.
 */
export async function recordRun(db: Db, run: RunRecord): Promise<void> {
  await db
    .insertInto('backend_component_runs')
    .values({
      company_id: run.companyId,
      template_id: run.templateId,
      subscription_id: run.subscriptionId,
      trigger: run.trigger,
      status: run.outcome.status,
      started_at: run.startedAt,
      duration_ms: Math.round(run.outcome.durationMs),
      logs: JSON.stringify(run.logs),
      result: run.outcome.result === undefined ? null : JSON.stringify(run.outcome.result),
      error: run.outcome.error,
    })
    .execute();
  await db
    .deleteFrom('backend_component_runs')
    .where('company_id', '=', run.companyId)
    .where('template_id', '=', run.templateId)
    .where(
      'id',
      'not in',
      db
        .selectFrom('backend_component_runs')
        .select('id')
        .where('company_id', '=', run.companyId)
        .where('template_id', '=', run.templateId)
        .orderBy('id', 'desc')
        .limit(backendComponentLimits.runsKept),
    )
    .execute();
}
