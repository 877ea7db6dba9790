import { createBrowserRouter, Navigate, redirect, type RouteObject } from 'react-router';
import { CapabilityGate } from '../auth/CapabilityGate.tsx';
import { LoginPage } from '../auth/LoginPage.tsx';
import { RegisterPage } from '../auth/RegisterPage.tsx';
import { ConfirmRegistrationPage } from '../auth/ConfirmRegistrationPage.tsx';
import { redirectIfSignedIn, requireSession } from '../auth/guards.ts';
import { logOut } from '../auth/log-out.ts';
import { FullPageProgress } from '../components/FullPageProgress.tsx';
import { AppRoot } from '../components/global/AppRoot.tsx';
import { Shell } from '../components/shell/Shell.tsx';
import type { FeatureHandle } from '../components/shell/feature-handle.ts';
import { MyCompaniesPage } from '../features/companies/MyCompaniesPage.tsx';
import { ApiUnavailablePage } from '../features/errors/ApiUnavailablePage.tsx';
import { NotAllowedPage } from '../features/errors/NotAllowedPage.tsx';
import { WhoopsPage } from '../features/errors/WhoopsPage.tsx';
import { JumpStartPage } from '../features/jump-start/JumpStartPage.tsx';
import type { Feature } from './feature.ts';
import { features } from './features.tsx';

function featureRoute(feature: Feature): RouteObject {
  const element = <CapabilityGate feature={feature}>{feature.element}</CapabilityGate>;
  const handle: FeatureHandle = { featureId: feature.id };
  return feature.path === '/'
    ? { index: true, element, handle }
    : { path: feature.path.replace(/^\//, ''), element, handle };
}

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    hydrateFallbackElement: <FullPageProgress />,
    errorElement: <WhoopsPage />,
    children: [
      { path: 'login', loader: redirectIfSignedIn, element: <LoginPage /> },
      { path: 'register', loader: redirectIfSignedIn, element: <RegisterPage /> },
      { path: 'register/confirm', element: <ConfirmRegistrationPage /> },
      {
        path: 'logout',
        loader: async () => {
          await logOut();
          return redirect('/login');
        },
        element: <FullPageProgress />,
      },
      { path: 'my-companies', loader: requireSession, element: <MyCompaniesPage /> },
      // Signs in by itself with the link's token, so it needs no session and replaces any.
      { path: 'jump-start', element: <JumpStartPage /> },
      {
        path: 'error',
        children: [
          { index: true, element: <WhoopsPage /> },
          { path: 'api-unavailable', element: <ApiUnavailablePage /> },
          { path: 'not-allowed', element: <NotAllowedPage /> },
        ],
      },
      {
        path: '/',
        loader: requireSession,
        element: <Shell />,
        children: [
          ...features.map(featureRoute),
          // Unknown paths go to the root, which leads on to the first permitted screen.
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
