import type { Translation } from '@fleetgate/contracts';
import type { TranslationRow } from '../../db/schema.ts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';

// `languages` is a map by language code: `languages` or `languages(*)` selects all of it.
export const translationFields: FieldSpec = { publicId: true, key: true, languages: {} };

export const translationFilters: FilterSpec = {
  publicId: { column: 'translations.public_id', type: 'string' },
  key: { column: 'translations.key', type: 'string' },
};

export function presentTranslation(row: TranslationRow): Translation {
  return { publicId: row.public_id, key: row.key, languages: row.languages };
}
