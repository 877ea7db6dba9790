import type { Company, CompanyPatchInput } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { runInTransaction } from '../../db/transaction.ts';
import {
  readCompanySettings,
  writeCompanySetting,
} from '../company-properties/company-settings.repository.ts';

/** Defaults of the company settings for a server reached at `origin`. */
export type CompanyDefaults = { glbVpnClientReleaseNotesUrl: string };

type CompanyRow = { public_id: string; name: string; custom: Record<string, unknown> };

/** The company's own part of a Company answer; its identity and terms come from their modules. */
export type CompanySettings = Pick<Company, 'publicId' | 'name' | 'custom'>;

export function presentCompany(row: CompanyRow, defaults: CompanyDefaults): CompanySettings {
  const url = row.custom.glbVpnClientReleaseNotesUrl;
  return {
    publicId: row.public_id,
    name: row.name,
    custom: {
      glbVpnClientReleaseNotesUrl: typeof url === 'string' ? url : defaults.glbVpnClientReleaseNotesUrl,
    },
  };
}

/** The company with its settings (kept as company custom properties, keys `custom.*`). */
export async function findCompany(db: Db, companyId: number): Promise<CompanyRow> {
  const row = await db
    .selectFrom('companies')
    .select(['public_id', 'name'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return { ...row, custom: await readCompanySettings(db, companyId) };
}

/**
 * Stores the given settings (`null` removes one, so it takes its default again) with an audit
 * entry. They are the same rows `MyCompanyCustomPropertyList` shows under `custom.<name>`.
 */
export function changeCompanyCustom(
  db: Db,
  actor: { companyId: number; userId: number; clientAddress: string },
  input: CompanyPatchInput,
  defaults: CompanyDefaults,
) {
  return runInTransaction(db, async (trx) => {
    // The company row is locked so concurrent changes of its settings apply one after the other.
    await trx.selectFrom('companies').select('id').where('id', '=', actor.companyId).forUpdate().execute();
    const row = await findCompany(trx, actor.companyId);
    const custom = { ...row.custom };
    for (const [key, value] of Object.entries(input.custom)) {
      if (value === undefined) continue;
      await writeCompanySetting(trx, actor.companyId, `custom.${key as keyof typeof input.custom}`, value);
      if (value === null) delete custom[key];
      else custom[key] = value;
    }
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
