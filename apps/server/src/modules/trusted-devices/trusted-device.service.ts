import { errorMessages } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { AuthenticatedUser } from '../../auth/context.ts';
import { recordSignInEvent } from '../../auth/sign-in-events.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { deleteAllTrustedDevices, deleteTrustedDevice } from './trusted-device.repository.ts';

export type Requester = { user: AuthenticatedUser; clientAddress: string; client: string | null };

/**
 * Forgets the listed trusted browsers of this user, all or none: another user's (or an
 * unknown) publicId is a 404 naming its position, and nothing is removed.
 */
export async function removeTrustedDevices(db: Db, who: Requester, publicIds: string[]) {
  return runInTransaction(db, async (trx) => {
    for (const [index, publicId] of publicIds.entries()) {
      if (!(await deleteTrustedDevice(trx, who.user.id, publicId)))
        throw new ApiError(404, [
          { message: errorMessages.notFound, propertyName: 'publicId', listIndex: index },
        ]);
      await audit(trx, who, publicId);
    }
    if (publicIds.length > 0) await record(trx, who, 'removed');
    return publicIds.map((publicId) => ({ publicId }));
  });
}

export async function removeTrustedDevice(db: Db, who: Requester, publicId: string) {
  return runInTransaction(db, async (trx) => {
    if (!(await deleteTrustedDevice(trx, who.user.id, publicId))) throw notFound();
    await audit(trx, who, publicId);
    await record(trx, who, 'removed');
    return { publicId };
  });
}

/** "Remove all": every trusted browser of the user, this one included, must ask for a code again. */
export async function removeAllTrustedDevices(db: Db, who: Requester) {
  return runInTransaction(db, async (trx) => {
    const removed = await deleteAllTrustedDevices(trx, who.user.id);
    // Nothing forgotten is nothing to show in the history.
    if (removed > 0) {
      await writeAudit(trx, {
        companyId: null,
        actorUserId: who.user.id,
        action: 'DELETE',
        rel: 'TrustedDeviceList',
        publicId: who.user.publicId,
        after: { removed },
        clientAddress: who.clientAddress,
      });
      await record(trx, who, 'removedAll');
    }
    return { removed };
  });
}

function audit(trx: Db, who: Requester, publicId: string) {
  return writeAudit(trx, {
    companyId: null,
    actorUserId: who.user.id,
    action: 'DELETE',
    rel: 'TrustedDevice',
    publicId,
    clientAddress: who.clientAddress,
  });
}

function record(trx: Db, who: Requester, detail: 'removed' | 'removedAll') {
  return recordSignInEvent(trx, {
    userId: who.user.id,
    kind: 'trustedDeviceChange',
    outcome: 'success',
    detail,
    client: who.client,
    address: who.clientAddress,
  });
}
