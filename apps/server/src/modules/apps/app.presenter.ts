import { appConfigOf, appDetails, appNames, type AppKey, type CompanyApp } from '@fleetgate/contracts';
import type { Selectable } from 'kysely';
import type { CompanyAppTable } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { parseFields, selectAll, type FieldSpec } from '../../http/fields.ts';

export type CompanyAppRow = Selectable<CompanyAppTable>;

// `config` is an object of the app's settings: `config` or `config(*)` selects all of it.
export const companyAppFields: FieldSpec = {
  publicId: true,
  name: true,
  description: true,
  needs: true,
  installed: true,
  installedOn: true,
  config: {},
};

/** A catalogue entry as the company has it: `row` is its installation, if any. */
export function presentCompanyApp(app: AppKey, row: CompanyAppRow | undefined): CompanyApp {
  return {
    publicId: app,
    name: appNames[app],
    description: appDetails[app].description,
    needs: appDetails[app].needs,
    installed: row !== undefined,
    installedOn: row ? row.installed_at.toISOString() : null,
    config: appConfigOf(app, row?.config),
  };
}

export function fieldsOf(query: Record<string, unknown>) {
  const raw = query.fields;
  if (raw === undefined) return selectAll;
  if (typeof raw !== 'string') throw badRequest('Give fields once, as a comma-separated list', 'fields');
  return parseFields(raw, companyAppFields);
}
