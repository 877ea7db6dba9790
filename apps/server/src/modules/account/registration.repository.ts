import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

export function insertRegistration(
  db: Db,
  registration: {
    name: string;
    emailAddress: string;
    passwordHash: string;
    tokenHash: string;
    expiresOn: Date;
  },
) {
  return db
    .insertInto('registrations')
    .values({
      name: registration.name,
      email_address: registration.emailAddress,
      password_hash: registration.passwordHash,
      token_hash: registration.tokenHash,
      expires_on: registration.expiresOn,
    })
    .execute();
}

/** A registration whose link has not expired, locked so it is confirmed once. */
export function findLiveRegistrationForUpdate(db: Db, tokenHash: string) {
  return db
    .selectFrom('registrations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('expires_on', '>', new Date())
    .forUpdate()
    .executeTakeFirst();
}

/** Every pending registration of an address: once one is confirmed, the others are void. */
export async function deleteRegistrationsOf(db: Db, emailAddress: string) {
  await db
    .deleteFrom('registrations')
    .where(sql<string>`lower(email_address)`, '=', emailAddress.toLowerCase())
    .execute();
}

export async function deleteExpiredRegistrations(db: Db) {
  await db.deleteFrom('registrations').where('expires_on', '<=', new Date()).execute();
}
