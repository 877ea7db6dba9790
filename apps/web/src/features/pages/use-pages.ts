import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  limits,
  pageErrors,
  pageLimits,
  type Alarm,
  type Page,
  type PageExportFile,
  type PageVersion,
  type PageVersionPatchInput,
  type SampleSeries,
  type Tag,
} from '@fleetgate/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { ApiError } from '../../api/api-error.ts';
import { apiData, apiDownload } from '../../api/client.ts';
import { findEntry } from '../../api/discovery.ts';
import { useLiveEvent } from '../../api/live-events.tsx';
import { uploadWithProgress } from '../../api/upload.ts';
import { getCompanyId } from '../../auth/session.ts';

/**
 * The `{placeholder}` of a discovered href holding one object's id, whatever the server names
 * it (`publicId`, `pageId`, `agentPublicId`…): every call here names exactly one object.
 */
export function idParams(id: string): Record<string, string> {
  const names = [
    'publicId',
    'id',
    'pageId',
    'pagePublicId',
    'versionId',
    'agentId',
    'agentPublicId',
    'assetId',
    'assetPublicId',
  ];
  return Object.fromEntries(names.map((name) => [name, id]));
}

export const pageListKey = ['PageList'] as const;
export const pageKey = (publicId: string) => ['Page', publicId] as const;

/** Which device a page is shown for. */
export type ShownDevice = { kind: 'agent' | 'asset'; publicId: string };

export function usePages() {
  return useQuery({
    queryKey: pageListKey,
    queryFn: () => apiData<Page[]>('PageList', { query: { fields: '*', 'page-size': limits.pageSizeMax } }),
  });
}

export function usePage(publicId: string) {
  return useQuery({
    queryKey: pageKey(publicId),
    queryFn: () => apiData<Page>('Page', { params: idParams(publicId), query: { fields: '*' } }),
    retry: false,
  });
}

/** Reloads the page list and one page (after any change, whether it went through or not). */
function useRefreshPages() {
  const queryClient = useQueryClient();
  return (publicId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: pageListKey }),
      publicId ? queryClient.invalidateQueries({ queryKey: pageKey(publicId) }) : undefined,
      queryClient.invalidateQueries({ queryKey: ['DevicePageList'] }),
    ]);
}

/** Other users' (or other tabs') changes to pages show without a reload. */
export function usePagesLiveUpdates() {
  const refresh = useRefreshPages();
  useLiveEvent('PageChanged', ({ publicId }) => void refresh(publicId));
}

export function useCreatePage() {
  const refresh = useRefreshPages();
  return useMutation({
    mutationFn: (title: string) => apiData<Page>('PageList', { method: 'POST', body: { title } }),
    onSettled: () => refresh(),
  });
}

export function useDeletePage() {
  const refresh = useRefreshPages();
  return useMutation({
    mutationFn: (publicId: string) =>
      apiData<unknown>('Page', { method: 'DELETE', params: idParams(publicId) }),
    onSettled: () => refresh(),
  });
}

export function useDuplicatePage() {
  const refresh = useRefreshPages();
  return useMutation({
    mutationFn: (publicId: string) =>
      apiData<Page>('PageDuplicate', { method: 'POST', params: idParams(publicId) }),
    onSettled: () => refresh(),
  });
}

export function useSetDefaultPage() {
  const refresh = useRefreshPages();
  return useMutation({
    mutationFn: (publicId: string) =>
      apiData<Page>('PageDefault', { method: 'POST', params: idParams(publicId) }),
    onSettled: () => refresh(),
  });
}

/** Downloads the page's export file and hands it to the browser as `<title>.json`. */
export async function exportPage(page: Pick<Page, 'publicId' | 'title'>): Promise<void> {
  const blob = await apiDownload('PageExport', { params: idParams(page.publicId) });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${page.title.replace(/[^\p{L}\p{N} _-]+/gu, '_') || 'page'}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `POST PageImport` with the chosen export file as the body, reporting upload progress. */
export function useImportPage() {
  const refresh = useRefreshPages();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => {
      const entry = await findEntry('PageImport');
      return uploadWithProgress<Page>({
        method: 'POST',
        href: entry.href,
        companyId: getCompanyId() ?? '',
        contentType: 'application/json',
        file,
        onProgress,
      });
    },
    onSettled: () => refresh(),
  });
}

export const importMaxMb = pageLimits.importMaxBytes / (1024 * 1024);

/** Whether a file could be a page export, checked before it is sent. */
export function importProblem(file: Pick<File, 'size'>): 'size' | 'empty' | null {
  if (file.size === 0) return 'empty';
  return file.size > pageLimits.importMaxBytes ? 'size' : null;
}

export type { PageExportFile };

/** Creates the page's draft (empty, or a copy of the published version). */
/** `PATCH Page/{id}` with the devices the page belongs to. */
export function useSetPageDevices(pageId: string) {
  const refresh = useRefreshPages();
  return useMutation({
    mutationFn: (agents: { publicId: string }[]) =>
      apiData<Page>('Page', {
        method: 'PATCH',
        params: idParams(pageId),
        body: { agents: agents.map(({ publicId }) => ({ publicId })) },
      }),
    onSettled: () => refresh(pageId),
  });
}

