import { sql, type SqlBool } from 'kysely';

/**
 * Whether a membership or group membership (its `expires_on` column, e.g. `m.expires_on`) is in
 * effect now. Temporary access ends by this test, not by deleting rows, so it ends to the second.
 */
export function unexpired(column: string) {
  return sql<SqlBool>`(${sql.ref(column)} is null or ${sql.ref(column)} > now())`;
}
