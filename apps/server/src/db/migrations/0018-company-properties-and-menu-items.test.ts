import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../client.ts';
import { migrateToLatest } from '../migrate.ts';
import * as migration from './0018-company-properties-and-menu-items.ts';

// A database of its own (PGlite in memory), at the schema before 0018, whatever DATABASE_URL says.
const db = await openDatabase({ dataDir: 'memory://' });

afterAll(async () => {
  await db.destroy();
});

describe('migration 0018', () => {
  it('moves the release-notes URLs stored in companies.custom into property rows', async () => {
    await migrateToLatest(db);
    // Back to the schema before 0018: the tables go, companies.custom comes back with values in it.
    await sql`drop table menu_items`.execute(db);
    await sql`drop table company_custom_properties`.execute(db);
    await sql`alter table custom_fields drop constraint custom_fields_entity_check`.execute(db);
    await sql`alter table custom_fields add constraint custom_fields_entity_check check (entity in ('agent', 'asset', 'group', 'user'))`.execute(
      db,
    );
    await sql`alter table companies add column custom jsonb not null default '{}'`.execute(db);
    await sql`
      insert into companies (public_id, name, custom) values
        ('aaaaaaaaaaaa', 'With URL', '{"glbVpnClientReleaseNotesUrl": "https://a.example.com/n.json"}'),
        ('bbbbbbbbbbbb', 'Without', '{}'),
        ('cccccccccccc', 'Odd value', '{"glbVpnClientReleaseNotesUrl": 42, "other": "x"}')`.execute(db);

    await migration.up(db as unknown as Kysely<unknown>);

    const rows = await sql<{ name: string; key: string; value: unknown; public_id: string }>`
      select c.name, p.key, p.value, p.public_id
      from company_custom_properties p join companies c on c.id = p.company_id
      order by c.name`.execute(db);
    expect(rows.rows).toEqual([
      {
        name: 'With URL',
        key: 'custom.glbVpnClientReleaseNotesUrl',
        value: 'https://a.example.com/n.json',
        public_id: expect.stringMatching(/^[0-9a-z]{12}$/),
      },
    ]);
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_name = 'companies'`.execute(db);
    expect(columns.rows.map((c) => c.column_name)).not.toContain('custom');
  });
});
