import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyUser } from '@fleetgate/contracts';
import { apiData } from '../api/client.ts';
import { useCompanyId } from './session.ts';

/** The user as seen in this company (the one the query is keyed on), or in none. */
export function myUserQuery(companyId: string | null) {
  return queryOptions({
    queryKey: ['MyUser', companyId],
    queryFn: () => apiData<MyUser>('MyUser', companyId === null ? { companyScoped: false } : { companyId }),
  });
}

/** The signed-in user as seen in the selected company; idle while no company is selected. */
export function useMyUser() {
  const companyId = useCompanyId();
  return useQuery({ ...myUserQuery(companyId), enabled: companyId !== null });
}
