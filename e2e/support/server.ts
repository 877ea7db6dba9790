import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { rememberOutbox } from './accounts.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export type RunningServer = {
  baseUrl: string;
  /** Where the server writes its e-mails (no SMTP in tests). */
  outboxDir: string;
  output: () => string;
  stop: () => Promise<void>;
  /** Kills the process with SIGKILL: no shutdown, as in a crash or an out-of-memory kill. */
  kill: () => void;
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('No port assigned');
  return address.port;
}

function nodeBinary(): string {
  // The repo pins Node 24 in node_modules; the system Node may be older.
  const pinned = path.join(repoRoot, 'node_modules/.bin/node');
  return existsSync(pinned) ? pinned : process.execPath;
}

async function waitForApi(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  // A new PGlite data directory is created and synced to disk first (tens of seconds on a busy machine).
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`Server exited with code ${child.exitCode}:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api`, { headers: { 'Api-Version': '2' } });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`Server did not answer GET /api within 30 s:\n${output()}`);
}

/**
 * Starts the real server on a free port with a fresh data directory; `env` adds configuration.
 * `hostName` is the loopback name in PUBLIC_URL and baseUrl: `localhost` where the browser needs
 * a host name rather than an IP address (a passkey's relying-party ID cannot be an IP address).
 */
export async function startServer(
  env: Record<string, string> = {},
  { hostName = '127.0.0.1' }: { hostName?: '127.0.0.1' | 'localhost' } = {},
): Promise<RunningServer> {
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w @fleetgate/web` before the e2e tests');
  }
  const port = await freePort();
  const baseUrl = `http://${hostName}:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fleetgate-e2e-'));
  const child = spawn(nodeBinary(), ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseUrl, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server's own default, unless a test chose one through OUTBOX_DIR.
  const outboxDir = env.OUTBOX_DIR || process.env.OUTBOX_DIR || path.join(dataDir, 'outbox');
  rememberOutbox(baseUrl, outboxDir);
  let log = '';
  const collect = (chunk: Buffer) => {
    // Keep the tail only: enough to explain a failure without growing without bound.
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const output = () => log;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForApi(baseUrl, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  const kill = () => {
    child.kill('SIGKILL');
  };
  return { baseUrl, outboxDir, output, stop, kill };
}
