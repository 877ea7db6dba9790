import { TOTP, Secret } from 'otpauth';

/** Checks a 6-digit TOTP code, allowing one step of clock drift either way. */
export function verifyTotp(secretBase32: string, code: string): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const totp = new TOTP({ secret: Secret.fromBase32(secretBase32), digits: 6, period: 30 });
  return totp.validate({ token: code, window: 1 }) !== null;
}
