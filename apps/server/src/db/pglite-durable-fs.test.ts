import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { DurableNodeFS } from './pglite-durable-fs.ts';

const made: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fleetgate-durable-'));
  made.push(dir);
  return path.join(dir, 'data');
};
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('PGlite durability', () => {
  it('syncs the WAL to disk before a commit is acknowledged, and not for reads', async () => {
    const synced: string[] = [];
    const durableFs = new DurableNodeFS(await tempDir(), (fd) => {
      synced.push(fs.readlinkSync(`/proc/self/fd/${fd}`));
      fs.fsyncSync(fd);
    });
    const pglite = await PGlite.create({ fs: durableFs });
    const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite, () => durableFs.flushWal()) });
    try {
      await sql`create table items (id serial primary key, name text)`.execute(db);
      const walSyncs = () => synced.filter((file) => file.includes('/pg_wal/')).length;

      for (let i = 0; i < 5; i++) {
        const before = walSyncs();
        await sql`insert into items (name) values (${`item ${i}`})`.execute(db);
        expect(walSyncs()).toBe(before + 1);
      }
      const beforeTransaction = walSyncs();
      await db.transaction().execute(async (trx) => {
        await sql`insert into items (name) values ('a')`.execute(trx);
        await sql`insert into items (name) values ('b')`.execute(trx);
      });
      expect(walSyncs()).toBe(beforeTransaction + 1);

      const beforeRead = synced.length;
      await sql`select count(*) from items`.execute(db);
      expect(synced.length).toBe(beforeRead);
    } finally {
      await db.destroy();
    }
  });

  it('keeps every acknowledged commit when the process is killed (kill -9)', async () => {
    const dataDir = await tempDir();
    const clientUrl = new URL('./client.ts', import.meta.url).href;
    // A writer that reports each commit only after openDatabase() has acknowledged it.
    const writer = `
      import { sql } from 'kysely';
      const { openDatabase } = await import(${JSON.stringify(clientUrl)});
      const db = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
      await sql\`create table items (id integer primary key)\`.execute(db);
      for (let i = 1; ; i++) {
        await sql\`insert into items (id) values (\${i})\`.execute(db);
        process.stdout.write('acked ' + i + '\\n');
      }
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', writer], {
      cwd: path.dirname(new URL(import.meta.url).pathname),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let acked = 0;
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        for (const match of chunk.toString().matchAll(/acked (\d+)/g)) acked = Number(match[1]);
        if (acked >= 30 && child.kill('SIGKILL')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`writer exited on its own with ${code}`)));
    });
    await new Promise((resolve) => child.once('close', resolve));

    const db = await openDatabase({ dataDir });
    try {
      const { rows } = await sql<{ count: number }>`select count(*)::int as count from items`.execute(db);
      expect(rows[0]!.count).toBeGreaterThanOrEqual(acked);
    } finally {
      await db.destroy();
    }
  }, 120_000);
});
