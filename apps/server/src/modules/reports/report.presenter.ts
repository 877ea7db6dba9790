import type { ReportJob } from '@fleetgate/contracts';
import type { ReportJobRow } from './report.repository.ts';

export function presentReportJob(row: ReportJobRow): ReportJob {
  return {
    publicId: row.public_id,
    state: row.state,
    progress: row.progress,
    report: { publicId: row.page_public_id, title: row.page_title },
    agent: row.agent_public_id ? { publicId: row.agent_public_id, name: row.agent_name ?? '' } : null,
    asset: row.asset_public_id ? { publicId: row.asset_public_id, name: row.asset_name ?? '' } : null,
    start: row.period_start.toISOString(),
    end: row.period_end.toISOString(),
    timeZone: row.time_zone,
    requestedBy: row.user_public_id ? { publicId: row.user_public_id, name: row.user_name ?? '' } : null,
    fileName: row.state === 'done' ? row.file_name : null,
    sizeBytes: row.state === 'done' ? row.size_bytes : null,
    error: row.error,
    createdOn: row.created_at.toISOString(),
    finishedOn: row.finished_at ? row.finished_at.toISOString() : null,
  };
}

/** A file name safe in any Content-Disposition and file system: letters, digits, dash, dot. */
export function reportFileName(title: string, start: Date, timeZone: string) {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(start)
    .replace(/[^0-9-]/g, '');
  const base = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'report'}-${day}.pdf`;
}
