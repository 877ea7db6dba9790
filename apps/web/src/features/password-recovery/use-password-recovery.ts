import { useMutation } from '@tanstack/react-query';
import type { PasswordRecoveryConfirmationInput, PasswordRecoveryInput } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';

/** Asks for a recovery link; the answer is the same whether or not the address has an account. */
export function useRequestRecovery() {
  return useMutation({
    mutationFn: (input: PasswordRecoveryInput) =>
      apiData<unknown>('PasswordRecoveryList', {
        method: 'POST',
        body: input,
        companyScoped: false,
        redirectOnUnauthorized: false,
      }),
  });
}

/** Sets the new password with the link's token; every session of the account ends. */
export function useConfirmRecovery() {
  return useMutation({
    mutationFn: (input: PasswordRecoveryConfirmationInput) =>
      apiData<unknown>('PasswordRecoveryConfirmation', {
        method: 'POST',
        body: input,
        companyScoped: false,
        redirectOnUnauthorized: false,
      }),
  });
}
