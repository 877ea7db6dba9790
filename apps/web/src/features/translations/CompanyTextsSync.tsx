import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useLiveEvent } from '../../api/live-events.tsx';
import { CompanyTexts } from './company-texts.ts';
import { translationsQueryKey, useCompanyTranslations } from './use-translations.ts';

let companyTexts: CompanyTexts | undefined;
const texts = () => (companyTexts ??= new CompanyTexts(i18next));

/**
 * Keeps the app's texts in step with the company's translations while a member works in it:
 * applied as soon as they load and whenever they change (live), and the app's own texts
 * restored when the user leaves the company or logs out.
 */
export function CompanyTextsSync({ companyId }: { companyId: string }) {
  const queryClient = useQueryClient();
  const translations = useCompanyTranslations(companyId);
  useLiveEvent('TranslationsChanged', () => {
    void queryClient.invalidateQueries({ queryKey: translationsQueryKey });
  });
  useEffect(() => {
    if (translations.data) texts().apply(translations.data);
  }, [translations.data]);
  useEffect(() => () => texts().apply([]), [companyId]);
  return null;
}
