import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  limits,
  ssoCallbackPath,
  type SsoIdentityProvider,
  type SsoIdentityProviderCreateInput,
  type SsoIdentityProviderPatchInput,
} from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { findEntry } from '../../api/discovery.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';

const listKey = ['CompanySsoIdentityProviderList'] as const;

export function useIdentityProviders() {
  return useQuery({
    queryKey: listKey,
    queryFn: () =>
      apiData<SsoIdentityProvider[]>('CompanySsoIdentityProviderList', {
        query: { fields: '*', 'page-size': limits.pageSizeMax },
      }),
  });
}

/**
 * Adding or deleting a provider also reloads the sign-in rules beside it: whether single sign-on
 * can be required depends on there being one.
 */
function useProviderSetMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey }),
        queryClient.invalidateQueries({ queryKey: ['CompanySignInRules'] }),
      ]),
  });
}

export function useCreateIdentityProvider() {
  return useProviderSetMutation((input: SsoIdentityProviderCreateInput) =>
    apiData<SsoIdentityProvider>('CompanySsoIdentityProviderList', { method: 'POST', body: input }),
  );
}

export function useUpdateIdentityProvider() {
  return useInvalidatingMutation(
    listKey,
    ({ publicId, changes }: { publicId: string; changes: SsoIdentityProviderPatchInput }) =>
      apiData<SsoIdentityProvider>('CompanySsoIdentityProvider', {
        method: 'PATCH',
        params: { publicId },
        body: changes,
      }),
  );
}

export function useDeleteIdentityProvider() {
  return useProviderSetMutation((publicId: string) =>
    apiData<{ publicId: string }>('CompanySsoIdentityProvider', { method: 'DELETE', params: { publicId } }),
  );
}

/**
 * The redirect URI to register at a provider: `${PUBLIC_URL}/sso-callback`. Discovery's hrefs
 * are built from PUBLIC_URL, so its origin is the right one even on a branded host name.
 */
export function useSsoCallbackUrl() {
  return useQuery({
    queryKey: ['discovery', 'ssoCallbackUrl'],
    queryFn: async () =>
      `${new URL((await findEntry('CompanySsoIdentityProviderList')).href).origin}${ssoCallbackPath}`,
    staleTime: Infinity,
  }).data;
}
