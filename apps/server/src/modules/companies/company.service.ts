import type { CompanySummary } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { publishAccessChange } from '../../auth/auth-cache.ts';
import { insertRole } from '../roles/role.repository.ts';
import { insertCompany, insertMembership, listCompaniesOfUser } from './company.repository.ts';
import { runInTransaction } from '../../db/transaction.ts';

export const administratorRoleName = 'Administrator';

/** Creates a company with its built-in administrator role and makes the creator its administrator. */
export async function createCompany(
  db: Db,
  creator: { id: number },
  name: string,
  clientAddress: string | null,
) {
  return runInTransaction(db, async (trx) => {
    const company = await insertCompany(trx, name);
    const role = await insertRole(trx, company.id, {
      name: administratorRoleName,
      capabilities: [],
      builtIn: true,
    });
    const membership = await insertMembership(trx, {
      companyId: company.id,
      userId: creator.id,
      roleId: role.id,
    });
    const audit = {
      companyId: company.id,
      actorUserId: creator.id,
      action: 'CREATE' as const,
      clientAddress,
    };
    await writeAudit(trx, {
      ...audit,
      rel: 'Company',
      publicId: company.public_id,
      after: { publicId: company.public_id, name },
    });
    await writeAudit(trx, {
      ...audit,
      rel: 'Role',
      publicId: role.public_id,
      after: { publicId: role.public_id, name: role.name, builtIn: true },
    });
    await publishAccessChange(trx, { userId: creator.id });
    await writeAudit(trx, {
      ...audit,
      rel: 'UserMembership',
      publicId: membership.public_id,
      after: { publicId: membership.public_id, role: { publicId: role.public_id } },
    });
    return { company, role };
  });
}

export async function listCompanies(
  db: Db,
  userId: number,
  onlyCompanyId: number | null = null,
): Promise<CompanySummary[]> {
  const rows = await listCompaniesOfUser(db, userId, onlyCompanyId);
  return rows.map((r) => ({
    publicId: r.public_id,
    name: r.name,
    role: { publicId: r.role_public_id, name: r.role_name },
  }));
}
