import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Capability, Role } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { fetchAll } from '../users/fetch-all.ts';

export const rolesKey = ['RoleList'] as const;

export type RoleValues = { name: string; capabilities: Capability[] };

export function useRoles() {
  return useQuery({ queryKey: rolesKey, queryFn: () => fetchAll<Role>('RoleList') });
}

function useRoleMutation<V, R>(mutationFn: (values: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // A role's rights decide menus and buttons: the signed-in user's own may have changed.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rolesKey }),
        queryClient.invalidateQueries({ queryKey: ['AssignableRoleList'] }),
        queryClient.invalidateQueries({ queryKey: ['UserList'] }),
        queryClient.invalidateQueries({ queryKey: ['MyUser'] }),
      ]),
  });
}

export function useCreateRole() {
  return useRoleMutation((values: RoleValues) => apiData<Role>('RoleList', { method: 'POST', body: values }));
}

export function useUpdateRole() {
  return useRoleMutation(({ publicId, ...values }: RoleValues & { publicId: string }) =>
    apiData<Role>('Role', { method: 'PATCH', params: { publicId }, body: values }),
  );
}

export function useDeleteRole() {
  return useRoleMutation((publicId: string) =>
    apiData<{ publicId: string }>('Role', { method: 'DELETE', params: { publicId } }),
  );
}
