import { useMutation } from '@tanstack/react-query';
import type { RegistrationInput } from '@fleetgate/contracts';
import { apiData } from '../api/client.ts';

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegistrationInput) =>
      apiData<unknown>('RegistrationList', { method: 'POST', body: input, companyScoped: false }),
  });
}

/** Confirms a registration with the token from the e-mailed link; the account exists afterwards. */
export function useConfirmRegistration() {
  return useMutation({
    mutationFn: (token: string) =>
      apiData<unknown>('RegistrationConfirmationList', {
        method: 'POST',
        body: { token },
        companyScoped: false,
      }),
  });
}
