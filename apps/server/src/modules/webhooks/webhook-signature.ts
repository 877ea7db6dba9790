import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret: 32 random bytes, prefixed so it is recognisable in a receiver's config. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * `Fleetgate-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. The time is
 * signed with the body so a receiver can refuse old captured requests (replays).
 */
export function webhookSignature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}
