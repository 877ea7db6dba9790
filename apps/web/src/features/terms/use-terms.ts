import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LegalTextLanguageInput,
  PrivacyStatement,
  PublicLegalText,
  TermsOfUseAcceptance,
  TermsOfUsePolicy,
} from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { myUserQuery } from '../../auth/use-my-user.ts';

export type LegalTextKind = 'termsOfUse' | 'privacyStatement';

const companyRel = {
  termsOfUse: 'CompanyTermsOfUsePolicy',
  privacyStatement: 'CompanyPrivacyStatement',
} as const;
const patchRel = {
  termsOfUse: 'CompanyTermsOfUsePolicyLanguage',
  privacyStatement: 'CompanyPrivacyStatementLanguage',
} as const;
const publicRel = { termsOfUse: 'PublicTermsOfUse', privacyStatement: 'PublicPrivacyStatement' } as const;

export const companyTextKey = (kind: LegalTextKind, companyId: string) =>
  [companyRel[kind], companyId] as const;

type CompanyText<K extends LegalTextKind> = K extends 'termsOfUse' ? TermsOfUsePolicy : PrivacyStatement;

/** The text that applies in the company (its own, else its sector's), or null. */
export function useCompanyText<K extends LegalTextKind>(kind: K, companyId: string | null) {
  return useQuery({
    queryKey: companyTextKey(kind, companyId ?? ''),
    queryFn: () => apiData<CompanyText<K> | null>(companyRel[kind], { companyId: companyId! }),
    enabled: companyId !== null,
  });
}

/** The texts of the host the app is served on (its company's or sector's), else the instance's. */
export function usePublicText(kind: LegalTextKind) {
  return useQuery({
    queryKey: [publicRel[kind], window.location.hostname],
    queryFn: () =>
      apiData<PublicLegalText>(publicRel[kind], {
        companyScoped: false,
        headers: { 'Api-Branding': window.location.hostname },
      }),
  });
}

/** Saves one language; the answer is the text that applies afterwards. */
export function useSaveLanguage<K extends LegalTextKind>(kind: K, companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LegalTextLanguageInput) =>
      apiData<CompanyText<K> | null>(patchRel[kind], { method: 'PATCH', body: input, companyId }),
    onSuccess: (data) => queryClient.setQueryData(companyTextKey(kind, companyId), data),
  });
}

/** Accepts a policy version; the user's accepted list is read again. */
export function useAcceptTerms(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policyPublicId: string) =>
      apiData<TermsOfUseAcceptance>('TermsOfUsePolicyAcceptance', {
        method: 'POST',
        params: { publicId: policyPublicId },
        companyId,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myUserQuery(companyId).queryKey }),
  });
}
