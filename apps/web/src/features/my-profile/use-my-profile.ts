import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyUser, MyUserPatchInput } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { applyLanguagePreference } from '../../app/i18n.ts';
import { myUserQuery } from '../../auth/my-user-query.ts';

/** The signed-in user outside any company: what the profile page shows and changes. */
export function useMyProfile() {
  return useQuery(myUserQuery(null));
}

/**
 * Saves the user's own settings. The answer is applied at once: the UI switches to the new
 * language, and every cached MyUser (in each company) takes the new value.
 */
export function useUpdateMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MyUserPatchInput) =>
      apiData<MyUser>('MyUser', { method: 'PATCH', body: input, companyScoped: false }),
    onSuccess: async (user) => {
      await applyLanguagePreference(user.language);
      queryClient.setQueriesData<MyUser>({ queryKey: ['MyUser'] }, (cached) =>
        cached ? { ...cached, name: user.name, language: user.language } : cached,
      );
    },
  });
}
