import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { bearerSecretHash } from './bearer.ts';

/** How often a token's last use is written: the session list needs no finer grain. */
export const lastUsedIntervalMs = 60_000;

/**
 * Records when and from which address each access token was last used, for the session list.
 * At most one small UPDATE per token a minute: a map remembers when this process last wrote,
 * and the UPDATE itself skips tokens another process touched within the minute. It runs before
 * the answer is sent, so the next request already sees it.
 */
export function registerSessionActivity(app: FastifyInstance, db: Db, maxTracked = 10_000) {
  const lastWritten = new Map<string, number>();

  // Callback style: almost every request writes nothing, and then costs no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    // A 401 means the token signed nobody in: nothing to record, and no write for made-up tokens.
    if (reply.statusCode === 401 || !request.url.startsWith('/api/')) return done(null, payload);
    const secretHash = bearerSecretHash(request.raw);
    if (secretHash === undefined) return done(null, payload);
    const now = Date.now();
    const last = lastWritten.get(secretHash);
    if (last !== undefined && now - last < lastUsedIntervalMs) return done(null, payload);
    lastWritten.delete(secretHash);
    if (lastWritten.size >= maxTracked) lastWritten.delete(lastWritten.keys().next().value!);
    lastWritten.set(secretHash, now);
    touchAccessToken(db, secretHash, request.ip, now).then(
      () => done(null, payload),
      (error: unknown) => {
        // Bookkeeping only: the answer is sent whatever happened to it.
        request.log.warn({ err: error }, 'could not record the last use of an access token');
        done(null, payload);
      },
    );
  });
}

async function touchAccessToken(db: Db, secretHash: string, address: string, now: number) {
  await db
    .updateTable('access_tokens')
    .set({ last_used_on: new Date(now), last_used_address: address })
    .where('secret_hash', '=', secretHash)
    .where('expires_on', '>', new Date(now))
    .where((eb) =>
      eb.or([eb('last_used_on', 'is', null), eb('last_used_on', '<=', new Date(now - lastUsedIntervalMs))]),
    )
    .execute();
}
