import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { insertCompany } from '../companies/company.repository.ts';
import { hashCouponCode } from './coupon-code.ts';

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

async function withDb<T>(dataDir: string, use: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>) {
  const db = await openDatabase({ dataDir });
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

describe('fleetgate-server licence and coupon commands on PGlite', () => {
  let dataDir: string;
  let acme: string;

  beforeAll(async () => {
    dataDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'fleetgate-licence-cli-')), 'data');
    await withDb(dataDir, async (db) => {
      await migrateToLatest(db);
      acme = (await insertCompany(db, 'Acme Works')).public_id;
      await insertCompany(db, 'Twin');
      await insertCompany(db, 'twin');
    });
    // Creating a PGlite database syncs every file initdb writes: slow on a busy shared disk.
  }, 180_000);

  afterAll(async () => {
    if (dataDir) await fs.rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('grants a licence by company id or name, lists it and moves its end', async () => {
    const granted = await run(
      ['licence', 'grant', '--company', acme, '--type', 'logging', '--seats', '2', '--until', '2099-12-31'],
      dataDir,
    );
    expect(granted.err).toBe('');
    expect(granted.code).toBe(0);
    expect(granted.out).toMatch(/^[0-9a-z]{12}$/);
    const byName = await run(
      [
        'licence',
        'grant',
        '--company',
        'acme works',
        '--type',
        'loggingAlarming',
        '--seats',
        '1',
        '--until',
        '2099-06-30',
      ],
      dataDir,
    );
    expect(byName.code).toBe(0);

    const listed = await run(['licence', 'list', '--company', acme], dataDir);
    expect(listed.code).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(listed.out.split('\n')).toEqual([
      `${granted.out}  Acme Works (${acme})  logging  0/2 seats used  ${today} to 2099-12-31`,
      `${byName.out}  Acme Works (${acme})  loggingAlarming  0/1 seats used  ${today} to 2099-06-30`,
    ]);

    const extended = await run(
      ['licence', 'extend', '--licence', byName.out, '--until', '2100-01-31'],
      dataDir,
    );
    expect(extended).toEqual({
      code: 0,
      out: `Data logging and alarming bundle licence ${byName.out} is now valid until 2100-01-31.`,
      err: '',
    });
    await withDb(dataDir, async (db) => {
      const row = await db
        .selectFrom('licences')
        .selectAll()
        .where('public_id', '=', granted.out)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ type: 'logging', seats: 2, granted_by: 'operator' });
      expect(row.valid_until.toISOString()).toBe('2099-12-31T23:59:59.999Z');
      const audits = await db
        .selectFrom('audit_logs')
        .select(['action', 'resource_rel'])
        .where('resource_public_id', 'in', [granted.out, byName.out])
        .orderBy('id')
        .execute();
      expect(audits).toEqual([
        { action: 'CREATE', resource_rel: 'Licence' },
        { action: 'CREATE', resource_rel: 'LicenceBundle' },
        { action: 'UPDATE', resource_rel: 'LicenceBundle' },
      ]);
    });
  });

  it('creates a coupon, prints its code once and stores only its hash', async () => {
    const created = await run(['coupon', 'create', '--type', 'alarming', '--days', '90'], dataDir);
    expect(created.err).toBe('');
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/^FG-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    const other = await run(['coupon', 'create', '--type', 'alarming', '--days', '90'], dataDir);
    expect(other.out).not.toBe(created.out);
    await withDb(dataDir, async (db) => {
      const row = await db
        .selectFrom('coupons')
        .selectAll()
        .where('code_hash', '=', hashCouponCode(created.out))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ type: 'alarming', days: 90, redeemed_at: null });
      expect(JSON.stringify(await db.selectFrom('coupons').selectAll().execute())).not.toContain(
        created.out.slice(3),
      );
    });
  });

  it('refuses bad arguments with a clear message and a non-zero exit, changing nothing', async () => {
    const cases: [string[], number, string][] = [
      [
        ['licence', 'grant', '--type', 'logging', '--seats', '2', '--until', '2099-01-01'],
        2,
        'Give --company.',
      ],
      [
        ['licence', 'grant', '--company', acme, '--type', 'video', '--seats', '2', '--until', '2099-01-01'],
        2,
        '--type is one of logging|alarming|loggingAlarming.',
      ],
      [
        ['licence', 'grant', '--company', acme, '--type', 'logging', '--seats', '0', '--until', '2099-01-01'],
        2,
        '--seats is a whole number from 1 to 100000.',
      ],
      [
        [
          'licence',
          'grant',
          '--company',
          acme,
          '--type',
          'logging',
          '--seats',
          '2.5',
          '--until',
          '2099-01-01',
        ],
        2,
        '--seats is a whole number',
      ],
      [
        ['licence', 'grant', '--company', acme, '--type', 'logging', '--seats', '2', '--until', '2099-02-30'],
        2,
        '--until is a date like 2027-12-31.',
      ],
      [
        ['licence', 'grant', '--company', acme, '--type', 'logging', '--seats', '2', '--until', '2001-01-01'],
        2,
        '--until must be today or later.',
      ],
      [['licence', 'grant', '--company', acme, '--type', 'logging', '--seats', '2'], 2, 'Give --until.'],
      [['licence', 'grant', '--company', acme, '--colour', 'red'], 2, "Unknown option '--colour'"],
      [
        [
          'licence',
          'grant',
          '--company',
          'Nobody',
          '--type',
          'logging',
          '--seats',
          '2',
          '--until',
          '2099-01-01',
        ],
        1,
        'No company has the id or name "Nobody". Nothing was changed.',
      ],
      [
        [
          'licence',
          'grant',
          '--company',
          'TWIN',
          '--type',
          'logging',
          '--seats',
          '2',
          '--until',
          '2099-01-01',
        ],
        1,
        'Several companies are named "TWIN"',
      ],
      [
        ['licence', 'extend', '--licence', 'zzzzzzzzzzzz', '--until', '2099-01-01'],
        1,
        'No licence has the id zzzzzzzzzzzz.',
      ],
      [['licence', 'revoke'], 2, 'Unknown licence command "revoke".'],
      [['coupon', 'create', '--type', 'logging'], 2, 'Give --days.'],
      [['coupon', 'create', '--type', 'logging', '--days=-3'], 2, '--days is a whole number from 1 to 3650.'],
      [['coupon', 'print'], 2, 'Unknown coupon command "print".'],
    ];
    for (const [argv, code, message] of cases) {
      const result = await run(argv, dataDir);
      expect(result.code, argv.join(' ')).toBe(code);
      expect(result.err, argv.join(' ')).toContain(message);
      expect(result.out).toBe('');
    }
    await withDb(dataDir, async (db) => {
      const twins = await db
        .selectFrom('companies')
        .select('id')
        .where('name', 'in', ['Twin', 'twin'])
        .execute();
      const licences = await db
        .selectFrom('licences')
        .select('id')
        .where(
          'company_id',
          'in',
          twins.map((c) => c.id),
        )
        .execute();
      expect(licences).toEqual([]);
    });
  });

  it('lists the commands in the help', async () => {
    const help = await run(['help'], dataDir);
    expect(help.out).toContain('fleetgate-server licence grant --company <company id or name>');
    expect(help.out).toContain('fleetgate-server coupon create');
  });
});
