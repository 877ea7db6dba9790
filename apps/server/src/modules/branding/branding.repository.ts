import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { companySettingsJson } from '../company-properties/company-settings.repository.ts';
import type { BrandingRow } from '../../db/schema.ts';
import { newPublicId } from '../../http/ids.ts';

/** A branding row with the publicIds of its images. */
export type BrandingRecord = BrandingRow & {
  logo_light_public_id: string | null;
  logo_dark_public_id: string | null;
  favicon_public_id: string | null;
};

/** Whose branding a row is: exactly one of the two. */
export type BrandingOwnerKey = { companyId: number } | { sectorId: number };

function selectBrandings(db: Db) {
  return db
    .selectFrom('brandings as b')
    .leftJoin('branding_images as ll', 'll.id', 'b.logo_light_id')
    .leftJoin('branding_images as ld', 'ld.id', 'b.logo_dark_id')
    .leftJoin('branding_images as fv', 'fv.id', 'b.favicon_id')
    .selectAll('b')
    .select([
      'll.public_id as logo_light_public_id',
      'ld.public_id as logo_dark_public_id',
      'fv.public_id as favicon_public_id',
    ]);
}

export function findBrandingOf(db: Db, owner: BrandingOwnerKey): Promise<BrandingRecord | undefined> {
  const query = selectBrandings(db);
  return (
    'companyId' in owner
      ? query.where('b.company_id', '=', owner.companyId)
      : query.where('b.sector_id', '=', owner.sectorId)
  ).executeTakeFirst();
}

/** Locks a branding row for a change (no joins: FOR UPDATE cannot lock the outer side of one). */
export async function lockBrandingOf(db: Db, owner: BrandingOwnerKey) {
  const query = db.selectFrom('brandings').select('id');
  await (
    'companyId' in owner
      ? query.where('company_id', '=', owner.companyId)
      : query.where('sector_id', '=', owner.sectorId)
  )
    .forUpdate()
    .executeTakeFirst();
}

/** The brandings of any of these companies and sectors. */
export function findBrandingsOfAny(db: Db, companyIds: number[], sectorIds: number[]) {
  if (companyIds.length === 0 && sectorIds.length === 0) return Promise.resolve([] as BrandingRecord[]);
  return selectBrandings(db)
    .where((eb) =>
      eb.or([
        ...(companyIds.length > 0 ? [eb('b.company_id', 'in', companyIds)] : []),
        ...(sectorIds.length > 0 ? [eb('b.sector_id', 'in', sectorIds)] : []),
      ]),
    )
    .execute();
}

export function findBrandingByFqdn(db: Db, fqdn: string) {
  return selectBrandings(db).where('b.fqdn', '=', fqdn).executeTakeFirst();
}

/** Creates the owner's (empty) branding unless it has one. */
export async function ensureBranding(db: Db, owner: BrandingOwnerKey) {
  await db
    .insertInto('brandings')
    .values({
      public_id: newPublicId(),
      ...('companyId' in owner ? { company_id: owner.companyId } : { sector_id: owner.sectorId }),
    })
    .onConflict((oc) => oc.column('companyId' in owner ? 'company_id' : 'sector_id').doNothing())
    .execute();
}

export type BrandingChanges = {
  fqdn?: string | null;
  theme?: string | null;
  custom_browser_title?: string | null;
  app_store_links?: string;
  supported_platforms?: string;
  logo_light_id?: number | null;
  logo_dark_id?: number | null;
  favicon_id?: number | null;
};

export async function updateBranding(db: Db, id: number, changes: BrandingChanges) {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('brandings').set(changes).where('id', '=', id).execute();
}

/** Every host name a branding claims. */
export async function listBrandingFqdns(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('brandings').select('fqdn').where('fqdn', 'is not', null).execute();
  return rows.map((row) => row.fqdn!);
}

/** The company and its parent companies, nearest first (at most `maxDepth` levels up). */
export async function findCompanyLineage(db: Db, companyId: number, maxDepth = 16) {
  const result = await sql<{
    id: number;
    public_id: string;
    name: string;
    sector_id: number | null;
    custom: Record<string, unknown>;
    depth: number;
  }>`
    with recursive lineage (id, depth) as (
      select id, 0 from companies where id = ${companyId}
      union all
      select c.parent_company_id, l.depth + 1
      from lineage l join companies c on c.id = l.id
      where c.parent_company_id is not null and l.depth < ${maxDepth}
    )
    select c.id, c.public_id, c.name, c.sector_id, ${companySettingsJson('c.id')} as custom, l.depth
    from lineage l join companies c on c.id = l.id
    order by l.depth`.execute(db);
  return result.rows;
}

export function findSectorsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('sectors').select(['id', 'public_id', 'name']).where('id', 'in', ids).execute();
}

export function findCompanyNamed(db: Db, companyId: number) {
  return db
    .selectFrom('companies')
    .select(['id', 'public_id', 'name', 'sector_id', 'parent_company_id'])
    .select(companySettingsJson('companies.id').as('custom'))
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
}

export function findSectorNamed(db: Db, sectorId: number) {
  return db
    .selectFrom('sectors')
    .select(['id', 'public_id', 'name'])
    .where('id', '=', sectorId)
    .executeTakeFirstOrThrow();
}

export function insertBrandingImage(
  db: Db,
  image: { contentType: string; bytes: Uint8Array; sha256: string },
) {
  return db
    .insertInto('branding_images')
    .values({
      public_id: newPublicId(),
      content_type: image.contentType,
      bytes: image.bytes,
      size: image.bytes.byteLength,
      sha256: image.sha256,
    })
    .returning(['id', 'public_id'])
    .executeTakeFirstOrThrow();
}

export async function deleteBrandingImage(db: Db, id: number) {
  await db.deleteFrom('branding_images').where('id', '=', id).execute();
}

export function findBrandingImage(db: Db, publicId: string) {
  return db
    .selectFrom('branding_images')
    .select(['content_type', 'bytes', 'size'])
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}
