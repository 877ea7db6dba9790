import { temporaryAccessErrors } from '@fleetgate/contracts';
import { badRequest } from '../../http/errors.ts';

/**
 * The end of access an administrator sets: `undefined` leaves it, null clears it, a time must
 * lie in the future (an end already past would remove the member without saying so).
 */
export function parseExpiresOn(value: string | null | undefined, now = new Date()): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const expiresOn = new Date(value);
  if (!(expiresOn > now)) throw badRequest(temporaryAccessErrors.notInFuture, 'expiresOn');
  return expiresOn;
}
