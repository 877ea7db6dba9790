import { hash, randomBytes } from 'node:crypto';

/** A bearer secret of 256 random bits. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash of a secret is stored; a fast hash is right for high-entropy secrets. */
export function hashSecret(secret: string): string {
  // The one-shot form: no Hash object per call (every API request hashes its bearer secret).
  return hash('sha256', secret, 'hex');
}
