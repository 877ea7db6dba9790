import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './cli.ts';
import { openDatabase, type Db } from './db/client.ts';
import { lockFileName } from './db/data-dir-lock.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoIfEmpty } from './bootstrap/demo.ts';
import { verifyPassword } from './auth/passwords.ts';
import { insertAccessToken } from './modules/account/access-token.repository.ts';
import { findUserByEmail } from './modules/account/user.repository.ts';

const adminEmail = 'admin@example.com';
const adminPassword = 'the-lost-demo-passphrase';

/** Runs the CLI in this process against DATA_DIR, collecting what it prints. */
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

async function withDatabase<T>(dataDir: string, use: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDatabase({ dataDir });
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

describe('fleetgate-server reset-password on PGlite', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'fleetgate-cli-')), 'data');
    await withDatabase(dataDir, async (db) => {
      await migrateToLatest(db);
      await seedDemoIfEmpty(db, { emailAddress: adminEmail, password: adminPassword });
      const admin = (await findUserByEmail(db, adminEmail))!;
      const later = new Date(Date.now() + 3_600_000);
      for (const secretHash of ['session-one', 'session-two'])
        await insertAccessToken(db, {
          userId: admin.id,
          secretHash,
          expiresOn: later,
          signInExpiresOn: later,
          client: null,
          address: '127.0.0.1',
        });
    });
    // Creating a PGlite database syncs every file initdb writes: slow on a busy shared disk.
  }, 180_000);

  afterAll(async () => {
    if (dataDir) await fs.rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('refuses an unknown e-mail address, changing nothing', async () => {
    const result = await run(['reset-password', 'nobody@example.com'], dataDir);
    expect(result.code).toBe(1);
    expect(result.err).toBe('No user has the e-mail address nobody@example.com; nothing was changed.');
    expect(result.out).toBe('');
    await withDatabase(dataDir, async (db) => {
      const admin = (await findUserByEmail(db, adminEmail))!;
      expect(await verifyPassword(admin.password_hash, adminPassword)).toBe(true);
    });
  });

  it('says the running server has the database open, and exits non-zero', async () => {
    // This process holds the data directory as a server would.
    await withDatabase(dataDir, async () => {
      const held = await fs.readFile(path.join(dataDir, lockFileName), 'utf8');
      expect(held.trim()).toBe(String(process.pid));
      const result = await run(['reset-password', adminEmail], dataDir);
      expect(result.code).toBe(1);
      expect(result.err).toContain(
        `The Fleetgate server (process ${process.pid}) has the PGlite database in ${dataDir} open`,
      );
      expect(result.err).toContain('Stop the server');
      expect(result.err).toContain('DATABASE_URL');
    });
    // Closing it released the directory.
    await expect(fs.access(path.join(dataDir, lockFileName))).rejects.toThrow();
  });

  it('prints a new password, hashed with argon2id, ends every session and audits the change', async () => {
    const result = await run(['reset-password', ' Admin@Example.com '], dataDir);
    expect(result.code).toBe(0);
    expect(result.err).toBe('');
    const printed = /^New password for admin@example\.com: (\S{16})$/m.exec(result.out);
    expect(printed).not.toBeNull();
    expect(result.out).toContain('All sessions of this user have ended.');
    const newPassword = printed![1]!;

    await withDatabase(dataDir, async (db) => {
      const admin = (await findUserByEmail(db, adminEmail))!;
      expect(admin.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(admin.password_hash, newPassword)).toBe(true);
      expect(await verifyPassword(admin.password_hash, adminPassword)).toBe(false);
      const sessions = await db
        .selectFrom('access_tokens')
        .select('id')
        .where('user_id', '=', admin.id)
        .execute();
      expect(sessions).toEqual([]);
      const audit = await db
        .selectFrom('audit_logs')
        .selectAll()
        .where('resource_public_id', '=', admin.public_id)
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'UPDATE',
        resource_rel: 'MyUserPassword',
        actor_user_id: null,
      });
    });

    // Another reset gives another password.
    const again = await run(['reset-password', adminEmail], dataDir);
    expect(again.code).toBe(0);
    expect(again.out).not.toContain(newPassword);
  });

  it('explains its usage for a missing address or an unknown command', async () => {
    expect((await run(['reset-password'], dataDir)).code).toBe(2);
    expect((await run(['reset-password', 'a@example.com', 'b@example.com'], dataDir)).code).toBe(2);
    const unknown = await run(['drop-everything'], dataDir);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Unknown command "drop-everything"');
    expect(unknown.err).toContain('fleetgate-server reset-password <e-mail address>');
    expect((await run(['--help'], dataDir)).out).toContain('reset-password');
  });
});
