import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserInvite } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { fetchAll } from './fetch-all.ts';

export const invitesKey = ['UserInviteList'] as const;

/** The company's invitations that were neither accepted, rejected nor cancelled. */
export function useInvites() {
  return useQuery({ queryKey: invitesKey, queryFn: () => fetchAll<UserInvite>('UserInviteList') });
}

export type InviteValues = { emailAddress: string; rolePublicId: string };

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ emailAddress, rolePublicId }: InviteValues) =>
      apiData<UserInvite>('UserInviteList', {
        method: 'POST',
        body: { emailAddress, role: { publicId: rolePublicId } },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesKey }),
  });
}

export function useCancelInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicId: string) =>
      apiData<{ publicId: string }>('UserInvite', { method: 'DELETE', params: { publicId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitesKey }),
  });
}
