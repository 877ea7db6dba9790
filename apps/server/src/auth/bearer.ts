import type { IncomingMessage } from 'node:http';
import { hashSecret } from './secrets.ts';

const bearer = /^Bearer ([A-Za-z0-9_-]{1,200})$/;
const hashes = new WeakMap<IncomingMessage, string | null>();

/**
 * The stored hash of the request's bearer secret, or undefined without a well-formed one.
 * Computed once per request: signing in and recording the token's last use both need it.
 */
export function bearerSecretHash(request: IncomingMessage): string | undefined {
  let hash = hashes.get(request);
  if (hash === undefined) {
    const match = bearer.exec(request.headers.authorization ?? '');
    hash = match ? hashSecret(match[1]!) : null;
    hashes.set(request, hash);
  }
  return hash ?? undefined;
}
