import { execFile, spawn } from 'node:child_process';
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildConnectorBundle,
  bundleFileName,
  defaultBundleDir,
} from '../../../../connector/scripts/build-bundle.ts';
import manifest from '../../../../connector/package.json' with { type: 'json' };

const run = promisify(execFile);

// The bundle `npm run build` made, or one built here when it is missing; then copied alone into
// an empty directory, so it runs without the repository's node_modules.
let workDir: string;
let bundle: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'fleetgate-bundle-'));
  const built = path.join(defaultBundleDir, bundleFileName(manifest.version));
  const source = (await stat(built).catch(() => undefined))
    ? built
    : await buildConnectorBundle(path.join(workDir, 'build'));
  bundle = path.join(workDir, bundleFileName(manifest.version));
  await copyFile(source, bundle);
}, 60_000);
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('connector bundle', () => {
  it('reports the package version', async () => {
    const { stdout } = await run(process.execPath, [bundle, '--version'], { cwd: workDir });
    expect(stdout.trim()).toBe(manifest.version);
  });

  it('starts and serves its settings page with the version', async () => {
    const child = spawn(
      process.execPath,
      [bundle, '--port', '0', '--settings', path.join(workDir, 'settings.json')],
      { cwd: workDir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match) resolve(match[1]!);
        });
        child.stderr.on('data', (chunk: Buffer) => reject(new Error(chunk.toString())));
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
      });
      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(manifest.version);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('close', resolve));
    }
  });

  it('builds with esbuild into the given directory', async () => {
    const file = await buildConnectorBundle(path.join(workDir, 'fresh'));
    expect(path.basename(file)).toBe(`fleetgate-connector-${manifest.version}.mjs`);
    const { stdout } = await run(process.execPath, [file, '--version'], { cwd: workDir });
    expect(stdout.trim()).toBe(manifest.version);
  });
});
