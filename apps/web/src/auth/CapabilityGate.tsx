import type { ReactNode } from 'react';
import type { Capability } from '@fleetgate/contracts';
import { NotAllowedCard } from '../features/errors/NotAllowedCard.tsx';
import { ShellErrorCard } from '../features/errors/ShellErrorCard.tsx';
import { hasCapability, useCurrentUser } from './current-user.tsx';

/** Renders `children` only for users holding `capability`; others see "Not allowed" in place. */
export function CapabilityGate({ capability, children }: { capability?: Capability; children: ReactNode }) {
  const user = useCurrentUser();
  if (hasCapability(user, capability)) return children;
  return (
    <ShellErrorCard>
      <NotAllowedCard />
    </ShellErrorCard>
  );
}
