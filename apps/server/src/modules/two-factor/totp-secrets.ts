import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createSecretBox, isSealed, sealedPrefix, type SecretBox } from '../../auth/secret-box.ts';

/**
 * TOTP secrets must be read again to check each code, so they cannot be hashed: they are sealed
 * with the server key instead (auth/secret-box.ts), bound to their user, so a copied database
 * (a backup, a read replica) gives no one the codes. The confirmed and the pending secret share
 * one context, so a confirmation moves the pending box as it is.
 */
export type TotpSecrets = {
  seal(userId: number, secret: string): string;
  /** The clear secret of a stored one, sealed or (stored before sealing began) still clear. */
  open(userId: number, stored: string): string;
};

const contextOf = (userId: number) => `UserTotp/${userId}`;

export function createTotpSecrets(box: SecretBox): TotpSecrets {
  return {
    seal: (userId, secret) => box.seal(secret, contextOf(userId)),
    open: (userId, stored) => (isSealed(stored) ? box.open(stored, contextOf(userId)) : stored),
  };
}

/** Under the key every other sealed secret uses (FLEETGATE_SECRET_KEY or the data directory's key file). */
export function totpSecretsOf(config: Pick<Config, 'dataDir'>): TotpSecrets {
  return createTotpSecrets(
    createSecretBox({ envKey: process.env.FLEETGATE_SECRET_KEY, dataDir: config.dataDir }),
  );
}

type TotpColumn = 'totp_secret' | 'totp_pending_secret';

/**
 * Seals one stored secret in place if it is still clear. The update names the clear value it
 * replaces, so a secret changed meanwhile (TOTP turned off, a new enrolment) is left as it is
 * now; one statement, so the column never holds anything but the old or the new value.
 */
export async function sealInPlace(
  db: Db,
  secrets: TotpSecrets,
  userId: number,
  column: TotpColumn,
  stored: string,
): Promise<void> {
  if (isSealed(stored)) return;
  await db
    .updateTable('users')
    .set({ [column]: secrets.seal(userId, stored) })
    .where('id', '=', userId)
    .where(column, '=', stored)
    .execute();
}

/**
 * The start-up step: seals every secret stored in clear by a version before sealing. The key
 * exists only at run time (an environment variable or the data directory), so this cannot be a
 * migration; until it ran (or while an older process still writes), reads accept a clear
 * secret and seal it (`open` tells the two apart by the box's version tag). Returns how many.
 */
export async function sealClearTotpSecrets(db: Db, secrets: TotpSecrets): Promise<number> {
  const clear = `${sealedPrefix}%`;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'totp_secret', 'totp_pending_secret'])
    .where((eb) =>
      eb.or([
        eb.and([eb('totp_secret', 'is not', null), eb('totp_secret', 'not like', clear)]),
        eb.and([eb('totp_pending_secret', 'is not', null), eb('totp_pending_secret', 'not like', clear)]),
      ]),
    )
    .execute();
  let sealed = 0;
  for (const row of rows) {
    for (const column of ['totp_secret', 'totp_pending_secret'] as const) {
      const stored = row[column];
      if (stored === null || isSealed(stored)) continue;
      await sealInPlace(db, secrets, row.id, column, stored);
      sealed += 1;
    }
  }
  return sealed;
}

/** The clear secret of a stored one (null stays null); one still stored in clear is sealed on the way. */
export async function readTotpSecret(
  db: Db,
  secrets: TotpSecrets,
  userId: number,
  column: TotpColumn,
  stored: string | null,
): Promise<string | null> {
  if (stored === null) return null;
  const secret = secrets.open(userId, stored);
  await sealInPlace(db, secrets, userId, column, stored);
  return secret;
}
