import { createBrowserRouter, Navigate, redirect, type RouteObject } from 'react-router';
import { redirectIfSignedIn, requireSession } from '../auth/guards.ts';
import { FullPageProgress } from '../components/FullPageProgress.tsx';
import { AppRoot } from '../components/global/AppRoot.tsx';
import type { FeatureHandle } from '../components/shell/feature-handle.ts';
import { WhoopsPage } from '../features/errors/WhoopsPage.tsx';
import { termsRoutes } from '../features/terms/terms.routes.tsx';
import type { Feature } from './feature.ts';
import { features } from './features.tsx';
import { loadAppTexts } from './i18n.ts';

/** A screen behind the login: its code and the features' English texts load together. */
function withAppTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadAppTexts()]))[0];
}

/**
 * A screen of the registry behind its capability check and, for an app's screens, the check that
 * the company installed the app; both load alongside the shell.
 */
function featureRoute(feature: Feature): RouteObject {
  const lazy = {
    Component: async () => {
      const [{ CapabilityGate }, { AppGate }] = await Promise.all([
        import('../auth/CapabilityGate.tsx'),
        import('../features/apps/AppGate.tsx'),
      ]);
      return function FeatureScreen() {
        return (
          <CapabilityGate feature={feature}>
            <AppGate app={feature.app}>{feature.element}</AppGate>
          </CapabilityGate>
        );
      };
    },
  };
  const handle: FeatureHandle = { featureId: feature.id };
  return feature.path === '/'
    ? { index: true, lazy, handle }
    : { path: feature.path.replace(/^\//, ''), lazy, handle };
}

/*
 * The screens outside the registry load their code on the way to them (React Router fetches it
 * while the route's loader runs), so the login page does not carry the shell, and the shell not
 * the login page. The error page stays in the entry chunk: it must show when loading fails.
 */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    hydrateFallbackElement: <FullPageProgress />,
    errorElement: <WhoopsPage />,
    children: [
      {
        path: 'login',
        loader: redirectIfSignedIn,
        lazy: { Component: async () => (await import('../auth/LoginPage.tsx')).LoginPage },
      },
      // The code step of a password sign-in: only accounts with a second factor reach it, so
      // its code (and the texts it shares with the screens behind the login) load then.
      {
        path: 'two-factor-auth',
        loader: redirectIfSignedIn,
        lazy: {
          Component: withAppTexts(
            async () => (await import('../auth/TwoFactorAuthPage.tsx')).TwoFactorAuthPage,
          ),
        },
      },
      {
        path: 'register',
        loader: redirectIfSignedIn,
        lazy: { Component: async () => (await import('../auth/RegisterPage.tsx')).RegisterPage },
      },
      {
        path: 'register/confirm',
        lazy: {
          Component: async () =>
            (await import('../auth/ConfirmRegistrationPage.tsx')).ConfirmRegistrationPage,
        },
      },
      // Opened from e-mails, signed in or not, outside any company's shell.
      {
        path: 'my-profile/confirm-email',
        lazy: {
          Component: withAppTexts(
            async () => (await import('../features/my-profile/ConfirmEmailPage.tsx')).ConfirmEmailPage,
          ),
        },
      },
      {
        path: 'recover',
        lazy: {
          Component: withAppTexts(
            async () =>
              (await import('../features/password-recovery/PasswordRecoveryPage.tsx')).PasswordRecoveryPage,
          ),
        },
      },
      // The identity provider sends the browser here (redirect_uri `${PUBLIC_URL}/sso-callback`).
      {
        path: 'sso-callback',
        lazy: { Component: async () => (await import('../auth/SsoCallbackPage.tsx')).SsoCallbackPage },
      },
      {
        path: 'logout',
        loader: async () => {
          // Logging out also tells the local VPN client; that code is not needed before.
          const { logOut } = await import('../auth/log-out.ts');
          await logOut();
          return redirect('/login');
        },
        element: <FullPageProgress />,
      },
      {
        path: 'my-companies',
        loader: requireSession,
        lazy: {
          Component: withAppTexts(
            async () => (await import('../features/companies/MyCompaniesPage.tsx')).MyCompaniesPage,
          ),
        },
      },
      {
        path: 'my-profile',
        loader: requireSession,
        lazy: {
          Component: withAppTexts(
            async () => (await import('../features/my-profile/MyProfilePage.tsx')).MyProfilePage,
          ),
        },
      },
      // A company's sign-in rules keep the member out until they comply (MyUser.signInRules).
      {
        path: 'two-factor-auth-required',
        loader: requireSession,
        lazy: {
          Component: withAppTexts(
            async () =>
              (await import('../features/sign-in-security/TwoFactorAuthRequiredPage.tsx'))
                .TwoFactorAuthRequiredPage,
          ),
        },
      },
      {
        path: 'sso-auth-required',
        loader: requireSession,
        lazy: {
          Component: withAppTexts(
            async () =>
              (await import('../features/sign-in-security/SsoAuthRequiredPage.tsx')).SsoAuthRequiredPage,
          ),
        },
      },
      ...termsRoutes,
      // Signs in by itself with the link's token, so it needs no session and replaces any.
      {
        path: 'jump-start',
        lazy: {
          Component: withAppTexts(
            async () => (await import('../features/jump-start/JumpStartPage.tsx')).JumpStartPage,
          ),
        },
      },
      {
        path: 'error',
        children: [
          { index: true, element: <WhoopsPage /> },
          {
            path: 'api-unavailable',
            lazy: {
              Component: async () =>
                (await import('../features/errors/ApiUnavailablePage.tsx')).ApiUnavailablePage,
            },
          },
          {
            path: 'not-allowed',
            lazy: {
              Component: async () => (await import('../features/errors/NotAllowedPage.tsx')).NotAllowedPage,
            },
          },
        ],
      },
      {
        path: '/',
        loader: requireSession,
        lazy: { Component: withAppTexts(async () => (await import('../components/shell/Shell.tsx')).Shell) },
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
