import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CenteredLayout } from '../../components/CenteredLayout.tsx';
import { WhoopsCard } from './WhoopsCard.tsx';

/** The generic error page, also the router's error boundary. */
export function WhoopsPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <CenteredLayout>
      <WhoopsCard notFound={notFound} />
    </CenteredLayout>
  );
}
