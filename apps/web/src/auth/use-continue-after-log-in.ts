import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { companiesQuery } from '../features/companies/use-companies.ts';
import { useSelectCompany } from '../features/companies/use-select-company.ts';
import { safeNextPath } from './guards.ts';

/**
 * After logging in: a member of exactly one company goes straight into it, anyone else
 * chooses (or creates) a company first.
 */
export function useContinueAfterLogIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const selectCompany = useSelectCompany();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next')) ?? '/';

  return useCallback(async () => {
    const companies = await queryClient.fetchQuery(companiesQuery());
    const only = companies.length === 1 ? companies[0] : undefined;
    if (only) await selectCompany(only.publicId, next);
    else await navigate('/my-companies', { replace: true });
  }, [navigate, next, queryClient, selectCompany]);
}
