import type { ReactNode } from 'react';
import { featurePermitted, type Feature } from '../app/feature.ts';
import { NotAllowedCard } from '../features/errors/NotAllowedCard.tsx';
import { ShellErrorCard } from '../features/errors/ShellErrorCard.tsx';
import { useCurrentUser } from './current-user.tsx';

/** Renders `children` only for users the feature is open to; others see "Not allowed" in place. */
export function CapabilityGate({
  feature,
  children,
}: {
  feature: Pick<Feature, 'capability' | 'anyCapability'>;
  children: ReactNode;
}) {
  const user = useCurrentUser();
  if (featurePermitted(feature, user.capabilities)) return children;
  return (
    <ShellErrorCard>
      <NotAllowedCard />
    </ShellErrorCard>
  );
}
