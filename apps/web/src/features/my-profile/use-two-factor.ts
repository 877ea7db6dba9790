import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyTwoFactor, RecoveryCodes, TotpChangeInput, TotpEnrolment } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';

const twoFactorKey = ['MyTwoFactor'];

export function useMyTwoFactor() {
  return useQuery({
    queryKey: twoFactorKey,
    queryFn: () => apiData<MyTwoFactor>('MyTwoFactor', { companyScoped: false }),
  });
}

/** After a change: the section's state and every cached MyUser (twoFactorEnabled) are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorKey }),
      queryClient.invalidateQueries({ queryKey: ['MyUser'] }),
    ]);
}

export function useStartTotpEnrolment() {
  return useMutation({
    mutationFn: () =>
      apiData<TotpEnrolment>('MyTotpEnrolment', { method: 'POST', body: {}, companyScoped: false }),
  });
}

export function useConfirmTotp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) =>
      apiData<RecoveryCodes>('MyTotpConfirmation', { method: 'POST', body: { code }, companyScoped: false }),
    onSuccess: refresh,
  });
}

export function useRegenerateRecoveryCodes() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: TotpChangeInput) =>
      apiData<RecoveryCodes>('MyRecoveryCodeList', { method: 'POST', body: input, companyScoped: false }),
    onSuccess: refresh,
  });
}

export function useTurnTotpOff() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: TotpChangeInput) =>
      apiData<unknown>('MyTotp', { method: 'DELETE', body: input, companyScoped: false }),
    onSuccess: refresh,
  });
}
