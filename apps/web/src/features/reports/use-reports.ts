import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page, ReportJob } from '@fleetgate/contracts';
import { apiData, apiDownload } from '../../api/client.ts';
import { useLiveEvent } from '../../api/live-events.tsx';
import { useCompanyId } from '../../auth/session.ts';

export type ReportDeviceKind = 'agent' | 'asset';

const queueRel = { agent: 'AgentQueueReportList', asset: 'AssetQueueReportList' } as const;
const pageListRel = { agent: 'AgentPageList', asset: 'AssetPageList' } as const;

const jobsKey = (company: string | null, kind: ReportDeviceKind, publicId: string) =>
  ['ReportJobs', company, kind, publicId] as const;

/** The caller's report jobs of a device (`POST AgentQueueReportList/{agent}` with `{}`). */
export function useDeviceReportJobs(kind: ReportDeviceKind, publicId: string, enabled = true) {
  const company = useCompanyId();
  return useQuery({
    queryKey: jobsKey(company, kind, publicId),
    queryFn: () => apiData<ReportJob[]>(queueRel[kind], { method: 'POST', params: { publicId }, body: {} }),
    enabled: enabled && company !== null,
    retry: false,
  });
}

/**
 * The device's published pages (`GET AgentPageList/{agent}`): the server renders any of them as a
 * report, and the console has no way to make a page of kind `report`, so none is left out.
 */
export function useDeviceReportPages(kind: ReportDeviceKind, publicId: string, enabled: boolean) {
  const company = useCompanyId();
  return useQuery({
    queryKey: ['ReportPages', company, kind, publicId],
    queryFn: async () => {
      const pages = await apiData<Page[]>(pageListRel[kind], { params: { publicId } });
      return pages.filter((page) => page.publishedVersion !== null);
    },
    enabled: enabled && company !== null,
  });
}

export type QueueReportBody = { report: { publicId: string }; start: string; end: string; timeZone: string };

/** Queues a report for the device. */
export function useQueueReport(kind: ReportDeviceKind, publicId: string) {
  const queryClient = useQueryClient();
  const company = useCompanyId();
  return useMutation({
    mutationFn: (body: QueueReportBody) =>
      apiData<ReportJob>(queueRel[kind], { method: 'POST', params: { publicId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsKey(company, kind, publicId) }),
  });
}

/** Downloads a done report (`GET ReportFile/{publicId}`) and saves it under its file name. */
export async function downloadReport(job: ReportJob) {
  const blob = await apiDownload('ReportFile', { params: { publicId: job.publicId } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = job.fileName ?? 'report.pdf';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Keeps the job list current as the worker reports progress (`ReportJobChanged`). */
export function useReportJobsLiveUpdates() {
  const queryClient = useQueryClient();
  useLiveEvent('ReportJobChanged', (job) => {
    let known = false;
    queryClient.setQueriesData<ReportJob[]>({ queryKey: ['ReportJobs'] }, (jobs) => {
      if (!jobs?.some((one) => one.publicId === job.publicId)) return jobs;
      known = true;
      return jobs.map((one) => (one.publicId === job.publicId ? job : one));
    });
    // A job queued in another tab: read the lists again.
    if (!known) void queryClient.invalidateQueries({ queryKey: ['ReportJobs'] });
  });
}
