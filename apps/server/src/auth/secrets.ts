import { createHash, randomBytes } from 'node:crypto';

/** A bearer secret of 256 random bits. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash of a secret is stored; a fast hash is right for high-entropy secrets. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
