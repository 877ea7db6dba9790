import { QueryClient } from '@tanstack/react-query';

/**
 * Failed calls are not retried: outages and lost sessions already redirect, and every other
 * error is an answer the user must see.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
