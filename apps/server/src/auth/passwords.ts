import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

// OWASP's argon2id parameters (19 MiB, 2 passes).
// `algorithm: 2` is Algorithm.Argon2id (a const enum that type stripping cannot read).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the account does not exist, so both paths take the same time.
const unknownAccountHash = hashPassword('fleetgate-unknown-account');
export async function spendVerifyTime(password: string): Promise<void> {
  await verifyPassword(await unknownAccountHash, password);
}

const commonPasswords = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/** True for passwords found in the zxcvbn list of ~50,000 commonly used passwords. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
