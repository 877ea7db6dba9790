import { useQuery } from '@tanstack/react-query';
import type { MenuItem, MenuItemCreateInput, MenuItemPatchInput } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { fetchAll } from '../users/fetch-all.ts';

export const menuItemsKey = ['MenuItemList'] as const;

/** The links meant for the signed-in member (the left menu), in menu order. */
export function useMyMenuItems(companyId: string) {
  return useQuery({
    queryKey: [...menuItemsKey, companyId, 'mine'],
    queryFn: () => fetchAll<MenuItem>('MenuItemList'),
  });
}

/** Every link of the company, whoever it is meant for (`/identity`, branding.manage). */
export function useAllMenuItems(companyId: string) {
  return useQuery({
    queryKey: [...menuItemsKey, companyId, 'all'],
    queryFn: () => fetchAll<MenuItem>('MenuItemList', { all: 'true' }),
  });
}

export function useCreateMenuItems() {
  return useInvalidatingMutation(menuItemsKey, (items: MenuItemCreateInput[]) =>
    apiData<MenuItem[]>('MenuItemList', { method: 'POST', body: items }),
  );
}

export type MenuItemChange = MenuItemPatchInput & { publicId: string };

export function useChangeMenuItems() {
  return useInvalidatingMutation(menuItemsKey, (items: MenuItemChange[]) =>
    apiData<MenuItem[]>('MenuItemList', { method: 'PATCH', body: items }),
  );
}

/** Deletes one link (with the list's `DELETE MenuItemList` and a body list of one). */
export function useDeleteMenuItem() {
  return useInvalidatingMutation(menuItemsKey, (publicId: string) =>
    apiData<{ publicId: string }[]>('MenuItemList', { method: 'DELETE', body: [{ publicId }] }),
  );
}
