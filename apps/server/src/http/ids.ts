import { randomBytes } from 'node:crypto';
import { limits } from '@fleetgate/contracts';

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A random public id: 12 characters of [0-9a-z] (about 62 bits), never sequential. */
export function newPublicId(): string {
  let id = '';
  // Rejection sampling keeps every character uniformly likely (252 = 7 * 36).
  while (id.length < limits.publicIdLength) {
    for (const byte of randomBytes(16)) {
      if (byte < 252 && id.length < limits.publicIdLength) id += alphabet[byte % 36];
    }
  }
  return id;
}

export const publicIdPattern = /^[0-9a-z]{12}$/;
