import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyUserInvite } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';

export const myInvitesKey = ['MyUserInviteList'] as const;

/** Invitations addressed to the signed-in user; they belong to no company yet. */
export function useMyInvites() {
  return useQuery({
    queryKey: myInvitesKey,
    queryFn: () => apiData<MyUserInvite[]>('MyUserInviteList', { companyScoped: false }),
  });
}

export type InviteFinished = { company: { publicId: string; name: string } };

export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    // Accepting the company's terms goes with the invitation when it has any.
    mutationFn: ({ publicId, termsOfUsePolicy }: { publicId: string; termsOfUsePolicy?: string }) =>
      apiData<InviteFinished>('InviteFinish', {
        method: 'POST',
        params: { publicId },
        companyScoped: false,
        body: termsOfUsePolicy ? { termsOfUsePolicy: { publicId: termsOfUsePolicy } } : {},
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myInvitesKey }),
        queryClient.invalidateQueries({ queryKey: ['CompanyList'] }),
      ]),
  });
}

export function useRejectInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicId: string) =>
      apiData<{ publicId: string }>('MyUserInvite', {
        method: 'DELETE',
        params: { publicId },
        companyScoped: false,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myInvitesKey }),
  });
}
