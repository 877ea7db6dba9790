import {
  errorMessages,
  type ApiErrorItem,
  type Translation,
  type TranslationChange,
  type TranslationCreate,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { TranslationRow } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { newPublicId } from '../../http/ids.ts';
import type { MutationContext } from '../../http/resource.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { presentTranslation } from './translation.presenter.ts';
import {
  deleteTranslations,
  findTranslationsByKeys,
  findTranslationsByPublicIds,
  insertTranslations,
  updateTranslation,
} from './translation.repository.ts';

function audit(
  trx: Db,
  ctx: MutationContext,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  publicId: string,
  before: Translation | undefined,
  after: Translation | undefined,
) {
  return writeAudit(trx, {
    companyId: ctx.company.id,
    actorUserId: ctx.user.id,
    action,
    rel: 'Translation',
    publicId,
    before,
    after,
    clientAddress: ctx.clientAddress,
  });
}

/** Rows of the batch's publicIds, locked; any unknown one (or another company's) is a 404 with its listIndex. */
async function lockedRows(trx: Db, ctx: MutationContext, publicIds: string[]) {
  const rows = await findTranslationsByPublicIds(trx, ctx.company.id, publicIds, true);
  const byId = new Map(rows.map((row) => [row.public_id, row]));
  const missing: ApiErrorItem[] = [];
  publicIds.forEach((publicId, listIndex) => {
    if (!byId.has(publicId))
      missing.push({ message: errorMessages.notFound, propertyName: 'publicId', listIndex });
  });
  if (missing.length > 0) throw new ApiError(404, missing);
  return publicIds.map((publicId) => byId.get(publicId)!);
}

/** Creates a checked batch; a key the company already has is "Duplicate" (409) with its listIndex. */
export async function createTranslations(trx: Db, ctx: MutationContext, items: TranslationCreate[]) {
  const taken = new Set(
    (
      await findTranslationsByKeys(
        trx,
        ctx.company.id,
        items.map((item) => item.key),
      )
    ).map((row) => row.key),
  );
  const duplicates: ApiErrorItem[] = [];
  items.forEach((item, listIndex) => {
    if (taken.has(item.key))
      duplicates.push({ message: errorMessages.duplicate, propertyName: 'key', listIndex });
  });
  if (duplicates.length > 0) throw new ApiError(409, duplicates);

  const withIds = items.map((item) => ({ ...item, publicId: newPublicId() }));
  const rows = await insertTranslations(trx, ctx.company.id, withIds);
  const byId = new Map(rows.map((row) => [row.public_id, presentTranslation(row)]));
  const created = withIds.map((item) => byId.get(item.publicId)!);
  for (const translation of created)
    await audit(trx, ctx, 'CREATE', translation.publicId, undefined, translation);
  return created;
}

/**
 * Changes a checked batch: `languages` replaces the whole map. Keys must stay unique in the
 * company once the whole batch is applied, so two translations may swap their keys.
 */
export async function changeTranslations(trx: Db, ctx: MutationContext, items: TranslationChange[]) {
  const rows = await lockedRows(
    trx,
    ctx,
    items.map((item) => item.publicId),
  );
  const finalKeys = items.map((item, i) => item.key ?? rows[i]!.key);
  const inBatch = new Set(rows.map((row) => row.public_id));
  const holders = await findTranslationsByKeys(trx, ctx.company.id, finalKeys);
  const heldOutside = new Set(holders.filter((h) => !inBatch.has(h.public_id)).map((h) => h.key));
  const duplicates: ApiErrorItem[] = [];
  const seen = new Set<string>();
  finalKeys.forEach((key, listIndex) => {
    if (heldOutside.has(key) || seen.has(key))
      duplicates.push({ message: errorMessages.duplicate, propertyName: 'key', listIndex });
    seen.add(key);
  });
  if (duplicates.length > 0) throw new ApiError(409, duplicates);

  // Renamed rows first take a key no translation can have, so swaps pass the unique index.
  const renamed = rows.filter((row, i) => items[i]!.key !== undefined && items[i]!.key !== row.key);
  for (const row of renamed) await updateTranslation(trx, row.id, { key: `~${row.public_id}` });

  const changed: Translation[] = [];
  for (const [i, item] of items.entries()) {
    const row = rows[i]!;
    const before = presentTranslation(row);
    const after = presentTranslation(
      await updateTranslation(trx, row.id, { key: finalKeys[i], languages: item.languages ?? row.languages }),
    );
    await audit(trx, ctx, 'UPDATE', row.public_id, before, after);
    changed.push(after);
  }
  return changed;
}

export async function removeTranslations(trx: Db, ctx: MutationContext, publicIds: string[]) {
  const rows: TranslationRow[] = await lockedRows(trx, ctx, publicIds);
  await deleteTranslations(
    trx,
    rows.map((row) => row.id),
  );
  for (const row of rows) await audit(trx, ctx, 'DELETE', row.public_id, presentTranslation(row), undefined);
  return rows.map((row) => ({ publicId: row.public_id }));
}
