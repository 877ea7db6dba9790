import { queryOptions } from '@tanstack/react-query';
import type { MyUser } from '@fleetgate/contracts';
import { apiData } from '../api/client.ts';
import { applyLanguagePreference } from '../app/i18n.ts';

/**
 * The user as seen in this company (the one the query is keyed on), or in none. The user's
 * stored language is applied before the answer is used, so what renders with it is in that
 * language from the start. Apart from use-my-user.ts so that logging in, which fetches it,
 * does not load useQuery's code on the login page.
 */
export function myUserQuery(companyId: string | null) {
  return queryOptions({
    queryKey: ['MyUser', companyId],
    queryFn: async () => {
      const user = await apiData<MyUser>(
        'MyUser',
        companyId === null ? { companyScoped: false } : { companyId },
      );
      await applyLanguagePreference(user.language);
      return user;
    },
  });
}
