import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Branding, BrandingImageSlot, BrandingPatchInput, Company } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';

/** The selected company's effective branding (its own, else its parent's, else its sector's). */
export const companyBrandingKey = (companyId: string) => ['Company', companyId, 'branding'] as const;
const ownBrandingKey = (companyId: string) => ['MyCompanyBranding', companyId] as const;

export function useCompanyBranding(companyId: string) {
  return useQuery({
    queryKey: companyBrandingKey(companyId),
    queryFn: async () => {
      const company = await apiData<Pick<Company, 'publicId' | 'branding'>>('Company', {
        params: { publicId: companyId },
        companyId,
        query: { fields: 'branding' },
      });
      return company.branding ?? null;
    },
    staleTime: 5 * 60_000,
  });
}

/** The company's own branding values, as `/identity` edits them. */
export function useOwnBranding(companyId: string) {
  return useQuery({
    queryKey: ownBrandingKey(companyId),
    queryFn: () => apiData<Branding>('MyCompanyBranding', { companyId }),
  });
}

/** After any change both the own values and the effective branding (which the app shows) are read again. */
export function useBrandingChanged(companyId: string) {
  const queryClient = useQueryClient();
  return (branding: Branding) => {
    queryClient.setQueryData(ownBrandingKey(companyId), branding);
    return queryClient.invalidateQueries({ queryKey: companyBrandingKey(companyId) });
  };
}

export function useUpdateBranding(companyId: string) {
  const changed = useBrandingChanged(companyId);
  return useMutation({
    mutationFn: (changes: BrandingPatchInput) =>
      apiData<Branding>('MyCompanyBranding', { method: 'PATCH', companyId, body: changes }),
    onSuccess: changed,
  });
}

export function useRemoveBrandingImage(companyId: string) {
  const changed = useBrandingChanged(companyId);
  return useMutation({
    mutationFn: (slot: BrandingImageSlot) =>
      apiData<Branding>('MyCompanyBrandingImage', { method: 'DELETE', companyId, params: { slot } }),
    onSuccess: changed,
  });
}
