import type { Sector } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { readOwnBranding } from '../branding/branding.service.ts';
import { hasBrandingValues } from '../branding/branding.presenter.ts';
import { findBrandingOf } from '../branding/branding.repository.ts';
import {
  findAncestorIds,
  findCompanyByPublicId,
  findSectorByPublicId,
  findSectorOfCompany,
  insertSector,
  listSectorsWithCounts,
  setCompanyParent,
  setCompanySector,
} from './sector.repository.ts';

/** Why an operator command changed nothing; the CLI prints the message. */
export class SectorCommandError extends Error {}

export function createSector(db: Db, name: string) {
  return runInTransaction(db, async (trx) => {
    const sector = await insertSector(trx, name);
    await writeAudit(trx, {
      companyId: null,
      actorUserId: null,
      action: 'CREATE',
      rel: 'Sector',
      publicId: sector.public_id,
      after: { publicId: sector.public_id, name },
      clientAddress: null,
    });
    return sector;
  });
}

export async function listSectors(db: Db) {
  const rows = await listSectorsWithCounts(db);
  return rows.map((row) => ({
    publicId: row.public_id,
    name: row.name,
    fqdn: row.fqdn ?? null,
    companies: Number(row.companies ?? 0),
  }));
}

export async function findSector(db: Db, publicId: string) {
  const sector = await findSectorByPublicId(db, publicId);
  if (!sector) throw new SectorCommandError(`No sector has the id ${publicId}.`);
  return sector;
}

async function findCompany(db: Db, publicId: string) {
  const company = await findCompanyByPublicId(db, publicId);
  if (!company) throw new SectorCommandError(`No company has the id ${publicId}.`);
  return company;
}

/** Puts a company into a sector (or takes it out with `null`); audited in the company's log. */
export function attachCompany(db: Db, companyPublicId: string, sectorPublicId: string | null) {
  return runInTransaction(db, async (trx) => {
    const company = await findCompany(trx, companyPublicId);
    const sector = sectorPublicId === null ? null : await findSector(trx, sectorPublicId);
    const before = await findSectorOfCompany(trx, company.id);
    await setCompanySector(trx, company.id, sector?.id ?? null);
    await writeAudit(trx, {
      companyId: company.id,
      actorUserId: null,
      action: 'UPDATE',
      rel: 'Company',
      publicId: company.public_id,
      before: { sector: before ? { publicId: before.public_id, name: before.name } : null },
      after: { sector: sector ? { publicId: sector.public_id, name: sector.name } : null },
      clientAddress: null,
    });
    return { company, sector };
  });
}

/**
 * Gives a company a parent company (whose branding it falls back to) or none. A company cannot
 * be its own ancestor: a parent below the company in the tree is refused.
 */
export function setParentCompany(db: Db, companyPublicId: string, parentPublicId: string | null) {
  return runInTransaction(db, async (trx) => {
    const company = await findCompany(trx, companyPublicId);
    const parent = parentPublicId === null ? null : await findCompany(trx, parentPublicId);
    if (parent && (await findAncestorIds(trx, parent.id)).includes(company.id))
      throw new SectorCommandError(
        `${parent.name} (${parent.public_id}) is ${company.name} itself or one of its descendants; a parent cannot be.`,
      );
    const before = company.parent_company_id;
    await setCompanyParent(trx, company.id, parent?.id ?? null);
    await writeAudit(trx, {
      companyId: company.id,
      actorUserId: null,
      action: 'UPDATE',
      rel: 'Company',
      publicId: company.public_id,
      before: { parentCompany: before === null ? null : { id: before } },
      after: { parentCompany: parent ? { publicId: parent.public_id, name: parent.name } : null },
      clientAddress: null,
    });
    return { company, parent };
  });
}

/** The sector of the company acted in, with the sector's branding; undefined without one. */
export async function readMySector(db: Db, companyId: number): Promise<Sector | undefined> {
  const sector = await findSectorOfCompany(db, companyId);
  if (!sector) return undefined;
  const record = await findBrandingOf(db, { sectorId: sector.id });
  const branding =
    record && hasBrandingValues(record) ? await readOwnBranding(db, { type: 'sector', id: sector.id }) : null;
  return { publicId: sector.public_id, name: sector.name, branding };
}
