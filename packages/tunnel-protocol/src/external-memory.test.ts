import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = path.join(import.meta.dirname, 'gc-count.test-support.ts');

async function majorCollections(mode: 'on' | 'off'): Promise<number> {
  const { stdout } = await run(process.execPath, [script, mode]);
  return (JSON.parse(stdout) as { major: number }).major;
}

describe('accountExternalMemoryWithHeap', () => {
  it('collects short-lived Buffers without a full collection every 64 MB', async () => {
    const [off, on] = await Promise.all([majorCollections('off'), majorCollections('on')]);
    // Seen: 23 full collections without it, 1 with it (V8 decides the same way every run).
    expect(off).toBeGreaterThanOrEqual(10);
    expect(on * 4).toBeLessThan(off);
  }, 30_000);

  it('sets flags this Node.js knows, for every role', async () => {
    const module = path.join(import.meta.dirname, 'external-memory.ts');
    for (const role of ['server', 'agent', 'connector']) {
      const code = `import { accountExternalMemoryWithHeap } from ${JSON.stringify(module)};
        accountExternalMemoryWithHeap(${JSON.stringify(role)});`;
      // V8 reports a flag it does not know on stderr and goes on without it.
      const { stderr } = await run(process.execPath, ['--input-type=module', '-e', code]);
      expect(stderr, role).toBe('');
    }
  });
});
