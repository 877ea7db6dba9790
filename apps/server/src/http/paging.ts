import { limits } from '@fleetgate/contracts';
import { badRequest } from './errors.ts';
import { isStorableDate } from './filters.ts';
import { publicIdPattern } from './ids.ts';

/** Keyset position: the sort value and publicId of the last item of the previous page. */
export type Cursor = { at: Date; publicId: string };
export type Paging = { size: number; after: Cursor | null };

export function parsePaging(pageSize: unknown, pageAfter: unknown): Paging {
  return { size: parsePageSize(pageSize), after: pageAfter === undefined ? null : decodeCursor(pageAfter) };
}

function parsePageSize(raw: unknown): number {
  if (raw === undefined) return limits.pageSizeDefault;
  if (typeof raw !== 'string' || !/^\d{1,5}$/.test(raw)) throw badRequest('Invalid page size', 'page-size');
  const size = Number(raw);
  if (size < 1 || size > limits.pageSizeMax) {
    throw badRequest(`Page size must be between 1 and ${limits.pageSizeMax}`, 'page-size');
  }
  return size;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at.toISOString(), cursor.publicId])).toString('base64url');
}

function decodeCursor(raw: unknown): Cursor {
  const invalid = () => badRequest('Invalid page cursor', 'page-after');
  if (typeof raw !== 'string' || raw.length > 200 || !/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [at, publicId] = parsed as unknown[];
  // Only what encodeCursor writes: anything else would reach the query as a value the column cannot take.
  if (typeof at !== 'string' || typeof publicId !== 'string' || !publicIdPattern.test(publicId))
    throw invalid();
  const date = new Date(at);
  if (!isStorableDate(date) || date.toISOString() !== at) throw invalid();
  return { at: date, publicId };
}

/** Splits the one-extra row fetched to know whether a further page exists. */
export function pageOf<T extends { created_at: Date; public_id: string }>(rows: T[], size: number) {
  if (rows.length <= size) return { rows, moreAfter: null };
  const page = rows.slice(0, size);
  const last = page[page.length - 1]!;
  return { rows: page, moreAfter: encodeCursor({ at: last.created_at, publicId: last.public_id }) };
}
