import { randomInt } from 'node:crypto';
import { TOTP, Secret } from 'otpauth';
import { recoveryCodePattern } from '@fleetgate/contracts';

const totpOf = (secretBase32: string, label = '', issuer = '') =>
  new TOTP({ secret: Secret.fromBase32(secretBase32), digits: 6, period: 30, label, issuer });

/**
 * The time step a 6-digit TOTP code belongs to, allowing one step of clock drift either way;
 * null when the code is not valid now. The step is what replay protection remembers.
 */
export function totpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token: code, window: 1, timestamp: now });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** Checks a 6-digit TOTP code, allowing one step of clock drift either way (no replay check). */
export function verifyTotp(secretBase32: string, code: string): boolean {
  return totpStep(secretBase32, code) !== null;
}

/** A new TOTP secret of 160 random bits, in base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(secretBase32: string, label: string, issuer: string): string {
  return totpOf(secretBase32, label, issuer).toString();
}

const recoveryAlphabet = 'abcdefghijklmnopqrstuvwxyz234567';

/** A single-use recovery code, `xxxxx-xxxxx` (50 random bits; only its hash is stored). */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += recoveryAlphabet[randomInt(recoveryAlphabet.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The form a recovery code is hashed in: typed with or without the dash, in any case. */
export function normalRecoveryCode(code: string): string | null {
  const trimmed = code.trim();
  if (!recoveryCodePattern.test(trimmed)) return null;
  const letters = trimmed.replace('-', '').toLowerCase();
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}
