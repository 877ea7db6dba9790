import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';

export function insertSector(db: Db, name: string) {
  return db
    .insertInto('sectors')
    .values({ public_id: newPublicId(), name })
    .returning(['id', 'public_id', 'name'])
    .executeTakeFirstOrThrow();
}

export function findSectorByPublicId(db: Db, publicId: string) {
  return db
    .selectFrom('sectors')
    .select(['id', 'public_id', 'name'])
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

/** Every sector with how many companies belong to it, oldest first. */
export function listSectorsWithCounts(db: Db) {
  return db
    .selectFrom('sectors as s')
    .leftJoin('brandings as b', 'b.sector_id', 's.id')
    .select(['s.public_id', 's.name', 'b.fqdn'])
    .select((eb) =>
      eb
        .selectFrom('companies as c')
        .select((c) => c.fn.countAll<string>().as('n'))
        .whereRef('c.sector_id', '=', 's.id')
        .as('companies'),
    )
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
}

export function findCompanyByPublicId(db: Db, publicId: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'public_id', 'name', 'sector_id', 'parent_company_id'])
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

/** The sector of a company, when it has one. */
export function findSectorOfCompany(db: Db, companyId: number) {
  return db
    .selectFrom('companies as c')
    .innerJoin('sectors as s', 's.id', 'c.sector_id')
    .select(['s.id', 's.public_id', 's.name'])
    .where('c.id', '=', companyId)
    .executeTakeFirst();
}

export async function setCompanySector(db: Db, companyId: number, sectorId: number | null) {
  await db.updateTable('companies').set({ sector_id: sectorId }).where('id', '=', companyId).execute();
}

export async function setCompanyParent(db: Db, companyId: number, parentId: number | null) {
  await db
    .updateTable('companies')
    .set({ parent_company_id: parentId })
    .where('id', '=', companyId)
    .execute();
}

/** The ids of a company and its parent companies, nearest first (a cycle stops the walk). */
export async function findAncestorIds(db: Db, companyId: number, maxDepth = 64): Promise<number[]> {
  const ids: number[] = [];
  let next: number | null = companyId;
  while (next !== null && !ids.includes(next) && ids.length <= maxDepth) {
    ids.push(next);
    const row: { parent_company_id: number | null } | undefined = await db
      .selectFrom('companies')
      .select('parent_company_id')
      .where('id', '=', next)
      .executeTakeFirst();
    next = row?.parent_company_id ?? null;
  }
  return ids;
}
