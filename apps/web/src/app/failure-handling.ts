import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { setFailureHandlers } from '../api/failure-handlers.ts';
import { clearSession } from '../auth/session.ts';
import type { ApiUnavailableState } from '../features/errors/ApiUnavailablePage.tsx';
import { signInBlockPaths } from '../features/sign-in-security/sign-in-block-paths.ts';

type AppRouter = ReturnType<typeof createBrowserRouter>;

export const apiUnavailablePath = '/error/api-unavailable';

const gatewayTimeoutListeners = new Set<() => void>();

/** Lets the snack-bar layer hear about 504s, which happen outside React. */
export function subscribeToGatewayTimeouts(listener: () => void): () => void {
  gatewayTimeoutListeners.add(listener);
  return () => {
    gatewayTimeoutListeners.delete(listener);
  };
}

/**
 * A lost session sends the user to log in; a gateway timeout is only reported; an outage
 * leads to the API-unavailable page; a company's sign-in rule (two-factor or SSO required)
 * leads to the page that says what to do. A browser that is offline gets its own "No connection"
 * message and stays where it is, since the server is not what failed.
 */
export function installFailureHandlers(router: AppRouter, queryClient: QueryClient): void {
  setFailureHandlers({
    onUnauthorized: () => {
      clearSession();
      queryClient.clear();
      if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true });
    },
    onGatewayTimeout: () => {
      for (const listener of gatewayTimeoutListeners) listener();
    },
    onUnavailable: (status) => {
      if (status === 0 && !navigator.onLine) return;
      const { pathname, search } = router.state.location;
      if (pathname === apiUnavailablePath) return;
      const state: ApiUnavailableState = { from: pathname + search };
      void router.navigate(apiUnavailablePath, { state });
    },
    onSignInBlocked: (blockedBy) => {
      // MyUser is read again there, so the page and the shell agree on why.
      void queryClient.invalidateQueries({ queryKey: ['MyUser'] });
      const path = signInBlockPaths[blockedBy];
      if (router.state.location.pathname !== path) void router.navigate(path, { replace: true });
    },
  });
}
