import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanySummary } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';

export function companiesQuery() {
  return queryOptions({
    queryKey: ['CompanyList'],
    queryFn: () =>
      apiData<CompanySummary[]>('CompanyList', { query: { 'page-size': 4000 }, companyScoped: false }),
  });
}

/** The companies the signed-in user belongs to, with their role in each. */
export function useCompanies() {
  return useQuery(companiesQuery());
}

/** Creates a company; the creator becomes its administrator. */
export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string }) =>
      apiData<{ publicId: string; name: string }>('CompanyList', {
        method: 'POST',
        body: input,
        companyScoped: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesQuery().queryKey }),
  });
}
