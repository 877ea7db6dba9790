import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { setCompanyId } from '../../auth/session.ts';

/** Makes `companyId` the company every call acts in, then opens the console. */
export function useSelectCompany() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (companyId: string, next = '/') => {
      // Cached data belongs to the previous company.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'CompanyList' });
      setCompanyId(companyId);
      await navigate(next, { replace: true });
    },
    [navigate, queryClient],
  );
}
