import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type CliIo } from './cli.ts';
import { connectorVersion } from './version.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'fleetgate-connector-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function io(stop: Promise<string> = new Promise(() => undefined)) {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIo = { log: (l) => out.push(l), error: (l) => err.push(l), env: {}, stopSignal: stop };
  return { io: value, out, err };
}

describe('fleetgate-connector CLI', () => {
  it('prints help and version, and refuses bad options with exit code 2', async () => {
    const help = io();
    expect(await main(['--help'], help.io)).toBe(0);
    expect(help.out.join('\n')).toContain('--force-protocol');
    const version = io();
    expect(await main(['--version'], version.io)).toBe(0);
    expect(version.out).toEqual([connectorVersion]);
    const settings = path.join(dir, 'none.json');
    for (const args of [
      ['--port', 'x'],
      ['--bogus'],
      ['--force-protocol', 'udp', '--settings', settings],
      ['--portal', 'ftp://x', '--settings', settings],
    ]) {
      const bad = io();
      expect(await main(args, bad.io), args.join(' ')).toBe(2);
      expect(bad.err.length).toBeGreaterThan(0);
    }
  });

  it('starts with the settings file and the options over it, serves until stopped', async () => {
    const file = path.join(dir, 'settings.json');
    await writeFile(
      file,
      JSON.stringify({ portals: ['http://portal.example:8080/'], forceProtocol: 'tcp6' }),
    );
    let stop!: (signal: string) => void;
    const run = io(new Promise((resolve) => (stop = resolve)));
    const exited = main(['--port', '0', '--settings', file, '--force-protocol', 'tcp4'], run.io);
    for (let i = 0; i < 100 && !run.out.some((l) => l.startsWith('Settings page: ')); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const url = /Settings page: (\S+)\//.exec(run.out.join('\n'))![1]!;
    const page = await (await fetch(url)).text();
    expect(page).toContain('http://portal.example:8080');
    expect(page).toContain('<option value="tcp4" selected>');
    stop('SIGTERM');
    expect(await exited).toBe(0);
    // Options apply to the run; the file is left as it was.
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ forceProtocol: 'tcp6' });
  });

  it('stops with exit code 1 on a broken settings file', async () => {
    const file = path.join(dir, 'broken.json');
    await writeFile(file, '{not json');
    const run = io();
    expect(await main(['--port', '0', '--settings', file], run.io)).toBe(1);
    expect(run.err.join('\n')).toContain('not valid JSON');
  });
});
