import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
});
