import {
  checkTranslationBatch,
  translationLimits,
  type ApiErrorItem,
  type Translation,
  type TranslationChange,
  type TranslationCreate,
} from '@fleetgate/contracts';
import type { ParsedFile } from './translation-files.ts';

/** One problem of an import, by the file's row. */
export type RowError = { row: number | null; propertyName: string | null; message: string };

export type ImportPlan =
  | {
      ok: true;
      creates: TranslationCreate[];
      changes: TranslationChange[];
      createRows: number[];
      changeRows: number[];
    }
  | { ok: false; errors: RowError[] }
  | { ok: false; problem: 'empty' | 'tooMany' };

export function rowErrors(errors: readonly ApiErrorItem[], rows: readonly number[]): RowError[] {
  return errors.map((e) => ({
    row: e.listIndex === undefined ? null : (rows[e.listIndex] ?? null),
    propertyName: e.propertyName ?? null,
    message: e.message,
  }));
}

/**
 * Upserts a file's translations: checked whole with the same rules as the server (every row's
 * errors at once), then split into changes of the company's existing keys and new ones.
 */
export function planImport(
  file: Extract<ParsedFile, { ok: true }>,
  existing: readonly Translation[],
): ImportPlan {
  if (file.items.length === 0) return { ok: false, problem: 'empty' };
  if (file.items.length > translationLimits.batchMax) return { ok: false, problem: 'tooMany' };
  const check = checkTranslationBatch(file.items, 'create');
  if (!check.ok) return { ok: false, errors: rowErrors(check.errors, file.rows) };
  const byKey = new Map(existing.map((item) => [item.key, item.publicId]));
  const plan = {
    creates: [] as TranslationCreate[],
    changes: [] as TranslationChange[],
    createRows: [] as number[],
    changeRows: [] as number[],
  };
  check.items.forEach((item, i) => {
    const publicId = byKey.get(item.key);
    if (publicId === undefined) {
      plan.creates.push(item);
      plan.createRows.push(file.rows[i]!);
    } else {
      plan.changes.push({ publicId, languages: item.languages });
      plan.changeRows.push(file.rows[i]!);
    }
  });
  return { ok: true, ...plan };
}
