import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignInEvent, TrustedDevice } from '@fleetgate/contracts';
import { apiData, apiRequest } from '../../api/client.ts';
import { deviceIdHeader, forgetTrustedDevice, trustedDeviceSecret } from '../../auth/trusted-device.ts';

/** The profile shows the newest ten; "Show more" fetches the next ten. */
export const historyPageSize = 10;

/** The signed-in user's own sign-in history, newest first, a page at a time. */
export function useMySignInEvents() {
  return useInfiniteQuery({
    queryKey: ['MySignInEventList'],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => {
      const envelope = await apiRequest<SignInEvent[]>('MySignInEventList', {
        query: { 'page-size': historyPageSize, 'page-after': pageParam },
        companyScoped: false,
      });
      return { events: envelope.data, moreAfter: envelope.moreAfter ?? null };
    },
    getNextPageParam: (page) => page.moreAfter ?? undefined,
  });
}

const trustedDevicesKey = ['TrustedDeviceList'];

/** The user's trusted browsers; this browser's secret, when it has one, marks it `current`. */
export function useTrustedDevices(emailAddress: string) {
  const secret = trustedDeviceSecret(emailAddress);
  return useQuery({
    queryKey: [...trustedDevicesKey, emailAddress],
    queryFn: () =>
      apiData<TrustedDevice[]>('TrustedDeviceList', {
        // A user has a handful at most; the largest page takes them all.
        query: { 'page-size': 4000 },
        headers: secret ? { [deviceIdHeader]: secret } : {},
        companyScoped: false,
      }),
  });
}

/**
 * Forgets one trusted browser, or all of them (`undefined`). When this browser is among them,
 * its stored secret goes too: it would no longer skip the code step anyway.
 */
export function useRemoveTrustedDevices(emailAddress: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (device: TrustedDevice | undefined) => {
      if (device)
        await apiRequest('TrustedDevice', {
          method: 'DELETE',
          params: { publicId: device.publicId },
          companyScoped: false,
        });
      else await apiRequest('TrustedDeviceList', { method: 'DELETE', companyScoped: false });
    },
    onSuccess: async (_data, device) => {
      if (!device || device.current) forgetTrustedDevice(emailAddress);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trustedDevicesKey }),
        queryClient.invalidateQueries({ queryKey: ['MySignInEventList'] }),
      ]);
    },
  });
}
