import { sql, type RawBuilder } from 'kysely';
import { companySettingPrefix, type CompanySettingKey } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';

/**
 * The company's settings as one object by name without `custom.` (`{glbVpnClientReleaseNotesUrl}`),
 * for SQL that reads companies: `companySettingsJson('c.id')`. The property rows are their store.
 */
export function companySettingsJson(companyIdColumn: string): RawBuilder<Record<string, unknown>> {
  return sql<Record<string, unknown>>`(
    select coalesce(jsonb_object_agg(substr(p.key, ${companySettingPrefix.length + 1}), p.value), '{}'::jsonb)
    from company_custom_properties p
    where p.company_id = ${sql.ref(companyIdColumn)} and p.custom_field_id is null
  )`;
}

/** One company's settings by name without `custom.`. */
export async function readCompanySettings(db: Db, companyId: number): Promise<Record<string, unknown>> {
  const rows = await db
    .selectFrom('company_custom_properties')
    .select(['key', 'value'])
    .where('company_id', '=', companyId)
    .where('custom_field_id', 'is', null)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.key.slice(companySettingPrefix.length), row.value]));
}

/**
 * Sets one setting (a new row with its publicId, or the row's new value) or removes it (`null`),
 * whichever route it comes from: the property API, `PATCH Company` or the branding screen.
 */
export async function writeCompanySetting(
  db: Db,
  companyId: number,
  key: CompanySettingKey,
  value: string | null,
): Promise<void> {
  if (value === null) {
    await db
      .deleteFrom('company_custom_properties')
      .where('company_id', '=', companyId)
      .where('key', '=', key)
      .execute();
    return;
  }
  await db
    .insertInto('company_custom_properties')
    .values({ public_id: newPublicId(), company_id: companyId, key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.columns(['company_id', 'key']).doUpdateSet({ value: JSON.stringify(value) }))
    .execute();
}
