import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { CapabilityGate } from '../auth/CapabilityGate.tsx';
import { LoginPage } from '../auth/LoginPage.tsx';
import { RegisterPage } from '../auth/RegisterPage.tsx';
import { redirectIfSignedIn, requireSession } from '../auth/guards.ts';
import { logOut } from '../auth/log-out.ts';
import { FullPageProgress } from '../components/FullPageProgress.tsx';
import { Shell } from '../components/shell/Shell.tsx';
import { MyCompaniesPage } from '../features/companies/MyCompaniesPage.tsx';
import { ApiUnavailablePage } from '../features/errors/ApiUnavailablePage.tsx';
import { NotAllowedPage } from '../features/errors/NotAllowedPage.tsx';
import { ShellErrorCard } from '../features/errors/ShellErrorCard.tsx';
import { WhoopsCard } from '../features/errors/WhoopsCard.tsx';
import { WhoopsPage } from '../features/errors/WhoopsPage.tsx';
import type { Feature } from './feature.ts';
import { features } from './features.tsx';

function featureRoute(feature: Feature): RouteObject {
  const element = <CapabilityGate capability={feature.capability}>{feature.element}</CapabilityGate>;
  return feature.path === '/' ? { index: true, element } : { path: feature.path.replace(/^\//, ''), element };
}

export const routes: RouteObject[] = [
  {
    hydrateFallbackElement: <FullPageProgress />,
    errorElement: <WhoopsPage />,
    children: [
      { path: 'login', loader: redirectIfSignedIn, element: <LoginPage /> },
      { path: 'register', loader: redirectIfSignedIn, element: <RegisterPage /> },
      {
        path: 'logout',
        loader: async () => {
          await logOut();
          return redirect('/login');
        },
        element: <FullPageProgress />,
      },
      { path: 'my-companies', loader: requireSession, element: <MyCompaniesPage /> },
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
          {
            path: '*',
            element: (
              <ShellErrorCard>
                <WhoopsCard notFound />
              </ShellErrorCard>
            ),
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
