import type { RouteObject } from 'react-router';
import { requireSession } from '../../auth/guards.ts';

/**
 * The legal pages outside the shell (portal spec §2): public texts for anyone, the company's for
 * its members, and the builders for those who manage them. Each page's code loads on the way.
 */
export const termsRoutes: RouteObject[] = [
  {
    path: 'terms-of-use',
    lazy: { Component: async () => (await import('./PublicLegalTextPage.tsx')).PublicTermsOfUsePage },
  },
  {
    path: 'privacy-statement',
    lazy: { Component: async () => (await import('./PublicLegalTextPage.tsx')).PublicPrivacyStatementPage },
  },
  {
    path: 'my-company/terms-of-use',
    loader: requireSession,
    lazy: { Component: async () => (await import('./MyCompanyLegalTextPage.tsx')).MyCompanyTermsOfUsePage },
  },
  {
    path: 'my-company/privacy-statement',
    loader: requireSession,
    lazy: {
      Component: async () => (await import('./MyCompanyLegalTextPage.tsx')).MyCompanyPrivacyStatementPage,
    },
  },
  {
    path: 'custom-terms-of-use-builder',
    loader: requireSession,
    lazy: { Component: async () => (await import('./LegalTextBuilderPage.tsx')).TermsOfUseBuilderPage },
  },
  {
    path: 'custom-privacy-statement-builder',
    loader: requireSession,
    lazy: {
      Component: async () => (await import('./LegalTextBuilderPage.tsx')).PrivacyStatementBuilderPage,
    },
  },
];
