import Papa from 'papaparse';
import { requiredLanguage, type Translation } from '@fleetgate/contracts';

/** What a file held: items as the API takes them, and the file row each came from. */
export type ParsedFile =
  { ok: true; items: unknown[]; rows: number[] } | { ok: false; reason: 'notJson' | 'notCsv' | 'wrongShape' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

// Spreadsheets run cells that start like a formula; exports quote them with a leading ', which
// an import takes off again. Texts that already start with quotes before such a character get
// one more, so every text comes back as it was.
const formulaLike = /^'*[=+\-@\t\r]/;
const formulaStart = /^'+[=+\-@\t\r]/;
const unquoteFormula = (text: string) => (formulaStart.test(text) ? text.slice(1) : text);

/**
 * JSON as `[{key, languages}]` (rows are list positions from 1) or `{key: {lang: text}}`
 * (rows are entry positions from 1).
 */
export function parseJsonFile(text: string): ParsedFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'notJson' };
  }
  if (Array.isArray(data)) return { ok: true, items: data, rows: data.map((_, i) => i + 1) };
  if (!isRecord(data)) return { ok: false, reason: 'wrongShape' };
  const items = Object.entries(data).map(([key, languages]) => ({ key, languages }));
  return { ok: true, items, rows: items.map((_, i) => i + 1) };
}

/**
 * CSV with the header `key,en,de,…`: one translation per row, empty cells are languages not
 * given. Rows are counted as a spreadsheet shows them, the header being row 1.
 */
export function parseCsvFile(text: string): ParsedFile {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...lines] = parsed.data;
  const columns = (header ?? []).map((name) => name.trim());
  const keyColumn = columns.indexOf('key');
  if (keyColumn === -1) return { ok: false, reason: 'notCsv' };
  const items = lines.map((cells) => {
    const languages: Record<string, string> = {};
    columns.forEach((code, i) => {
      const cell = cells[i];
      if (i !== keyColumn && code !== '' && cell !== undefined && cell !== '')
        languages[code] = unquoteFormula(cell);
    });
    const key = cells[keyColumn]?.trim();
    return { ...(key ? { key } : {}), languages };
  });
  return { ok: true, items, rows: items.map((_, i) => i + 2) };
}

export function parseTranslationFile(fileName: string, text: string): ParsedFile {
  return /\.csv$/i.test(fileName) ? parseCsvFile(text) : parseJsonFile(text);
}

/** Languages in a stable order: English, German, then the others by code. */
export function languageOrder(codes: Iterable<string>): string[] {
  const rank = (code: string) => (code === requiredLanguage ? 0 : code === 'de' ? 1 : 2);
  return [...new Set(codes)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const byKey = (a: Translation, b: Translation) => a.key.localeCompare(b.key);

/** `[{key, languages}]`, sorted by key: imports again as it is. */
export function toJson(translations: readonly Translation[]): string {
  const items = [...translations].sort(byKey).map(({ key, languages }) => ({ key, languages }));
  return `${JSON.stringify(items, null, 2)}\n`;
}

/** `key,en,de,…` with one row per translation. */
export function toCsv(translations: readonly Translation[]): string {
  const codes = languageOrder(translations.flatMap((item) => Object.keys(item.languages)));
  const columns = ['key', ...(codes.length > 0 ? codes : [requiredLanguage])];
  const data = [...translations]
    .sort(byKey)
    .map((item) => [item.key, ...columns.slice(1).map((code) => item.languages[code] ?? '')]);
  return `${Papa.unparse({ fields: columns, data }, { escapeFormulae: formulaLike, newline: '\n' })}\n`;
}

/** Offers text as a file download. */
export function download(fileName: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
