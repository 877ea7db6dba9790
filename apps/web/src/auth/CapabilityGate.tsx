import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { featurePermitted, type Feature } from '../app/feature.ts';
import { useCurrentUser } from './current-user.tsx';

/** Where an unpermitted route leads (console spec: it redirects to the not-allowed page). */
export const notAllowedPath = '/error/not-allowed';

/**
 * Renders `children` only for users the feature is open to; others are sent on to the not-allowed
 * page, replacing the refused URL so Back does not lead to it again. Home is not gated here: it
 * shows "Not allowed" in place when it has nowhere to lead.
 */
export function CapabilityGate({
  feature,
  children,
}: {
  feature: Pick<Feature, 'capability' | 'anyCapability'>;
  children: ReactNode;
}) {
  const user = useCurrentUser();
  if (featurePermitted(feature, user.capabilities)) return children;
  return <Navigate to={notAllowedPath} replace />;
}