export function useCreateDraft(pageId: string) {
  const refresh = useRefreshPages();
  return useMutation({
    mutationFn: () =>
      apiData<PageVersion>('PageVersionList', { method: 'POST', params: idParams(pageId), body: {} }),
    onSettled: () => refresh(pageId),
  });
}

export function useSaveDraft(pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ versionId, changes }: { versionId: string; changes: PageVersionPatchInput }) =>
      apiData<PageVersion>('PageVersion', { method: 'PATCH', params: idParams(versionId), body: changes }),
    onSuccess: (version) =>
      queryClient.setQueryData<Page>(pageKey(pageId), (page) =>
        page ? { ...page, draftVersion: version } : page,
      ),
  });
}

/** Publish or discard with no draft fails here already, as on the server (spec §8). */
const noDraftError = () => new ApiError(409, [{ message: pageErrors.noDraft }]);

/** Publishes the page's draft; `draftId` is the draft the caller shows (null: none). */
export function usePublishDraft(pageId: string) {
  const refresh = useRefreshPages();
  return useMutation({
    mutationFn: async (draftId: string | null) => {
      if (draftId === null) throw noDraftError();
      return apiData<Page>('PageDraft', {
        method: 'POST',
        params: idParams(pageId),
        body: { publicId: pageId },
      });
    },
    onSettled: () => refresh(pageId),
  });
}

export function useDiscardDraft(pageId: string) {
  const refresh = useRefreshPages();
  return useMutation({
    mutationFn: async (draftId: string | null) => {
      if (draftId === null) throw noDraftError();
      return apiData<unknown>('PageVersion', { method: 'DELETE', params: idParams(draftId) });
    },
    onSettled: () => refresh(pageId),
  });
}

/** The pages of one device (the device page's Dashboards section, the viewer's device choice). */
export function useDevicePages(device: ShownDevice | null) {
  return useQuery({
    queryKey: ['DevicePageList', device?.kind, device?.publicId],
    enabled: device !== null,
    queryFn: () =>
      apiData<Page[]>(device!.kind === 'agent' ? 'AgentPageList' : 'AssetPageList', {
        params: idParams(device!.publicId),
        query: { fields: '*', 'page-size': pageLimits.devicePageListSize },
      }),
  });
}

export function useAgentTags(agentId: string | null) {
  return useQuery({
    queryKey: ['AgentTagList', agentId],
    enabled: agentId !== null,
    queryFn: () =>
      apiData<Tag[]>('AgentTagList', {
        params: idParams(agentId!),
        query: { 'page-size': limits.pageSizeMax },
      }),
  });
}

/** One series per tag name for the shown device and period (the server picks the buckets). */
export function useSampleSeries(device: ShownDevice | null, tags: readonly string[], start: Date, end: Date) {
  return useQuery({
    queryKey: ['SampleSeries', device?.kind, device?.publicId, tags, start.toISOString(), end.toISOString()],
    enabled: device !== null && tags.length > 0,
    placeholderData: (previous) => previous,
    queryFn: () =>
      apiData<SampleSeries[]>(device!.kind === 'agent' ? 'AgentSampleSeriesList' : 'AssetSampleSeriesList', {
        params: idParams(device!.publicId),
        query: { tag: [...tags], start: start.toISOString(), end: end.toISOString() },
      }),
  });
}

export function useAgentAlarms(agentId: string | null) {
  const queryClient = useQueryClient();
  useLiveEvent('AlarmChanged', (alarm) => {
    if (alarm.agent.publicId === agentId)
      void queryClient.invalidateQueries({ queryKey: ['AgentAlarmList', agentId] });
  });
  return useQuery({
    queryKey: ['AgentAlarmList', agentId],
    enabled: agentId !== null,
    queryFn: () =>
      apiData<Alarm[]>('AgentAlarmList', {
        params: idParams(agentId!),
        query: { 'page-size': limits.pageSizeMax },
      }),
  });
}

/**
 * Calls `onValues` at most every `intervalMs` while new values of the agent arrive (the live
 * event `TagValuesChanged`), so a busy device does not reload the page's charts on every sample.
 */
export function useThrottledTagValues(
  agentId: string | null,
  enabled: boolean,
  onValues: () => void,
  intervalMs = 5000,
) {
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const callback = useRef(onValues);
  useEffect(() => {
    callback.current = onValues;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const fire = useCallback(() => {
    timer.current = null;
    last.current = Date.now();
    callback.current();
  }, []);
  useLiveEvent('TagValuesChanged', ({ agent }) => {
    if (!enabled || agentId === null || agent.publicId !== agentId || timer.current) return;
    const wait = Math.max(0, last.current + intervalMs - Date.now());
    timer.current = setTimeout(fire, wait);
  });
}
