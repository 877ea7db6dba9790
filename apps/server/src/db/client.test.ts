import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const made: string[] = [];
const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleetgate-data-'));
  made.push(dir);
  return dir;
};
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe('openDatabase on PGlite', () => {
  it('creates a database in a new directory and opens it again', async () => {
    const dir = path.join(await tempDir(), 'data');
    const first = await openDatabase({ dataDir: dir });
    await first.destroy();
    const again = await openDatabase({ dataDir: dir });
    await again.destroy();
    expect(await fs.readdir(dir)).toContain('PG_VERSION');
    // Creating syncs every file initdb writes (about 1,700 fsyncs): slow on a busy shared disk.
  }, 120_000);

  it('refuses a directory that holds other files, naming them', async () => {
    const dir = await tempDir();
    await fs.writeFile(path.join(dir, 'notes.txt'), 'mine');
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
      `DATA_DIR ${dir} holds no Fleetgate database but other files (notes.txt)`,
    );
    expect(await fs.readFile(path.join(dir, 'notes.txt'), 'utf8')).toBe('mine');
  });
});
