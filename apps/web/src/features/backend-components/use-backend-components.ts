import { useQuery } from '@tanstack/react-query';
import type {
  BackendComponentTemplate,
  BackendComponentTemplateCreateInput,
  BackendComponentTemplatePatchInput,
} from '@fleetgate/contracts';
import { apiData, apiDownload } from '../../api/client.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { fetchAll } from '../users/fetch-all.ts';

export const templateListKey = ['BackendComponentTemplateList'] as const;

/** Every template the company sees: its own and those other companies share with it. */
export function useTemplates() {
  return useQuery({
    queryKey: templateListKey,
    queryFn: () => fetchAll<BackendComponentTemplate>('BackendComponentTemplateList', { fields: '*' }),
  });
}

/** One template, read from the list (there is no item GET); `null` once loaded without it. */
export function useTemplate(publicId: string | null) {
  const templates = useTemplates();
  const template =
    publicId === null ? null : (templates.data?.find((one) => one.publicId === publicId) ?? null);
  return { ...templates, template };
}

export function useCreateTemplate() {
  return useInvalidatingMutation(templateListKey, (input: BackendComponentTemplateCreateInput) =>
    apiData<BackendComponentTemplate>('BackendComponentTemplateList', { method: 'POST', body: input }),
  );
}

export function useUpdateTemplate() {
  return useInvalidatingMutation(
    templateListKey,
    ({ publicId, changes }: { publicId: string; changes: BackendComponentTemplatePatchInput }) =>
      apiData<BackendComponentTemplate>('BackendComponentTemplate', {
        method: 'PATCH',
        params: { publicId },
        body: changes,
      }),
  );
}

export function useDeleteTemplate() {
  return useInvalidatingMutation(templateListKey, (publicId: string) =>
    apiData<unknown>('BackendComponentTemplate', { method: 'DELETE', params: { publicId } }),
  );
}

/** The file name the spec gives the log download, whatever the template is called. */
export const logFileName = 'cloud-function.log';

/** Fetches the template's run log and hands it to the browser as `cloud-function.log`. */
export async function downloadLogs(publicId: string): Promise<void> {
  const blob = await apiDownload('BackendComponentTemplateDownloadLogs', { params: { publicId } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = logFileName;
  link.click();
  // The click starts the download synchronously, but revoking at once races it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
