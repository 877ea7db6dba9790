import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouterDisplayScreensaver } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { pngBytes } from '../branding/branding.test-support.ts';
import { eventually } from '../../relay/relay.test-support.ts';
import { screensaverFixtures } from './screensaver.test-support.ts';

const t = useTestServer();
const f = screensaverFixtures(t);
const agentBin = path.resolve(import.meta.dirname, '../../../../agent/bin/fleetgate-agent.ts');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'fleetgate-screensaver-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function run(child: ChildProcess) {
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { output: () => output };
}

/** The simulator's HMI page and its /screensaver, straight over HTTP. */
async function hmi(port: number) {
  const page = await (await fetch(`http://127.0.0.1:${port}/`)).text();
  const image = await fetch(`http://127.0.0.1:${port}/screensaver`);
  return { page, status: image.status, bytes: Buffer.from(await image.arrayBuffer()) };
}

describe('a real agent with --simulate shows the screensaver on its HMI page', () => {
  it(
    'fetches the uploaded image on attach, follows a replacement and a removal',
    { timeout: 60_000 },
    async () => {
      const { as } = await f.setup();
      const agent = await f.agentWithDisplay(as, true, 'Simulated panel');
      const first = pngBytes(6, 6, [200, 40, 40]);
      const uploaded = await f.upload(as, agent.publicId, first);
      expect(uploaded.status).toBe(201);

      const token = (await t.call('POST', `AgentEnrolmentTokenList/${agent.publicId}`, as)).body.data as {
        token: string;
      };
      const config = path.join(dir, 'config.json');
      const enrol = spawn(
        process.execPath,
        [
          agentBin,
          'enroll',
          '--server',
          t.server.baseUrl,
          `--token=${token.token}`,
          '--simulate',
          '--config',
          config,
        ],
        { stdio: 'pipe' },
      );
      const [enrolled] = (await once(enrol, 'exit')) as [number];
      expect(enrolled).toBe(0);
      const services = (
        JSON.parse(await readFile(config, 'utf8')) as { services: { name: string; port: number }[] }
      ).services;
      const hmiPort = services.find((s) => s.name === 'hmi')!.port;

      const child = spawn(
        process.execPath,
        [agentBin, 'run', '--config', config, '--screensaver-interval', '1'],
        {
          stdio: 'pipe',
        },
      );
      const out = await run(child);
      try {
        const shown = await eventually(async () => {
          // The page and the image are two requests; the image may arrive between them.
          const state = await hmi(hmiPort).catch(() => undefined);
          return state?.status === 200 && state.page.includes('<img id="screensaver"') ? state : undefined;
        }, 20_000);
        expect(shown.bytes.equals(first)).toBe(true);
        expect(shown.page).toContain('Display screensaver');
        expect(shown.page).toMatch(/<img id="screensaver" src="\/screensaver\?v=[0-9a-f]{64}"/);
        // Kept next to the configuration, for the display and for the next start.
        expect((await readFile(path.join(dir, 'screensaver.img'))).equals(first)).toBe(true);

        const second = pngBytes(9, 9, [40, 200, 40]);
        const replaced = (await f.upload(as, agent.publicId, second)).body.data as RouterDisplayScreensaver;
        await eventually(async () => ((await hmi(hmiPort)).bytes.equals(second) ? true : undefined), 20_000);

        await t.call('DELETE', `RouterDisplayScreensaver/${replaced.publicId}`, as);
        const cleared = await eventually(async () => {
          const state = await hmi(hmiPort);
          return state.status === 404 && !state.page.includes('<img id="screensaver"') ? state : undefined;
        }, 20_000);
        expect(cleared.page).toContain('No screensaver is set for this display.');
        expect(out.output()).toMatch(/screensaver: updated \(image\/png/);
        expect(out.output()).toContain('display: no screensaver');

        child.kill('SIGTERM');
        const [code] = (await once(child, 'exit')) as [number];
        expect(code).toBe(0);
      } finally {
        child.kill('SIGKILL');
      }
    },
  );
});
