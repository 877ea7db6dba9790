import type { SecondFactorKind } from '@fleetgate/contracts';

/** Credentials whose password passed and that wait for the code step (`/two-factor-auth`). */
export type PendingSignIn = { emailAddress: string; password: string; secondFactors: SecondFactorKind[] };

/*
 * Kept in this module's memory only, never in storage: the password must not outlive the page.
 * Reloading the code step loses it on purpose, and the code step sends the user back to /login.
 */
let pending: PendingSignIn | null = null;
let returningEmailAddress = '';

export function setPendingSignIn(next: PendingSignIn): void {
  pending = next;
}

export function pendingSignIn(): PendingSignIn | null {
  return pending;
}

/** Ends the code step; the address stays for the login form to show again after "Back". */
export function clearPendingSignIn(): void {
  if (pending) returningEmailAddress = pending.emailAddress;
  pending = null;
}

/** The address of a code step left with "Back", once. */
export function takeReturningEmailAddress(): string {
  const address = returningEmailAddress;
  returningEmailAddress = '';
  return address;
}
