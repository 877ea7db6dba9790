import type { Db } from '../../db/client.ts';

export function findTotpState(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['totp_secret', 'totp_pending_secret', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Keeps a new pending secret (sealed), only while TOTP is off. False when it is on. */
export async function setPendingSecret(db: Db, userId: number, sealedSecret: string): Promise<boolean> {
  const rows = await db
    .updateTable('users')
    .set({ totp_pending_secret: sealedSecret })
    .where('id', '=', userId)
    .where('totp_secret', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/**
 * Turns the pending secret (as stored: `pending`) into the confirmed one (sealed), remembering
 * the confirming code's step so it cannot sign in as well. False when another request changed
 * the secret meanwhile.
 */
export async function enableTotp(
  db: Db,
  userId: number,
  pending: string,
  sealedSecret: string,
  step: number,
): Promise<boolean> {
  const rows = await db
    .updateTable('users')
    .set({ totp_secret: sealedSecret, totp_pending_secret: null, totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_pending_secret', '=', pending)
    .where('totp_secret', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function disableTotp(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/**
 * Takes a TOTP time step for this account, once: the check and the update are one statement, so
 * two requests with the same code cannot both pass. False when this step or a later one was taken.
 */
export async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** The old recovery codes die with the new ones' arrival. */
export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Marks an unused recovery code used, atomically; false when there is no such unused code. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .updateTable('recovery_codes')
    .set({ used_on: new Date() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_on', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_on', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
