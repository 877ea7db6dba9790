import {
  errorMessages,
  licenceErrors,
  licenceTypeByKey,
  type Licence,
  type LicenceTypeKey,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { ApiError, badRequest } from '../../http/errors.ts';
import type { MutationContext } from '../../http/resource.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { hashCouponCode, newCouponCode } from './coupon-code.ts';
import { presentLicence } from './licence.presenter.ts';
import {
  findLicencesOf,
  insertCoupon,
  insertLicence,
  lockLicence,
  redeemCoupon,
  setLicenceValidUntil,
} from './licence.repository.ts';

const dayMs = 24 * 3600 * 1000;

/** The audit rel of a licence: a bundle type's licence is a "licence bundle". */
export function licenceRel(type: string) {
  return licenceTypeByKey(type)?.bundle ? 'LicenceBundle' : 'Licence';
}

async function readLicence(db: Db, companyId: number, publicId: string, now: Date): Promise<Licence> {
  const [row] = await findLicencesOf(null)(db, companyId, [publicId]);
  if (!row) throw new Error(`Licence ${publicId} vanished`);
  return presentLicence(row, now);
}

/** The operator grants a licence (CLI): valid from now up to and including `validUntil`. */
export async function grantLicence(
  trx: Db,
  values: { companyId: number; type: LicenceTypeKey; seats: number; validUntil: Date; grantedBy: string },
  now = new Date(),
): Promise<Licence> {
  const row = await insertLicence(trx, { ...values, validFrom: now });
  const licence = await readLicence(trx, values.companyId, row.public_id, now);
  await writeAudit(trx, {
    companyId: values.companyId,
    actorUserId: null,
    action: 'CREATE',
    rel: licenceRel(values.type),
    publicId: licence.publicId,
    after: licence,
    clientAddress: null,
  });
  return licence;
}

/** The operator prints a coupon (CLI); only its hash is stored, the code is shown once. */
export async function createCoupon(db: Db, type: LicenceTypeKey, days: number): Promise<string> {
  const code = newCouponCode();
  await insertCoupon(db, { codeHash: hashCouponCode(code), type, days });
  return code;
}

/**
 * `LicenceBundleExtend`: a coupon of the licence's type adds its days to the licence, counted
 * from the later of now and its end. The coupon is used up in the same transaction.
 */
export async function extendLicence(
  trx: Db,
  ctx: MutationContext,
  publicId: string,
  couponCode: string,
  now = new Date(),
): Promise<Licence> {
  const licence = await lockLicence(trx, ctx.company.id, publicId);
  if (!licence) throw new ApiError(404, errorMessages.notFound);
  const before = await readLicence(trx, ctx.company.id, publicId, now);
  const coupon = await redeemCoupon(trx, hashCouponCode(couponCode), ctx.company.id, now);
  if (!coupon) throw badRequest(licenceErrors.couponUnknown, 'couponCode');
  // Refusing rolls the transaction back: the coupon stays unused.
  if (coupon.type !== licence.type) throw badRequest(licenceErrors.couponWrongType, 'couponCode');
  const from = Math.max(now.getTime(), licence.valid_until.getTime());
  await setLicenceValidUntil(trx, licence.id, new Date(from + coupon.days * dayMs));
  const after = await readLicence(trx, ctx.company.id, publicId, now);
  await writeAudit(trx, {
    companyId: ctx.company.id,
    actorUserId: ctx.user.id,
    action: 'UPDATE',
    rel: licenceRel(licence.type),
    publicId,
    before,
    after,
    clientAddress: ctx.clientAddress,
  });
  return after;
}
