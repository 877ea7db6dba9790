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

export function parsePageSize(raw: unknown): number {
  if (raw === undefined) return limits.pageSizeDefault;
  if (typeof raw !== 'string' || !/^\d{1,5}$/.test(raw)) throw badRequest('Invalid page size', 'page-size');
  const size = Number(raw);
  if (size < 1 || size > limits.pageSizeMax) {
    throw badRequest(`Page size must be between 1 and ${limits.pageSizeMax}`, 'page-size');
  }
  return size;
}

export function encodeCursor(cursor: Cursor): string {
  return encodeKeyset(cursor.at.toISOString(), cursor.publicId);
}

function decodeCursor(raw: unknown): Cursor {
  const [at, publicId] = decodeKeyset(raw);
  // Only what encodeCursor writes: anything else would reach the query as a value the column cannot take.
  const date = typeof at === 'string' ? new Date(at) : undefined;
  if (date === undefined || !isStorableDate(date) || date.toISOString() !== at) throw invalidCursor();
  return { at: date, publicId };
}

const invalidCursor = () => badRequest('Invalid page cursor', 'page-after');

/** A `page-after` cursor of a list sorted by something else than creation: its sort value and the publicId. */
export function encodeKeyset(sortValue: string | number, publicId: string): string {
  return Buffer.from(JSON.stringify([sortValue, publicId])).toString('base64url');
}

/**
 * Reads what `encodeKeyset` wrote: the publicId is checked here, the sort value (returned as
 * unknown) by the caller, which knows its type. Anything else is a 400 on `page-after`.
 */
export function decodeKeyset(raw: unknown): [sortValue: unknown, publicId: string] {
  if (typeof raw !== 'string' || raw.length > 200 || !/^[A-Za-z0-9_-]+$/.test(raw)) throw invalidCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalidCursor();
  const [sortValue, publicId] = parsed as unknown[];
  if (typeof publicId !== 'string' || !publicIdPattern.test(publicId)) throw invalidCursor();
  return [sortValue, publicId];
}

/** Splits the one-extra row fetched to know whether a further page exists. */
export function pageOf<T extends { created_at: Date; public_id: string }>(rows: T[], size: number) {
  if (rows.length <= size) return { rows, moreAfter: null };
  const page = rows.slice(0, size);
  const last = page[page.length - 1]!;
  return { rows: page, moreAfter: encodeCursor({ at: last.created_at, publicId: last.public_id }) };
}
