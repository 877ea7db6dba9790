import { createHash, randomInt } from 'node:crypto';
import { couponCodeAlphabet } from '@fleetgate/contracts';

/** `FG-XXXX-XXXX-XXXX`: 12 characters of 32 (60 bits) from the crypto random source. */
export function newCouponCode(): string {
  const groups = Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => couponCodeAlphabet[randomInt(couponCodeAlphabet.length)]).join(''),
  );
  return `FG-${groups.join('-')}`;
}

/**
 * Codes are compared by their SHA-256 only (the code is a bearer secret). People type them:
 * case, spaces and a missing `FG-` prefix or dashes do not matter.
 */
export function hashCouponCode(code: string): string {
  const compact = code.toUpperCase().replace(/[\s-]/g, '');
  const normalized = compact.startsWith('FG') && compact.length === 14 ? compact.slice(2) : compact;
  return createHash('sha256').update(normalized).digest('hex');
}
