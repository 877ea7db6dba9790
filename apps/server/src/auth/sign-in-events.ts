import type { SignInEventKind, SignInEventOutcome } from '@fleetgate/contracts';
import type { Db } from '../db/client.ts';
import { newPublicId } from '../http/ids.ts';
import { limits } from '@fleetgate/contracts';

export type SignInEventInput = {
  /** The account, when known; failures for an unknown address have none. */
  userId: number | null;
  kind: SignInEventKind;
  outcome: SignInEventOutcome;
  /** The address tried, kept for failures only (a success names its account already). */
  attemptedEmailAddress?: string | null;
  /** A stable reason or note, e.g. `wrongPassword`, `replayed`, `disabled`. */
  detail?: string | null;
  client: string | null;
  address: string | null;
};

/**
 * Adds one entry to the sign-in history. Pass the transaction that makes the change it
 * records, so the history and the change land together; a failed attempt is recorded on its
 * own (there is nothing else to write).
 */
export async function recordSignInEvent(db: Db, event: SignInEventInput): Promise<void> {
  await db
    .insertInto('sign_in_events')
    .values({
      public_id: newPublicId(),
      user_id: event.userId,
      kind: event.kind,
      outcome: event.outcome,
      attempted_email_address:
        event.outcome === 'failure'
          ? (event.attemptedEmailAddress?.slice(0, limits.nameMaxLength) ?? null)
          : null,
      detail: event.detail ?? null,
      client: event.client,
      address: event.address,
    })
    .execute();
}
