import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportError } from '../../app/error-reporting.ts';
import { CenteredLayout } from '../../components/CenteredLayout.tsx';
import { WhoopsCard } from './WhoopsCard.tsx';

/** The generic error page, also the router's error boundary. */
export function WhoopsPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The router's boundary keeps a failed render or loader from the global handlers: report it
  // here. Answers such as a 404 are the app working, not an error.
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError(error);
  }, [error]);
  return (
    <CenteredLayout>
      <WhoopsCard notFound={notFound} />
    </CenteredLayout>
  );
}
