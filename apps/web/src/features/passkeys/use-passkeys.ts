import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Passkey, PasskeyCeremony, PasskeyDeleteInput } from '@fleetgate/contracts';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { isApiError } from '../../api/api-error.ts';
import { apiData } from '../../api/client.ts';

const passkeysKey = ['PasskeyList'] as const;

/** The signed-in user's passkeys (a person has a handful, so one page holds them all). */
export function usePasskeys() {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: () => apiData<Passkey[]>('PasskeyList', { query: { 'page-size': 4000 }, companyScoped: false }),
  });
}

/** What adding and removing a passkey ask besides: the password, and a code while TOTP is on. */
export type PasskeyConfirmation = PasskeyDeleteInput;

type Registration = { challengeId: string; response: RegistrationResponseJSON };

/** True when the server refused only the password or the code. */
const onlyConfirmationRefused = (error: unknown) =>
  isApiError(error) &&
  error.status === 400 &&
  error.errors.length > 0 &&
  error.errors.every((item) => item.propertyName === 'password' || item.propertyName === 'code');

/**
 * Registers a passkey: the server's options, the browser's ceremony (its WebAuthn client loads
 * only now), then the answer stored under the chosen name with the password (and code). When
 * only the password or code was wrong, the answer is kept and sent again with the corrected
 * ones, so the browser does not ask a second time; use one instance per dialog.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  const kept = useRef<Registration | null>(null);
  return useMutation({
    mutationFn: async ({ name, ...confirmation }: { name: string } & PasskeyConfirmation) => {
      const registration = kept.current ?? (await register());
      kept.current = null;
      try {
        return await apiData<Passkey>('PasskeyList', {
          method: 'POST',
          body: { name, ...confirmation, ...registration },
          companyScoped: false,
        });
      } catch (error) {
        if (onlyConfirmationRefused(error)) kept.current = registration;
        throw error;
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

async function register(): Promise<Registration> {
  const [{ startRegistration }, ceremony] = await Promise.all([
    import('@simplewebauthn/browser'),
    apiData<PasskeyCeremony<PublicKeyCredentialCreationOptionsJSON>>('PasskeyRegistrationOptions', {
      method: 'POST',
      companyScoped: false,
    }),
  ]);
  const response = await startRegistration({ optionsJSON: ceremony.options });
  return { challengeId: ceremony.challengeId, response };
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
    mutationFn: ({ publicId, ...confirmation }: { publicId: string } & PasskeyConfirmation) =>
      apiData<unknown>('Passkey', {
        method: 'DELETE',
        params: { publicId },
        body: confirmation,
        companyScoped: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}
