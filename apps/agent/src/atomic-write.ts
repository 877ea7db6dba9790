import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Writes a file so that a crash leaves either the old or the new content, never half of it. */
export async function atomicWrite(file: string, data: Uint8Array | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, data, { mode: 0o600 });
  await rename(temporary, file);
}
