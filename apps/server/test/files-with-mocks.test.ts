import { readFile } from 'node:fs/promises';
import { glob } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { serverFilesWithMocks } from './files-with-mocks.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

it('lists every server test file that mocks a module, so it runs where its mock applies', async () => {
  const mocking: string[] = [];
  for await (const file of glob('apps/server/**/*.test.ts', { cwd: repoRoot })) {
    if (/\bvi\.(do)?[mM]ock\(/.test(await readFile(path.join(repoRoot, file), 'utf8'))) mocking.push(file);
  }
  expect(mocking.sort()).toEqual([...serverFilesWithMocks].sort());
});
