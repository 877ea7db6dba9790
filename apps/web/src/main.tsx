import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/600.css';
import '@fontsource/roboto/700.css';
import { i18nLoadsFirst, i18nReady } from './app/i18n.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { AppProviders } from './app/AppProviders.tsx';
import { FullPageProgress } from './components/FullPageProgress.tsx';
import { installFailureHandlers } from './app/failure-handling.ts';
import { startErrorReporting } from './app/error-reporting.ts';
import { queryClient } from './app/query-client.ts';
import { router } from './app/router.tsx';
import { startHostBrandingLookup } from './features/branding/branding-state.ts';

installFailureHandlers(router, queryClient);
startErrorReporting(queryClient);
// Before the first render: the login page on a company's host name shows in its branding.
startHostBrandingLookup();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// A German user sees progress until the German texts are there, never English first.
if (i18nLoadsFirst) {
  root.render(
    <AppProviders>
      <FullPageProgress />
    </AppProviders>,
  );
}
void i18nReady.then(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
