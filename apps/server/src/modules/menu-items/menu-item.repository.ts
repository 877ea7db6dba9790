import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Expression, SqlBool } from 'kysely';

/** Where a page of the menu starts: after this order (and publicId, between equal orders). */
export type MenuCursor = { order: number; publicId: string };
export type MenuListQuery = { where: Expression<SqlBool> | null; after: MenuCursor | null; limit: number };

function selectMenuItems(db: Db, companyId: number) {
  return db
    .selectFrom('menu_items')
    .leftJoin('audiences', 'audiences.id', 'menu_items.audience_id')
    .selectAll('menu_items')
    .select(['audiences.public_id as audience_public_id', 'audiences.name as audience_name'])
    .where('menu_items.company_id', '=', companyId);
}

export type MenuItemView = Awaited<ReturnType<typeof findMenuItemsByPublicIds>>[number];

/**
 * The company's menu items in menu order; with `forUserId`, only those meant for that member:
 * without an access category, or with the member's own.
 */
export function listMenuItems(db: Db, companyId: number, query: MenuListQuery, forUserId: number | null) {
  let items = selectMenuItems(db, companyId);
  if (query.where) items = items.where(query.where);
  if (query.after) {
    const { order, publicId } = query.after;
    items = items.where(
      sql<boolean>`(menu_items.sort_order, menu_items.public_id) > (${order}, ${publicId})`,
    );
  }
  if (forUserId !== null) {
    items = items.where((eb) =>
      eb.or([
        eb('menu_items.audience_id', 'is', null),
        eb(
          'menu_items.audience_id',
          '=',
          sql<number>`(select m.audience_id from memberships m where m.company_id = ${companyId} and m.user_id = ${forUserId})`,
        ),
      ]),
    );
  }
  return items.orderBy('menu_items.sort_order').orderBy('menu_items.public_id').limit(query.limit).execute();
}

export function findMenuItemsByPublicIds(db: Db, companyId: number, publicIds: string[], forUpdate = false) {
  if (publicIds.length === 0) return Promise.resolve([]);
  let query = selectMenuItems(db, companyId).where('menu_items.public_id', 'in', publicIds);
  if (forUpdate) query = query.forUpdate(['menu_items']);
  return query.execute();
}

/** The highest order and the number of the company's items (new items go last; the count is capped). */
export async function menuItemStats(db: Db, companyId: number) {
  const row = await db
    .selectFrom('menu_items')
    .select((eb) => [eb.fn.max('sort_order').as('highest'), eb.fn.countAll<string>().as('count')])
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return { highest: row.highest ?? null, count: Number(row.count) };
}

export type MenuItemValues = {
  publicId: string;
  name: string | null;
  translationKey: string | null;
  url: string;
  icon: string;
  order: number;
  audienceId: number | null;
};

export async function insertMenuItem(db: Db, companyId: number, item: MenuItemValues) {
  await db
    .insertInto('menu_items')
    .values({
      public_id: item.publicId,
      company_id: companyId,
      name: item.name,
      translation_key: item.translationKey,
      url: item.url,
      icon: item.icon,
      sort_order: item.order,
      audience_id: item.audienceId,
    })
    .execute();
}

export async function updateMenuItem(db: Db, id: number, item: Omit<MenuItemValues, 'publicId'>) {
  await db
    .updateTable('menu_items')
    .set({
      name: item.name,
      translation_key: item.translationKey,
      url: item.url,
      icon: item.icon,
      sort_order: item.order,
      audience_id: item.audienceId,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteMenuItems(db: Db, ids: number[]) {
  await db.deleteFrom('menu_items').where('id', 'in', ids).execute();
}

/** Locks the company row, so concurrent creates count and order the company's items one after the other. */
export async function lockCompanyMenu(db: Db, companyId: number) {
  await db.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().execute();
}
