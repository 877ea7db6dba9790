import { createContext, useContext, type ReactNode } from 'react';
import type { MyUser } from '@fleetgate/contracts';
import type { Capability } from '@fleetgate/contracts';

const CurrentUserContext = createContext<MyUser | null>(null);

export function CurrentUserProvider({ user, children }: { user: MyUser; children: ReactNode }) {
  return <CurrentUserContext value={user}>{children}</CurrentUserContext>;
}

/** The signed-in user; only available inside the shell, which loads it before rendering. */
export function useCurrentUser(): MyUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is used outside the shell');
  return user;
}

export function hasCapability(user: MyUser, capability: Capability | undefined): boolean {
  return capability === undefined || user.capabilities.includes(capability);
}
