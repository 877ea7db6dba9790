import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

export type ChallengePurpose = 'registration' | 'authentication';

export async function insertChallenge(
  db: Db,
  challenge: { challenge: string; purpose: ChallengePurpose; userId: number | null; expiresOn: Date },
) {
  // Expired ceremonies are never taken; clearing them here keeps the table small without a job.
  await db.deleteFrom('webauthn_challenges').where('expires_on', '<=', new Date()).execute();
  return db
    .insertInto('webauthn_challenges')
    .values({
      public_id: newPublicId(),
      challenge: challenge.challenge,
      purpose: challenge.purpose,
      user_id: challenge.userId,
      expires_on: challenge.expiresOn,
    })
    .returning('public_id')
    .executeTakeFirstOrThrow();
}

/** An unexpired challenge of this purpose and user, left in place (see `takeChallenge`). */
export async function findChallenge(
  db: Db,
  by: { publicId: string } | { challenge: string },
  purpose: ChallengePurpose,
  userId: number,
): Promise<string | undefined> {
  let query = db
    .selectFrom('webauthn_challenges')
    .select('challenge')
    .where('purpose', '=', purpose)
    .where('user_id', '=', userId)
    .where('expires_on', '>', new Date());
  query =
    'publicId' in by
      ? query.where('public_id', '=', by.publicId)
      : query.where('challenge', '=', by.challenge);
  const row = await query.executeTakeFirst();
  return row?.challenge;
}

/**
 * Takes (deletes) an unexpired challenge of this purpose and user, by its publicId or by the
 * challenge itself: a challenge answers one ceremony only, even when two answers race.
 */
export async function takeChallenge(
  db: Db,
  by: { publicId: string } | { challenge: string },
  purpose: ChallengePurpose,
  userId: number | null,
): Promise<string | undefined> {
  let query = db
    .deleteFrom('webauthn_challenges')
    .where('purpose', '=', purpose)
    .where('expires_on', '>', new Date());
  query =
    'publicId' in by
      ? query.where('public_id', '=', by.publicId)
      : query.where('challenge', '=', by.challenge);
  query = userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', userId);
  const row = await query.returning('challenge').executeTakeFirst();
  return row?.challenge;
}

export type NewCredential = {
  userId: number;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  name: string;
};

export function insertCredential(db: Db, credential: NewCredential) {
  return db
    .insertInto('webauthn_credentials')
    .values({
      public_id: newPublicId(),
      user_id: credential.userId,
      credential_id: credential.credentialId,
      public_key: credential.publicKey,
      counter: credential.counter,
      transports: JSON.stringify(credential.transports),
      name: credential.name,
    })
    .returning(passkeyColumns)
    .executeTakeFirstOrThrow();
}

const passkeyColumns = ['public_id', 'name', 'created_at', 'last_used_on'] as const;

export function listPasskeys(db: Db, userId: number, list: ListQuery) {
  const query = db
    .selectFrom('webauthn_credentials as w')
    .select(passkeyColumns.map((c) => `w.${c}` as const))
    .where('w.user_id', '=', userId);
  return keysetPage(query, 'w', list).execute();
}

export type PasskeyRow = Awaited<ReturnType<typeof listPasskeys>>[number];

/** Credential ids (and transports) of the user's passkeys: registering one of them again is refused. */
export function listCredentialIds(db: Db, userId: number) {
  return db
    .selectFrom('webauthn_credentials')
    .select(['credential_id', 'transports'])
    .where('user_id', '=', userId)
    .execute();
}

export function findCredential(db: Db, credentialId: string) {
  return db
    .selectFrom('webauthn_credentials as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select([
      'w.id',
      'w.public_id',
      'w.user_id',
      'u.public_id as user_public_id',
      'w.credential_id',
      'w.public_key',
      'w.counter',
    ])
    .where('w.credential_id', '=', credentialId)
    .executeTakeFirst();
}

/**
 * Stores the new signature counter only if nobody stored it meanwhile: of two sign-ins with the
 * same counter, one wins and the other is refused (a cloned authenticator is not let in twice).
 */
export async function recordCredentialUse(db: Db, id: number, oldCounter: string, newCounter: number) {
  const rows = await db
    .updateTable('webauthn_credentials')
    .set({ counter: newCounter, last_used_on: new Date() })
    .where('id', '=', id)
    .where('counter', '=', oldCounter)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export function renamePasskey(db: Db, userId: number, publicId: string, name: string) {
  return db
    .updateTable('webauthn_credentials')
    .set({ name })
    .where('user_id', '=', userId)
    .where('public_id', '=', publicId)
    .returning(passkeyColumns)
    .executeTakeFirst();
}

export function findPasskey(db: Db, userId: number, publicId: string) {
  return db
    .selectFrom('webauthn_credentials')
    .select(passkeyColumns)
    .where('user_id', '=', userId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

export async function deletePasskey(db: Db, userId: number, publicId: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('webauthn_credentials')
    .where('user_id', '=', userId)
    .where('public_id', '=', publicId)
    .returning('id')
    .execute();
  return rows.length > 0;
}
