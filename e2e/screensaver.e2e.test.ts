import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Agent, AgentEnrolment } from '@fleetgate/contracts';
import { ScreensaverSync } from '../apps/agent/src/screensaver.ts';
import { startSimulator, type Simulator } from '../apps/agent/src/simulator.ts';
import { collectPageErrors, launchChromium, settledScreenshot } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { callApi } from './support/api.ts';
import { startShellServer, type ShellServer, type SignedIn } from './support/shell-server.ts';

let server: ShellServer;
let browser: Browser;
let admin: SignedIn;

beforeAll(async () => {
  server = await startShellServer();
  browser = await launchChromium();
  admin = await server.newAdministrator('Sam Screens');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A real PNG: a colour band over a darker one, so the picture reads as an image in the shots. */
function png(width: number, height: number, top: [number, number, number], bottom: [number, number, number]) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.concat([
      Buffer.from([0]),
      Buffer.from(Array.from({ length: width }, () => (y < height / 2 ? top : bottom)).flat()),
    ]),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const fileInput = (page: Page) => page.locator('input[type="file"][aria-label="Upload image"]');

const settled = (page: Page, name: string) => settledScreenshot(page, `screensaver-${name}`);

describe('display screensaver', () => {
  it.each([1280, 600])(
    'is uploaded with a progress bar and removed on the device page at %i px',
    async (width) => {
      const agent = await callApi<Agent>(server, admin, 'POST', 'AgentList', {
        name: `Panel gateway ${width}`,
        hasDisplay: true,
      });
      const context = await server.signedInContext(browser, admin, { width, height: 900 });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${server.baseUrl}/devices/${agent.publicId}`);
      const section = page.getByRole('region', { name: 'Display screensaver' });
      await section.getByText('No screensaver set').waitFor();
      await settled(page, `device-empty-${width}`);
      await expectAccessible(page);

      // Checked in the browser before anything is sent.
      await fileInput(page).setInputFiles({
        name: 'logo.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from('<svg/>'),
      });
      await section.getByText('Choose a PNG, JPEG or WebP image.').waitFor();
      await fileInput(page).setInputFiles({
        name: 'huge.png',
        mimeType: 'image/png',
        buffer: Buffer.alloc(1024 * 1024 + 1, 1),
      });
      await section.getByText('The image is larger than 1 MB.').waitFor();

      // The answer is held back a moment, so the progress bar and the uploading flag can be seen.
      await page.route('**/api/RouterDisplayScreensaverUpload**', async (route) => {
        await sleep(1000);
        await route.continue();
      });
      await fileInput(page).setInputFiles({
        name: 'line-1.png',
        mimeType: 'image/png',
        buffer: png(320, 180, [0, 137, 123], [16, 36, 62]),
      });
      await page.getByRole('progressbar', { name: 'Uploading line-1.png' }).waitFor();
      expect(await section.getByRole('button', { name: 'Upload image' }).isDisabled()).toBe(true);
      await section.getByRole('img', { name: `Current screensaver of Panel gateway ${width}` }).waitFor();
      await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
      await page.unroute('**/api/RouterDisplayScreensaverUpload**');
      await page.getByText('Screensaver uploaded').waitFor();
      await expect
        .poll(() =>
          section
            .getByRole('img')
            .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
        )
        .toBe(320);
      await settled(page, `device-uploaded-${width}`);
      await expectAccessible(page);

      await section.getByRole('button', { name: 'Remove' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove the screensaver?' });
      await dialog.waitFor();
      // The viewport only: a dialog locks the page's scrolling.
      await settled(page, `remove-dialog-${width}`);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await section.getByText('No screensaver set').waitFor();
      await page.getByText('Screensaver removed').waitFor();

      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('is switched on with "Has a display" in the agent dialog', async () => {
    const agent = await callApi<Agent>(server, admin, 'POST', 'AgentList', { name: 'Plain gateway' });
    const context = await server.signedInContext(browser, admin, { width: 1280, height: 900 });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.baseUrl}/devices/${agent.publicId}`);
    await page.getByRole('heading', { name: 'Plain gateway' }).waitFor();
    expect(await page.getByRole('region', { name: 'Display screensaver' }).count()).toBe(0);

    await page.goto(`${server.baseUrl}/agents`);
    await page.getByRole('button', { name: 'Edit Plain gateway' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit agent' });
    await dialog.getByLabel('Has a display').check();
    await settled(page, 'agent-dialog-1280');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${server.baseUrl}/devices/${agent.publicId}`);
    await page.getByRole('region', { name: 'Display screensaver' }).getByText('No screensaver set').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows on the simulator’s HMI page once the agent fetched it', async () => {
    const agent = await callApi<Agent>(server, admin, 'POST', 'AgentList', {
      name: 'Simulated panel',
      hasDisplay: true,
    });
    const { token } = await callApi<{ token: string }>(
      server,
      admin,
      'POST',
      `AgentEnrolmentTokenList/${agent.publicId}`,
    );
    const enrolment = await fetch(`${server.baseUrl}/api/AgentEnrolment`, {
      method: 'POST',
      headers: { 'Api-Version': '2', 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const { credential } = ((await enrolment.json()) as { data: AgentEnrolment }).data;
    const image = png(480, 270, [142, 36, 170], [16, 36, 62]);
    const upload = await fetch(
      `${server.baseUrl}/api/RouterDisplayScreensaverUpload?agent=${agent.publicId}`,
      {
        method: 'POST',
        headers: {
          'Api-Version': '2',
          'Content-Type': 'image/png',
          Authorization: `Bearer ${admin.token.secretId}`,
          'Api-Company': admin.companyPublicId,
        },
        body: image,
      },
    );
    expect(upload.status).toBe(201);

    const simulator: Simulator = await startSimulator('Simulated panel');
    const dir = await mkdtemp(path.join(tmpdir(), 'fleetgate-e2e-screensaver-'));
    const sync = new ScreensaverSync({
      server: server.baseUrl,
      credential,
      dir,
      intervalMs: 60_000,
      onChange: (next) => simulator.setScreensaver(next),
    });
    try {
      await sync.start();
      await sync.refresh();
      const hmi = simulator.services.find((s) => s.name === 'hmi')!;
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${hmi.port}/`);
      const shown = page.getByRole('img', { name: 'Display screensaver' });
      await expect
        .poll(() =>
          shown.evaluate(
            (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth,
          ),
        )
        .toBe(480);
      await settled(page, 'simulator-hmi-1280');
      await context.close();
    } finally {
      await sync.stop();
      await simulator.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
