import { useEffect, useState } from 'react';
import { createStoredValue } from '../app/stored-value.ts';
import { ApiError } from '../api/api-error.ts';

/**
 * The server's sign-in rate limit (429 with Retry-After on POST AccessTokenList), kept in this
 * browser until it ends, so a user who comes back to the login page before then is told when
 * signing in works again instead of spending attempts that are refused anyway.
 */
export type SignInBlock = { until: number; emailAddress: string };

function parseBlock(raw: unknown): SignInBlock | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { until, emailAddress } = raw as Record<string, unknown>;
  return typeof until === 'number' && Number.isFinite(until) && typeof emailAddress === 'string'
    ? { until, emailAddress }
    : null;
}

const storedBlock = createStoredValue<SignInBlock | null>('fleetgate.signInBlock', null, parseBlock);

/** The block a failed sign-in reports, or null when it was refused for another reason. */
export function blockFrom(error: unknown, emailAddress: string, now: number): SignInBlock | null {
  if (!(error instanceof ApiError) || error.status !== 429 || error.retryAfterSeconds === undefined)
    return null;
  return { until: now + error.retryAfterSeconds * 1000, emailAddress };
}

/** The block while it lasts; null once it has ended. */
export function activeBlock(block: SignInBlock | null, now: number): SignInBlock | null {
  return block && block.until > now ? block : null;
}

/** Whether the block stops signing in with this address (the server counts per account, case-blind). */
export function blocks(block: SignInBlock | null, emailAddress: string): boolean {
  return block !== null && block.emailAddress.trim().toLowerCase() === emailAddress.trim().toLowerCase();
}

export const storeBlock = (block: SignInBlock) => storedBlock.set(block);

/** The stored block while it lasts; it is forgotten (and the page re-rendered) the moment it ends. */
export function useSignInBlock(): SignInBlock | null {
  const stored = storedBlock.useValue();
  const [now, setNow] = useState(() => Date.now());
  const block = activeBlock(stored, now);
  useEffect(() => {
    if (!stored) return;
    const wait = stored.until - Date.now();
    if (wait <= 0) {
      storedBlock.clear();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [stored, now]);
  return block;
}

/** When a block ends, as the user reads a clock: the time, with the day when it is not today. */
export function blockEndText(until: number, language: string, now = Date.now()): string {
  const end = new Date(until);
  const sameDay = new Date(now).toDateString() === end.toDateString();
  return new Intl.DateTimeFormat(
    language,
    sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(end);
}
