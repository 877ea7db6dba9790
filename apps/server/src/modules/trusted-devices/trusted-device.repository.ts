import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

/** How long "trust this browser" lasts. */
export const trustedDeviceDays = 30;

export type NewTrustedDevice = {
  userId: number;
  secretHash: string;
  client: string | null;
  address: string;
  expiresOn: Date;
};

export function insertTrustedDevice(db: Db, device: NewTrustedDevice) {
  return db
    .insertInto('trusted_devices')
    .values({
      public_id: newPublicId(),
      user_id: device.userId,
      secret_hash: device.secretHash,
      client: device.client,
      address: device.address,
      expires_on: device.expiresOn,
      last_used_on: new Date(),
    })
    .returning(['public_id', 'expires_on'])
    .executeTakeFirstOrThrow();
}

/** The user's unexpired trusted browser with this secret's hash, if any. */
export function findTrustedDevice(db: Db, userId: number, secretHash: string) {
  return db
    .selectFrom('trusted_devices')
    .select(['id', 'public_id', 'expires_on'])
    .where('user_id', '=', userId)
    .where('secret_hash', '=', secretHash)
    .where('expires_on', '>', new Date())
    .executeTakeFirst();
}

export async function touchTrustedDevice(db: Db, id: number, address: string) {
  await db
    .updateTable('trusted_devices')
    .set({ last_used_on: new Date(), address })
    .where('id', '=', id)
    .execute();
}

const deviceColumns = [
  'public_id',
  'secret_hash',
  'client',
  'address',
  'created_at',
  'expires_on',
  'last_used_on',
] as const;

/** A user's unexpired trusted browsers, paged. */
export function listTrustedDevices(db: Db, userId: number, list: ListQuery) {
  const query = db
    .selectFrom('trusted_devices as d')
    .select(deviceColumns.map((c) => `d.${c}` as const))
    .where('d.user_id', '=', userId)
    .where('d.expires_on', '>', new Date());
  return keysetPage(query, 'd', list).execute();
}

export type TrustedDeviceRow = Awaited<ReturnType<typeof listTrustedDevices>>[number];

/** Deletes one of this user's trusted browsers; false when there was none with this publicId. */
export async function deleteTrustedDevice(db: Db, userId: number, publicId: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('trusted_devices')
    .where('user_id', '=', userId)
    .where('public_id', '=', publicId)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** A password change, a recovery or turning two-factor off forgets every trusted browser. */
export async function deleteAllTrustedDevices(db: Db, userId: number): Promise<number> {
  const rows = await db.deleteFrom('trusted_devices').where('user_id', '=', userId).returning('id').execute();
  return rows.length;
}
