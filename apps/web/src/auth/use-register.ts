import { useMutation } from '@tanstack/react-query';
import type { RegistrationInput } from '@fleetgate/contracts';
import { apiData } from '../api/client.ts';

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegistrationInput) =>
      apiData<unknown>('RegistrationList', { method: 'POST', body: input, companyScoped: false }),
  });
}
