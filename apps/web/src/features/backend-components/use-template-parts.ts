import { useQuery } from '@tanstack/react-query';
import type {
  BackendComponentMessageSubscription,
  BackendComponentMessageSubscriptionCreateInput,
  BackendComponentTemplateConfig,
  BackendComponentTemplateConfigCreateInput,
  BackendComponentTemplateConfigPatchInput,
  BackendComponentTemplateShare,
} from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { fetchAll } from '../users/fetch-all.ts';

/** The list filter every part of a template is read with. */
const ofTemplate = (templateId: string) => ({
  filters: `eq(template.publicId,${JSON.stringify(templateId)})`,
});

const configKey = (templateId: string) => ['BackendComponentTemplateConfigList', templateId] as const;
const sharesKey = (templateId: string) => ['BackendComponentTemplateShareList', templateId] as const;
const subscriptionsKey = (templateId: string) =>
  ['BackendComponentMessageSubscriptionList', templateId] as const;

/** The template's configuration: the first the server lists for it, `null` while it has none. */
export function useTemplateConfig(templateId: string) {
  return useQuery({
    queryKey: configKey(templateId),
    queryFn: async () => {
      const configs = await apiData<BackendComponentTemplateConfig[]>('BackendComponentTemplateConfigList', {
        query: { ...ofTemplate(templateId), fields: '*', 'page-size': 1 },
      });
      return configs[0] ?? null;
    },
  });
}

export type ConfigSave =
  | { mode: 'create'; input: BackendComponentTemplateConfigCreateInput }
  | { mode: 'patch'; publicId: string; changes: BackendComponentTemplateConfigPatchInput };

export function useSaveTemplateConfig(templateId: string) {
  return useInvalidatingMutation(configKey(templateId), (save: ConfigSave) =>
    save.mode === 'create'
      ? apiData<BackendComponentTemplateConfig>('BackendComponentTemplateConfigList', {
          method: 'POST',
          body: save.input,
        })
      : apiData<BackendComponentTemplateConfig>('BackendComponentTemplateConfig', {
          method: 'PATCH',
          params: { publicId: save.publicId },
          body: save.changes,
        }),
  );
}

export function useTemplateShares(templateId: string) {
  return useQuery({
    queryKey: sharesKey(templateId),
    queryFn: () =>
      fetchAll<BackendComponentTemplateShare>('BackendComponentTemplateShareList', {
        ...ofTemplate(templateId),
        fields: '*',
      }),
  });
}

export function useCreateShare(templateId: string) {
  return useInvalidatingMutation(sharesKey(templateId), (companyId: string) =>
    apiData<BackendComponentTemplateShare>('BackendComponentTemplateShareList', {
      method: 'POST',
      body: { template: { publicId: templateId }, company: { publicId: companyId } },
    }),
  );
}

export function useDeleteShare(templateId: string) {
  return useInvalidatingMutation(sharesKey(templateId), (publicId: string) =>
    apiData<unknown>('BackendComponentTemplateShare', { method: 'DELETE', params: { publicId } }),
  );
}

export function useSubscriptions(templateId: string) {
  return useQuery({
    queryKey: subscriptionsKey(templateId),
    queryFn: () =>
      fetchAll<BackendComponentMessageSubscription>('BackendComponentMessageSubscriptionList', {
        ...ofTemplate(templateId),
        fields: '*',
      }),
  });
}

export function useCreateSubscription(templateId: string) {
  return useInvalidatingMutation(
    subscriptionsKey(templateId),
    (input: BackendComponentMessageSubscriptionCreateInput) =>
      apiData<BackendComponentMessageSubscription>('BackendComponentMessageSubscriptionList', {
        method: 'POST',
        body: input,
      }),
  );
}

export function useSetSubscriptionEnabled(templateId: string) {
  return useInvalidatingMutation(
    subscriptionsKey(templateId),
    ({ publicId, enabled }: { publicId: string; enabled: boolean }) =>
      apiData<BackendComponentMessageSubscription>('BackendComponentMessageSubscription', {
        method: 'PATCH',
        params: { publicId },
        body: { enabled },
      }),
  );
}

export function useDeleteSubscription(templateId: string) {
  return useInvalidatingMutation(subscriptionsKey(templateId), (publicId: string) =>
    apiData<unknown>('BackendComponentMessageSubscription', { method: 'DELETE', params: { publicId } }),
  );
}
