import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createAccessToken, type Credentials } from './access-tokens.ts';
import { clearSession, setSession } from './session.ts';

/** Exchanges credentials for an access token and starts a fresh session with it. */
export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => createAccessToken(credentials),
    onSuccess: (token) => {
      clearSession();
      queryClient.clear();
      setSession(token);
    },
  });
}
