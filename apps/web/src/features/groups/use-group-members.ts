import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupMember } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { fetchAll } from '../users/fetch-all.ts';

const key = (group: string) => ['GroupMemberList', group] as const;

/** Who holds a role in the group (device rights on its agents), with when it ends. */
export function useGroupMembers(group: string) {
  return useQuery({
    queryKey: key(group),
    queryFn: () => fetchAll<GroupMember>('GroupMemberList', { filters: `eq(group.publicId,"${group}")` }),
  });
}

function useGroupMemberMutation<V, R>(group: string, mutationFn: (values: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(group) }),
  });
}

export function useAddGroupMember(group: string) {
  return useGroupMemberMutation(group, (values: { user: string; role: string; expiresOn: string | null }) =>
    apiData<GroupMember>('GroupMemberList', {
      method: 'POST',
      body: {
        group: { publicId: group },
        user: { publicId: values.user },
        role: { publicId: values.role },
        expiresOn: values.expiresOn,
      },
    }),
  );
}

export function useChangeGroupMemberUntil(group: string) {
  return useGroupMemberMutation(group, (values: { publicId: string; expiresOn: string | null }) =>
    apiData<GroupMember>('GroupMember', {
      method: 'PATCH',
      params: { publicId: values.publicId },
      body: { expiresOn: values.expiresOn },
    }),
  );
}

export function useRemoveGroupMember(group: string) {
  return useGroupMemberMutation(group, (publicId: string) =>
    apiData<{ publicId: string }>('GroupMember', { method: 'DELETE', params: { publicId } }),
  );
}
