import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  jsonPayload,
  replayRecordingText,
  startSentryReceiver,
  type EnvelopeItem,
  type SentryReceiver,
} from '../apps/server/test/sentry-receiver.ts';
import { launchChromium } from './support/browser.ts';
import { startShellServer, type ShellServer, type SignedIn } from './support/shell-server.ts';

type SentryEvent = {
  release?: string;
  exception?: {
    values: { type: string; value: string; stacktrace?: { frames: { function?: string }[] } }[];
  };
};

let receiver: SentryReceiver;
let server: ShellServer;
let browser: Browser;
let admin: SignedIn;
let context: BrowserContext;
let page: Page;

/** The text of every envelope the SDK sent, with replay recordings decompressed. */
function everythingSent(): string {
  return receiver.envelopes
    .flatMap((envelope) =>
      envelope.items.map((item) =>
        item.header.type === 'replay_recording' ? replayRecordingText(item) : item.payload.toString('utf8'),
      ),
    )
    .join('\n');
}

const eventWith = (text: string) => (item: EnvelopeItem) =>
  item.header.type === 'event' && item.payload.includes(text);

/** Throws in the page outside any handler of the app: the browser's global error path. */
function throwInPage(message: string): Promise<void> {
  return page.evaluate((text) => {
    setTimeout(function throwBoom() {
      throw new Error(text);
    });
  }, message);
}

/** The user's profile, whose name a replay would see, once the SDK has loaded. */
async function openProfile(): Promise<void> {
  context = await server.signedInContext(browser, admin);
  page = await context.newPage();
  const sentryChunks: string[] = [];
  page.on('response', (response) => {
    if (/\/sentry-[\w-]+\.js$/.test(new URL(response.url()).pathname)) sentryChunks.push(response.url());
  });
  await page.goto(`${server.baseUrl}/my-profile`);
  await page.getByRole('heading', { level: 1, name: 'My profile' }).waitFor();
  // The user's name is on the page (in the name field), where a replay would see it.
  await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe(admin.account.name);
  // The SDK came in its own chunk, after the server handed out the DSN.
  await expect.poll(() => sentryChunks.length).toBeGreaterThan(0);
  await page.waitForFunction(() => '__SENTRY__' in window);
}

beforeAll(async () => {
  receiver = await startSentryReceiver();
  server = await startShellServer({ SENTRY_DSN: receiver.dsn });
  browser = await launchChromium();
  admin = await server.newAdministrator('Reporter');
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

describe('error reporting in the browser', () => {
  it('sends a thrown error with its message and stack, and a replay without the page text', async () => {
    await openProfile();
    const message = `boom-${Date.now().toString(36)}`;
    await throwInPage(message);

    const event = jsonPayload<SentryEvent>(await receiver.waitForItem(eventWith(message)));
    const [exception] = event.exception!.values;
    expect(exception).toMatchObject({ type: 'Error', value: message });
    const frames = exception!.stacktrace!.frames;
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.map((frame) => frame.function)).toContain('throwBoom');
    expect(event.release).toMatch(/^fleetgate-web@\d+\.\d+\.\d+\+\d{14}$/);

    // The error brings the replay of what led to it: a full snapshot of the page, all text masked.
    const recording = replayRecordingText(
      await receiver.waitForItem((item) => item.header.type === 'replay_recording', 45_000),
    );
    const events = JSON.parse(recording) as { type: number }[];
    expect(events.some((entry) => entry.type === 2)).toBe(true);
    expect(recording).not.toContain('My profile');
    // The name field was recorded, as a mask of the name's length.
    expect(recording).toContain(`"${'*'.repeat(admin.account.name.length)}"`);

    const sent = everythingSent();
    for (const secret of [admin.account.name, admin.account.emailAddress, admin.token.secretId])
      expect(sent, 'sent to the error reporting').not.toContain(secret);
  });

  it('leaves out ResizeObserver loop notices and failed chunk loads', async () => {
    await throwInPage('ResizeObserver loop completed with undelivered notifications.');
    await page.evaluate(() => {
      void Promise.reject(
        new TypeError('Failed to fetch dynamically imported module: /assets/Gone-1234abcd.js'),
      );
    });
    // An error thrown after them arrives; by then theirs would have been sent too.
    const marker = `after-noise-${Date.now().toString(36)}`;
    await throwInPage(marker);
    await receiver.waitForItem(eventWith(marker));

    const events = receiver.envelopes
      .flatMap((envelope) => envelope.items)
      .filter((item) => item.header.type === 'event')
      .map((item) => item.payload.toString('utf8'));
    expect(events.filter((text) => text.includes('ResizeObserver loop'))).toEqual([]);
    expect(events.filter((text) => text.includes('dynamically imported module'))).toEqual([]);
  });
});
