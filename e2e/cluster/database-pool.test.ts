import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { openDatabase, poolOf } from '../../apps/server/src/db/client.ts';
import { eventually } from '../../apps/server/src/relay/relay.test-support.ts';
import { useAdminConnection } from './admin-connection.ts';

/**
 * The server's pool keeps idle connections to PostgreSQL. When PostgreSQL ends them (a restart,
 * a failover, an administrator's command), the process must go on and connect again for the
 * next query. Needs DATABASE_URL (vitest project `cluster`).
 */

const databaseUrl = process.env.DATABASE_URL!;
const admin = useAdminConnection();

it('survives PostgreSQL ending its idle connections and connects again for the next query', async () => {
  const name = `fg_pool_${randomUUID().slice(0, 8)}`;
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', name);
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  try {
    const pool = poolOf(db)!;
    await Promise.all([1, 2, 3].map(() => db.selectFrom('companies').select('id').limit(1).execute()));
    const open = pool.idleCount;
    expect(open).toBeGreaterThan(0);
    expect(await admin.terminate(name)).toBe(open);
    // The pool hears of each ended connection (an 'error' event, which with nobody listening
    // would have ended this process) and drops it.
    await eventually(async () => (pool.totalCount === 0 ? true : undefined));
    expect(await db.selectFrom('companies').select('id').limit(1).execute()).toBeDefined();
  } finally {
    await db.destroy();
  }
});
