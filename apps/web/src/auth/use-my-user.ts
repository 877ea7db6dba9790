import { useQuery } from '@tanstack/react-query';
import { myUserQuery } from './my-user-query.ts';
import { useCompanyId } from './session.ts';

export { myUserQuery };

/** The signed-in user as seen in the selected company; idle while no company is selected. */
export function useMyUser() {
  const companyId = useCompanyId();
  return useQuery({ ...myUserQuery(companyId), enabled: companyId !== null });
}
