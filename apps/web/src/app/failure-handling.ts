import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { setFailureHandlers } from '../api/failure-handlers.ts';
import { clearSession } from '../auth/session.ts';
import type { ApiUnavailableState } from '../features/errors/ApiUnavailablePage.tsx';

type AppRouter = ReturnType<typeof createBrowserRouter>;

export const apiUnavailablePath = '/error/api-unavailable';

/** A lost session sends the user to log in; an outage to the API-unavailable page. */
export function installFailureHandlers(router: AppRouter, queryClient: QueryClient): void {
  setFailureHandlers({
    onUnauthorized: () => {
      clearSession();
      queryClient.clear();
      if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true });
    },
    onUnavailable: () => {
      const { pathname, search } = router.state.location;
      if (pathname === apiUnavailablePath) return;
      const state: ApiUnavailableState = { from: pathname + search };
      void router.navigate(apiUnavailablePath, { state });
    },
  });
}
