import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailAddressChangeInput, MySession } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';

const sessionsKey = ['AccessTokenList'] as const;

/** Asks for a new e-mail address; the change waits for the link mailed to it. */
export function useChangeEmailAddress() {
  return useMutation({
    mutationFn: (input: EmailAddressChangeInput) =>
      apiData<unknown>('MyEmailAddressChange', { method: 'POST', body: input, companyScoped: false }),
  });
}

/** The link from the new address's e-mail; works without a session. */
export function useConfirmEmailAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiData<{ emailAddress: string }>('MyEmailAddressConfirmation', {
        method: 'POST',
        body: { token },
        companyScoped: false,
        redirectOnUnauthorized: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['MyUser'] }),
  });
}

export type PasswordChange = { oldPassword: string; newPassword: string; deleteAccessTokens: boolean };

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordChange) =>
      apiData<unknown>('MyUserPassword', { method: 'POST', body: input, companyScoped: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** The user's live sessions; a hundred is more than anyone keeps open. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () =>
      apiData<MySession[]>('AccessTokenList', {
        companyScoped: false,
        query: { 'page-size': 100 },
      }),
  });
}

/** Ends one session at once. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicId: string) =>
      apiData<unknown>('AccessToken', { method: 'DELETE', params: { publicId }, companyScoped: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** Ends every session but this one. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicIds: string[]) =>
      apiData<unknown>('AccessTokenList', {
        method: 'DELETE',
        body: publicIds.map((publicId) => ({ publicId })),
        companyScoped: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
