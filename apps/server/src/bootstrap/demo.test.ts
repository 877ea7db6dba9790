import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoIfEmpty } from './demo.ts';

describe('demo seed', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleetgate-demo-'));
    db = await openDatabase({ dataDir: path.join(dir, 'data') });
    await migrateToLatest(db);
    // Creating a PGlite database syncs every file initdb writes: slow on a busy shared disk.
  }, 180_000);
  afterAll(async () => {
    await db?.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('lets the demo engineer take control of the simulator’s VNC screen, offered as a vnc service', async () => {
    const seed = await seedDemoIfEmpty(db, {});
    expect(seed?.accounts.map((a) => a.role)).toEqual(['Administrator', 'Engineer']);
    const engineer = await db
      .selectFrom('roles')
      .select('capabilities')
      .where('name', '=', 'Engineer')
      .executeTakeFirstOrThrow();
    expect(engineer.capabilities).toEqual(
      expect.arrayContaining(['accessRequests.use', 'agents.connect', 'agents.remoteControl']),
    );
    const vnc = await db
      .selectFrom('agent_servers')
      .select(['type', 'port'])
      .where('name', '=', 'vnc')
      .executeTakeFirstOrThrow();
    expect(vnc).toEqual({ type: 'vnc', port: 5900 });
    // Existing data is never touched.
    expect(await seedDemoIfEmpty(db, {})).toBeUndefined();
  });

  it('seeds a new database once when several processes start on it together', async () => {
    // On PostgreSQL: a new database and a pool per "process"; on PGlite: one handle asked at once.
    const fresh = await newDatabase();
    try {
      const seeds = await Promise.all(fresh.handles.map((handle) => seedDemoIfEmpty(handle, {})));
      expect(seeds.filter(Boolean)).toHaveLength(1);
      const admins = await fresh.handles[0]!.selectFrom('users')
        .select('email_address')
        .where('email_address', '=', 'admin@example.com')
        .execute();
      expect(admins).toHaveLength(1);
    } finally {
      await fresh.drop();
    }
  });
});

async function newDatabase(): Promise<{ handles: Db[]; drop: () => Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const db = await openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(db);
    return { handles: [db, db, db], drop: () => db.destroy() };
  }
  const name = `fleetgate_demo_${process.pid}_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const handles = await Promise.all(
    [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), dataDir: '' })),
  );
  await migrateToLatest(handles[0]!);
  return {
    handles,
    drop: async () => {
      await Promise.all(handles.map((handle) => handle.destroy()));
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
