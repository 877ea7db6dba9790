import { RouterProvider } from 'react-router';
import { FullPageProgress } from '../components/FullPageProgress.tsx';
import { useBrandingState } from '../features/branding/branding-state.ts';
import { AppProviders } from './AppProviders.tsx';
import { router } from './router.tsx';

export function App() {
  // The first page shows in the host's branding: it waits (briefly) for the lookup.
  const { hostSettled } = useBrandingState();
  return (
    <AppProviders>{hostSettled ? <RouterProvider router={router} /> : <FullPageProgress />}</AppProviders>
  );
}
