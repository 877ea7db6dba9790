import type { Kysely } from 'kysely';

// Filled by the module that owns these tables.
export async function up(_db: Kysely<unknown>): Promise<void> {}
