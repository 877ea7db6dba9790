import type { Company, CompanyPatchInput } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { runInTransaction } from '../../db/transaction.ts';

/** Defaults of the company settings for a server reached at `origin`. */
export type CompanyDefaults = { glbVpnClientReleaseNotesUrl: string };

type CompanyRow = { public_id: string; name: string; custom: Record<string, unknown> };

export function presentCompany(row: CompanyRow, defaults: CompanyDefaults): Company {
  const url = row.custom.glbVpnClientReleaseNotesUrl;
  return {
    publicId: row.public_id,
    name: row.name,
    custom: {
      glbVpnClientReleaseNotesUrl: typeof url === 'string' ? url : defaults.glbVpnClientReleaseNotesUrl,
    },
  };
}

export function findCompany(db: Db, companyId: number) {
  return db
    .selectFrom('companies')
    .select(['public_id', 'name', 'custom'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
}

/** Stores the given settings (`null` removes one, so it takes its default again) with an audit entry. */
export function changeCompanyCustom(
  db: Db,
  actor: { companyId: number; userId: number; clientAddress: string },
  input: CompanyPatchInput,
  defaults: CompanyDefaults,
) {
  return runInTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('companies')
      .select(['public_id', 'name', 'custom'])
      .where('id', '=', actor.companyId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const custom = { ...row.custom };
    for (const [key, value] of Object.entries(input.custom)) {
      if (value === null) delete custom[key];
      else if (value !== undefined) custom[key] = value;
    }
    await trx
      .updateTable('companies')
      .set({ custom: JSON.stringify(custom) })
      .where('id', '=', actor.companyId)
      .execute();
    // The audit shows what was stored, not the defaults filled in for reading.
    await writeAudit(trx, {
      companyId: actor.companyId,
      actorUserId: actor.userId,
      action: 'UPDATE',
      rel: 'Company',
      publicId: row.public_id,
      before: { custom: row.custom },
      after: { custom },
      clientAddress: actor.clientAddress,
    });
    return presentCompany({ ...row, custom }, defaults);
  });
}
