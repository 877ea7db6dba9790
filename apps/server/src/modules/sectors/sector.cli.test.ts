import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { insertCompany } from '../companies/company.repository.ts';

/** Runs the real CLI in this process against DATA_DIR, collecting what it prints. */
async function run(argv: string[], dataDir: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    log: (line) => out.push(line),
    error: (line) => err.push(line),
    env: { DATA_DIR: dataDir },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('fleetgate-server sector and company commands on PGlite', () => {
  let dataDir: string;
  let companies: { parent: string; child: string };

  beforeAll(async () => {
    dataDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'fleetgate-sector-cli-')), 'data');
    const db = await openDatabase({ dataDir });
    try {
      await migrateToLatest(db);
      companies = {
        parent: (await insertCompany(db, 'Parent Works')).public_id,
        child: (await insertCompany(db, 'Child Works')).public_id,
      };
    } finally {
      await db.destroy();
    }
    // Creating a PGlite database syncs every file initdb writes: slow on a busy shared disk.
  }, 180_000);

  afterAll(async () => {
    if (dataDir) await fs.rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('creates a sector, attaches a company, sets a parent and keeps it all in the database', async () => {
    const created = await run(['sector', 'create', '--name', 'Acme Partners', '--title', 'Acme'], dataDir);
    expect(created.err).toBe('');
    expect(created.code).toBe(0);
    const sector = created.out;
    expect(sector).toMatch(/^[0-9a-z]{12}$/);

    const attached = await run(
      ['sector', 'attach', '--sector', sector, '--company', companies.child],
      dataDir,
    );
    expect(attached).toEqual({
      code: 0,
      out: `Child Works (${companies.child}) now belongs to Acme Partners (${sector}).`,
      err: '',
    });
    const parent = await run(
      ['company', 'parent', '--company', companies.child, '--parent', companies.parent],
      dataDir,
    );
    expect(parent.code).toBe(0);
    expect((await run(['sector', 'list'], dataDir)).out).toBe(`${sector}  Acme Partners  -  1 company`);

    const db = await openDatabase({ dataDir });
    try {
      const child = await db
        .selectFrom('companies as c')
        .innerJoin('sectors as s', 's.id', 'c.sector_id')
        .innerJoin('companies as p', 'p.id', 'c.parent_company_id')
        .select(['s.public_id as sector', 'p.public_id as parent'])
        .where('c.public_id', '=', companies.child)
        .executeTakeFirstOrThrow();
      expect(child).toEqual({ sector, parent: companies.parent });
      const branding = await db
        .selectFrom('brandings as b')
        .innerJoin('sectors as s', 's.id', 'b.sector_id')
        .select('b.custom_browser_title')
        .where('s.public_id', '=', sector)
        .executeTakeFirstOrThrow();
      expect(branding.custom_browser_title).toBe('Acme');
    } finally {
      await db.destroy();
    }
  });

  it('explains its usage for a missing option', async () => {
    const result = await run(['sector', 'attach', '--company', companies.child], dataDir);
    expect(result.code).toBe(2);
    expect(result.err).toContain('Give --sector.');
    expect(result.err).toContain(
      'fleetgate-server sector attach --sector <sector id> --company <company id>',
    );
  });
});
