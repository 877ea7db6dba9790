import { useQuery } from '@tanstack/react-query';
import type { Translation, TranslationChange, TranslationCreate } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { useCompanyId } from '../../auth/session.ts';
import { fetchAll } from '../users/fetch-all.ts';

const listKey = ['TranslationList'] as const;

/**
 * Every translation of the selected company, all pages of them. The app's texts and the
 * translations page share this one query; a `TranslationsChanged` live event reloads it.
 */
export function useCompanyTranslations(companyId?: string) {
  const selected = useCompanyId();
  const company = companyId ?? selected;
  return useQuery({
    queryKey: [...listKey, company],
    queryFn: () => fetchAll<Translation>('TranslationList', { fields: '*,languages(*)' }),
    enabled: company !== null,
  });
}

export function useCreateTranslations() {
  return useInvalidatingMutation(listKey, (items: TranslationCreate[]) =>
    apiData<Translation[]>('TranslationList', { method: 'POST', body: items }),
  );
}

export function useChangeTranslations() {
  return useInvalidatingMutation(listKey, (items: TranslationChange[]) =>
    apiData<Translation[]>('TranslationList', { method: 'PATCH', body: items }),
  );
}

export function useDeleteTranslations() {
  return useInvalidatingMutation(listKey, (publicIds: string[]) =>
    apiData<{ publicId: string }[]>('TranslationList', {
      method: 'DELETE',
      body: publicIds.map((publicId) => ({ publicId })),
    }),
  );
}

export const translationsQueryKey = listKey;
