import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('tuneServerHeap', () => {
  it('sets flags this Node.js knows', async () => {
    const module = path.join(import.meta.dirname, 'heap-settings.ts');
    const code = `import { tuneServerHeap } from ${JSON.stringify(module)};
      tuneServerHeap();`;
    // V8 reports a flag it does not know, or a value it refuses, on stderr and goes on without it.
    const { stderr } = await run(process.execPath, ['--input-type=module', '-e', code]);
    expect(stderr).toBe('');
  });
});
