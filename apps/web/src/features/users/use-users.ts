import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignableRole, CompanyUser, UserMembership } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { fetchAll } from './fetch-all.ts';

export const usersKey = ['UserList'] as const;

/** The members of the company with their role and access category, oldest membership first. */
export function useCompanyUsers() {
  return useQuery({ queryKey: usersKey, queryFn: () => fetchAll<CompanyUser>('UserList') });
}

/** The roles the signed-in user may give to members. */
export function useAssignableRoles() {
  return useQuery({
    queryKey: ['AssignableRoleList'],
    queryFn: () => apiData<AssignableRole[]>('AssignableRoleList'),
  });
}

function useMembershipMutation<V, R>(mutationFn: (values: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Whatever the outcome, show what the server holds (a refused change snaps back).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKey }),
        queryClient.invalidateQueries({ queryKey: ['MyUser'] }),
      ]),
  });
}

/** Replaces a member's role (`PUT UserMembershipUserList/{userPublicId}`). */
export function useChangeRole() {
  return useMembershipMutation(
    ({ userPublicId, rolePublicId }: { userPublicId: string; rolePublicId: string }) =>
      apiData<UserMembership>('UserMembershipUserList', {
        method: 'PUT',
        params: { publicId: userPublicId },
        body: { role: { publicId: rolePublicId } },
      }),
  );
}

/** Assigns a member an access category, or none. */
export function useChangeAudience() {
  return useMembershipMutation(
    ({
      membershipPublicId,
      audiencePublicId,
    }: {
      membershipPublicId: string;
      audiencePublicId: string | null;
    }) =>
      apiData<UserMembership>('UserMembership', {
        method: 'PATCH',
        params: { publicId: membershipPublicId },
        body: { audience: audiencePublicId === null ? null : { publicId: audiencePublicId } },
      }),
  );
}

/** Sets or clears when a member's access ends (temporary access). */
export function useChangeAccessUntil() {
  return useMembershipMutation(
    ({ membershipPublicId, expiresOn }: { membershipPublicId: string; expiresOn: string | null }) =>
      apiData<UserMembership>('UserMembership', {
        method: 'PATCH',
        params: { publicId: membershipPublicId },
        body: { expiresOn },
      }),
  );
}

export function useRemoveMember() {
  return useMembershipMutation((membershipPublicId: string) =>
    apiData<{ publicId: string }>('UserMembership', {
      method: 'DELETE',
      params: { publicId: membershipPublicId },
    }),
  );
}
