import type { z } from 'zod';
import {
  errorMessages,
  limits,
  menuItemErrorMessages,
  menuItemsPerCompanyMax,
  type ApiErrorItem,
  type MenuItem,
  type menuItemCreateInput,
  type menuItemPatchInput,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { ApiError, badRequest } from '../../http/errors.ts';
import { newPublicId } from '../../http/ids.ts';
import type { MutationContext } from '../../http/resource.ts';
import { findAudienceOfCompany } from '../audiences/audience.repository.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { presentMenuItem } from './menu-item.presenter.ts';
import {
  deleteMenuItems,
  findMenuItemsByPublicIds,
  insertMenuItem,
  lockCompanyMenu,
  menuItemStats,
  updateMenuItem,
  type MenuItemView,
} from './menu-item.repository.ts';

export type MenuItemCreate = z.output<typeof menuItemCreateInput>;
export type MenuItemChange = z.output<typeof menuItemPatchInput> & { publicId: string };

/** Errors of a batch: each with its listIndex when the request was a list. */
class BatchErrors {
  readonly items: ApiErrorItem[] = [];
  private readonly many: boolean;
  constructor(many: boolean) {
    this.many = many;
  }
  add(listIndex: number, message: string, propertyName?: string) {
    this.items.push({
      message,
      ...(propertyName === undefined ? {} : { propertyName }),
      ...(this.many ? { listIndex } : {}),
    });
  }
  throwIfAny(status: number) {
    if (this.items.length > 0) throw new ApiError(status, this.items);
  }
}

/** Exactly one of name and translation key: the item shows that one. */
export function nameOrKeyProblem(name: string | null | undefined, translationKey: string | null | undefined) {
  const hasName = name !== null && name !== undefined;
  const hasKey = translationKey !== null && translationKey !== undefined;
  if (hasName && hasKey) return { message: menuItemErrorMessages.nameOrKey, propertyName: 'translationKey' };
  if (!hasName && !hasKey) return { message: errorMessages.required, propertyName: 'name' };
  return null;
}

/** The audiences the batch names, by publicId; another company's or an unknown one is a 404. */
async function audienceIds(
  trx: Db,
  ctx: MutationContext,
  refs: ({ publicId: string } | null | undefined)[],
  errors: BatchErrors,
) {
  const ids = new Map<number, number | null | undefined>();
  for (const [listIndex, ref] of refs.entries()) {
    if (ref === undefined || ref === null) {
      ids.set(listIndex, ref);
      continue;
    }
    const audience = await findAudienceOfCompany(trx, ctx.company.id, ref.publicId);
    if (!audience) errors.add(listIndex, errorMessages.notFound, 'audience.publicId');
    else ids.set(listIndex, audience.id);
  }
  errors.throwIfAny(404);
  return ids;
}

function audit(
  trx: Db,
  ctx: MutationContext,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  publicId: string,
  before: MenuItem | undefined,
  after: MenuItem | undefined,
) {
  return writeAudit(trx, {
    companyId: ctx.company.id,
    actorUserId: ctx.user.id,
    action,
    rel: 'MenuItem',
    publicId,
    before,
    after,
    clientAddress: ctx.clientAddress,
  });
}

async function presentedInOrder(trx: Db, ctx: MutationContext, publicIds: string[]) {
  const rows = await findMenuItemsByPublicIds(trx, ctx.company.id, publicIds);
  const byId = new Map(rows.map((row) => [row.public_id, presentMenuItem(row)]));
  return publicIds.map((publicId) => byId.get(publicId)!);
}

/**
 * Creates a checked batch: items without an order go last, each 1000 after the one before (0
 * for the company's first). A company keeps at most `menuItemsPerCompanyMax` items.
 */
export async function createMenuItems(trx: Db, ctx: MutationContext, items: MenuItemCreate[], many: boolean) {
  await lockCompanyMenu(trx, ctx.company.id);
  const stats = await menuItemStats(trx, ctx.company.id);
  if (stats.count + items.length > menuItemsPerCompanyMax) throw badRequest(menuItemErrorMessages.tooMany);
  const audiences = await audienceIds(
    trx,
    ctx,
    items.map((item) => item.audience),
    new BatchErrors(many),
  );
  let highest = stats.highest;
  const publicIds: string[] = [];
  for (const [i, item] of items.entries()) {
    const order = item.order ?? (highest === null ? 0 : highest + limits.orderStep);
    highest = highest === null ? order : Math.max(highest, order);
    const publicId = newPublicId();
    await insertMenuItem(trx, ctx.company.id, {
      publicId,
      name: item.name ?? null,
      translationKey: item.translationKey ?? null,
      url: item.url,
      icon: item.icon,
      order,
      audienceId: audiences.get(i) ?? null,
    });
    publicIds.push(publicId);
  }
  const created = await presentedInOrder(trx, ctx, publicIds);
  for (const item of created) await audit(trx, ctx, 'CREATE', item.publicId, undefined, item);
  return created;
}

/** Rows of the batch's publicIds, locked; an unknown one (or another company's) is a 404 with its listIndex. */
async function lockedRows(trx: Db, ctx: MutationContext, publicIds: string[], many: boolean) {
  const rows = await findMenuItemsByPublicIds(trx, ctx.company.id, publicIds, true);
  const byId = new Map(rows.map((row) => [row.public_id, row]));
  const errors = new BatchErrors(many);
  publicIds.forEach((publicId, listIndex) => {
    if (!byId.has(publicId)) errors.add(listIndex, errorMessages.notFound, 'publicId');
  });
  errors.throwIfAny(404);
  return publicIds.map((publicId) => byId.get(publicId)!);
}

/** Changes a checked batch; `null` clears the name, the translation key or the access category. */
export async function changeMenuItems(trx: Db, ctx: MutationContext, items: MenuItemChange[]) {
  const rows: MenuItemView[] = await lockedRows(
    trx,
    ctx,
    items.map((item) => item.publicId),
    true,
  );
  const audiences = await audienceIds(
    trx,
    ctx,
    items.map((item) => item.audience),
    new BatchErrors(true),
  );
  const errors = new BatchErrors(true);
  const merged = items.map((item, i) => {
    const row = rows[i]!;
    const name = item.name === undefined ? row.name : item.name;
    const translationKey = item.translationKey === undefined ? row.translation_key : item.translationKey;
    const problem = nameOrKeyProblem(name, translationKey);
    if (problem) errors.add(i, problem.message, problem.propertyName);
    const audience = audiences.get(i);
    return {
      name,
      translationKey,
      url: item.url ?? row.url,
      icon: item.icon ?? row.icon,
      order: item.order ?? row.sort_order,
      audienceId: audience === undefined ? row.audience_id : audience,
    };
  });
  errors.throwIfAny(400);
  for (const [i, row] of rows.entries()) await updateMenuItem(trx, row.id, merged[i]!);
  const changed = await presentedInOrder(
    trx,
    ctx,
    rows.map((row) => row.public_id),
  );
  for (const [i, row] of rows.entries())
    await audit(trx, ctx, 'UPDATE', row.public_id, presentMenuItem(row), changed[i]);
  return changed;
}

export async function removeMenuItems(trx: Db, ctx: MutationContext, publicIds: string[]) {
  const rows = await lockedRows(trx, ctx, publicIds, true);
  await deleteMenuItems(
    trx,
    rows.map((row) => row.id),
  );
  for (const row of rows) await audit(trx, ctx, 'DELETE', row.public_id, presentMenuItem(row), undefined);
  return rows.map((row) => ({ publicId: row.public_id }));
}
