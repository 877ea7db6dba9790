import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Passkey, PasskeyCeremony } from '@fleetgate/contracts';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { apiData } from '../../api/client.ts';

const passkeysKey = ['PasskeyList'] as const;

/** The signed-in user's passkeys (a person has a handful, so one page holds them all). */
export function usePasskeys() {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: () => apiData<Passkey[]>('PasskeyList', { query: { 'page-size': 4000 }, companyScoped: false }),
  });
}

/**
 * Registers a passkey: the server's options, the browser's ceremony (its WebAuthn client loads
 * only now), then the answer stored under the chosen name.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const [{ startRegistration }, ceremony] = await Promise.all([
        import('@simplewebauthn/browser'),
        apiData<PasskeyCeremony<PublicKeyCredentialCreationOptionsJSON>>('PasskeyRegistrationOptions', {
          method: 'POST',
          companyScoped: false,
        }),
      ]);
      const response = await startRegistration({ optionsJSON: ceremony.options });
      return apiData<Passkey>('PasskeyList', {
        method: 'POST',
        body: { name, challengeId: ceremony.challengeId, response },
        companyScoped: false,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ publicId, name }: { publicId: string; name: string }) =>
      apiData<Passkey>('Passkey', {
        method: 'PATCH',
        params: { publicId },
        body: { name },
        companyScoped: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicId: string) =>
      apiData<unknown>('Passkey', { method: 'DELETE', params: { publicId }, companyScoped: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}
