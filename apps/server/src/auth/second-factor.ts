import type { Db } from '../db/client.ts';

/** What second factors an account has: a confirmed TOTP secret, passkeys, or both. */
export async function secondFactorsOf(db: Db, userId: number): Promise<{ totp: boolean; passkeys: number }> {
  const row = await db
    .selectFrom('users as u')
    .select((eb) => [
      'u.totp_secret',
      eb
        .selectFrom('webauthn_credentials as w')
        .whereRef('w.user_id', '=', 'u.id')
        .select((e) => e.fn.countAll<string>().as('n'))
        .as('passkeys'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return { totp: row?.totp_secret != null, passkeys: Number(row?.passkeys ?? 0) };
}

/** True when the account has any second factor (TOTP or at least one passkey). */
export async function hasSecondFactor(db: Db, userId: number): Promise<boolean> {
  const factors = await secondFactorsOf(db, userId);
  return factors.totp || factors.passkeys > 0;
}
