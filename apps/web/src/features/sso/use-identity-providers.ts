import { useQuery } from '@tanstack/react-query';
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

export function useCreateIdentityProvider() {
  return useInvalidatingMutation(listKey, (input: SsoIdentityProviderCreateInput) =>
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
  return useInvalidatingMutation(listKey, (publicId: string) =>
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
