import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyProperty, CompanyPropertyValue, CustomField } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { fetchAll } from '../users/fetch-all.ts';

const propertiesKey = ['MyCompanyCustomPropertyList'] as const;

/** The custom fields of entity `company`: what the Properties tab offers besides the settings. */
export function useCompanyFields(companyId: string) {
  return useQuery({
    queryKey: ['CustomPropertyList', companyId, 'company'],
    queryFn: () => fetchAll<CustomField>('CustomPropertyList', { filters: 'eq(entity,"company")' }),
  });
}

/** The company's own values (of its fields and its `custom.*` settings). */
export function useCompanyProperties(companyId: string) {
  return useQuery({
    queryKey: [...propertiesKey, companyId],
    queryFn: () => fetchAll<CompanyProperty>('MyCompanyCustomPropertyList'),
  });
}

/** What saving the form sends: new values, changed values and values cleared, each one call (all or none). */
export type PropertySave = {
  create: { key: string; value: CompanyPropertyValue }[];
  change: { publicId: string; value: CompanyPropertyValue }[];
  remove: string[];
};

/** Sends a save; the step that failed rejects with its ApiError (`step` says which list its listIndex counts in). */
export function useSaveCompanyProperties() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: PropertySave) => {
      const run = async (step: keyof PropertySave, call: () => Promise<unknown>) => {
        try {
          await call();
        } catch (error) {
          if (error instanceof Error) throw Object.assign(error, { step });
          throw error;
        }
      };
      if (save.remove.length > 0)
        await run('remove', () =>
          apiData('MyCompanyCustomPropertyList', {
            method: 'DELETE',
            body: save.remove.map((publicId) => ({ publicId })),
          }),
        );
      if (save.change.length > 0)
        await run('change', () =>
          apiData('MyCompanyCustomPropertyList', { method: 'PATCH', body: save.change }),
        );
      if (save.create.length > 0)
        await run('create', () =>
          apiData('MyCompanyCustomPropertyList', { method: 'POST', body: save.create }),
        );
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: propertiesKey });
      // The release-notes address is also part of the Company and its branding.
      await queryClient.invalidateQueries({ queryKey: ['MyCompanyBranding'] });
      await queryClient.invalidateQueries({ queryKey: ['Company'] });
    },
  });
}
