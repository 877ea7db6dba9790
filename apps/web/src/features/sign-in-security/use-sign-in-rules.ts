import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanySignInRules, CompanySignInRulesPatchInput } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';

/**
 * The company's sign-in rules. Exported so that whatever adds or removes an identity provider
 * (the SSO section on this page) invalidates it: `hasIdentityProvider` enables the SSO switch.
 */
export const signInRulesKey = (companyId: string) => ['CompanySignInRules', companyId] as const;

export function useSignInRules(companyId: string) {
  return useQuery({
    queryKey: signInRulesKey(companyId),
    queryFn: () => apiData<CompanySignInRules>('CompanySignInRules', { companyId }),
  });
}

export function useUpdateSignInRules(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: CompanySignInRulesPatchInput) =>
      apiData<CompanySignInRules>('CompanySignInRules', { method: 'PATCH', companyId, body: changes }),
    onSuccess: async (rules) => {
      queryClient.setQueryData(signInRulesKey(companyId), rules);
      // The rules may now apply to the admin too (MyUser.signInRules): the shell reads them again.
      await queryClient.invalidateQueries({ queryKey: ['MyUser'] });
    },
  });
}
