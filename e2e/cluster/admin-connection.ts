import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

/**
 * A plain connection to DATABASE_URL, open for the test file, for what a database administrator
 * (or a restart) does to the connections under test.
 */
export function useAdminConnection() {
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(() => admin.end());
  return {
    query: (text: string, values?: unknown[]) => admin.query(text, values),
    /** Ends every connection named `applicationName` from the server's side; how many it ended. */
    async terminate(applicationName: string): Promise<number> {
      const result = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [applicationName],
      );
      return result.rowCount ?? 0;
    },
  };
}
