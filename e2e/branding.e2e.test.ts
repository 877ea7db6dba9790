import { deflateSync } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { collectPageErrors, launchChromium, settledScreenshot as screenshot } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import {
  logIn,
  newCompanyAdmin,
  openScreen,
  sessionApi,
  signedInPage,
  snackbar,
  type CompanyAdmin,
} from './support/console.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** The host name the company claims; Chromium resolves it to the test server. */
const fqdn = 'acme.test';
const title = 'ACME Remote Service';
const primary = { hex: '#8e24aa', rgb: 'rgb(142, 36, 170)' };
const secondary = '#00897b';
const androidUserAgent =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const iosUserAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

let server: RunningServer;
let browser: Browser;
let admin: CompanyAdmin;
/** The test server under the company's host name. */
let brandedUrl: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium({ args: [`--host-resolver-rules=MAP ${fqdn} 127.0.0.1`] });
  admin = await newCompanyAdmin(server.baseUrl, 'Brand Admin');
  brandedUrl = `http://${fqdn}:${new URL(server.baseUrl).port}`;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A real PNG of one colour, made here: the server tells an image's type by its content. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const fileInput = (page: Page, label: string) => page.locator(`input[type="file"][aria-label="${label}"]`);

describe('branding', () => {
  it('is set up on /identity through the UI: host name, colours, logo with a progress bar, favicon, title, store links', async () => {
    const { page, context, errors } = await signedInPage(browser, server.baseUrl, admin, 1280);
    await openScreen(page, server.baseUrl, '/identity', 'Identity');
    await page.getByText('Your company has no branding of its own: Fleetgate’s look applies.').waitFor();
    await screenshot(page, 'branding-identity-empty-1280');
    await expectAccessible(page);

    // Refused in the browser before anything is sent, with the server's limits.
    await fileInput(page, 'Logo for light mode').setInputFiles({
      name: 'logo.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    await page.getByText('This file type is not accepted. Use PNG, JPEG, WebP, ICO or SVG.').waitFor();
    await fileInput(page, 'Favicon').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(65 * 1024, 1),
    });
    await page.getByText('This file is too large: at most 64 KB.').waitFor();

    // The upload's answer is held back a moment, so its progress bar can be seen.
    await page.route('**/api/MyCompanyBrandingImage/**', async (route) => {
      await sleep(1000);
      await route.continue();
    });
    await fileInput(page, 'Logo for light mode').setInputFiles({
      name: 'acme-logo.png',
      mimeType: 'image/png',
      buffer: png(160, 48, [142, 36, 170]),
    });
    await page.getByRole('progressbar', { name: 'Uploading acme-logo.png' }).waitFor();
    await page.getByRole('img', { name: 'Current Logo for light mode' }).waitFor();
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
    await snackbar(page, 'Logo for light mode uploaded').waitFor();
    await fileInput(page, 'Favicon').setInputFiles({
      name: 'acme-icon.png',
      mimeType: 'image/png',
      buffer: png(32, 32, [0, 137, 123]),
    });
    await page.getByRole('img', { name: 'Current Favicon' }).waitFor();
    await page.unroute('**/api/MyCompanyBrandingImage/**');

    await page.getByRole('textbox', { name: 'Host name (FQDN)' }).fill(fqdn);
    await page.getByLabel('Use our own colours').check();
    // The primary colour through the browser's picker, the secondary typed as hex.
    await page.getByLabel('Pick the primary colour').fill(primary.hex);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Primary colour', exact: true }).inputValue())
      .toBe(primary.hex);
    await page.getByRole('textbox', { name: 'Secondary colour', exact: true }).fill('#12');
    await page.getByText('Enter a colour such as #0d47a1').waitFor();
    await page.getByRole('textbox', { name: 'Secondary colour', exact: true }).fill(secondary);
    await page.getByRole('textbox', { name: 'Browser title' }).fill(title);
    await page.getByRole('textbox', { name: 'Google Play link or app id' }).fill('com.acme.remote');
    await page
      .getByRole('textbox', { name: 'App Store link or app id' })
      .fill('https://apps.apple.com/app/acme/id123456789');
    await page.getByRole('checkbox', { name: 'Windows' }).check();
    await page.getByRole('checkbox', { name: 'Linux' }).check();

    // The preview follows as the values are typed, before saving.
    const preview = page.getByRole('complementary', { name: 'Preview' });
    const previewButton = preview.locator('[data-preview="primary-button"]');
    await expect
      .poll(() => previewButton.evaluate((e) => getComputedStyle(e).backgroundColor))
      .toBe(primary.rgb);
    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect
      .poll(() =>
        preview
          .locator('.MuiPaper-root')
          .first()
          .evaluate((e) => getComputedStyle(e).backgroundColor),
      )
      .not.toBe('rgb(255, 255, 255)');
    await page.getByRole('radio', { name: 'Light' }).check();
    // The upload notices have gone (axe would measure one half faded out).
    await expect.poll(() => page.locator('.MuiSnackbar-root').count(), { timeout: 15_000 }).toBe(0);
    await screenshot(page, 'branding-identity-filled-1280');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Save' }).click();
    await snackbar(page, 'Branding saved').waitFor();
    await page.getByText('Your company’s own branding applies.').waitFor();
    // The signed-in app takes the saved branding at once.
    await expect.poll(() => page.title()).toBe(title);
    await expect
      .poll(() => page.locator('link[rel="icon"]').getAttribute('href'))
      .toMatch(/^\/api\/BrandingImage\/[0-9a-z]{12}$/);
    const branding = (await sessionApi(server.baseUrl, 'GET', 'MyCompanyBranding', admin.session)) as {
      fqdn: string;
      theme: { primaryColor: string; secondaryColor: string; mode: string };
      supportedPlatforms: string[];
    };
    expect(branding.fqdn).toBe(fqdn);
    expect(branding.theme).toEqual({ primaryColor: primary.hex, secondaryColor: secondary, mode: 'light' });
    expect(branding.supportedPlatforms.sort()).toEqual(['linux', 'windows']);
    expect(errors.join('\n')).toBe('');
    await context.close();
  });

  it("shows the company's logo, colour and title on the login page of its host name, before logging in", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${brandedUrl}/login`);
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    const logo = page.getByRole('img', { name: admin.companyName });
    await logo.waitFor();
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
    const logInButton = page.getByRole('button', { name: 'Log in', exact: true });
    expect(await logInButton.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(primary.rgb);
    expect(await page.title()).toBe(title);
    await screenshot(page, 'branding-login-acme-1280');
    await expectAccessible(page);

    // In dark mode the page turns dark and stays readable.
    const dark = { primaryColor: primary.hex, secondaryColor: secondary, mode: 'dark' };
    await sessionApi(server.baseUrl, 'PATCH', 'MyCompanyBranding', admin.session, { theme: dark });
    await page.reload();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await expect
      .poll(() => page.locator('body').evaluate((e) => getComputedStyle(e).backgroundColor))
      .toBe('rgb(18, 18, 18)');
    await screenshot(page, 'branding-login-acme-dark-1280');
    await expectAccessible(page);
    await sessionApi(server.baseUrl, 'PATCH', 'MyCompanyBranding', admin.session, {
      theme: { ...dark, mode: 'light' },
    });

    // The same server on its own address keeps Fleetgate's look.
    const plain = await context.newPage();
    await plain.goto(`${server.baseUrl}/login`);
    await plain.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await plain.title()).toBe('Fleetgate');
    expect(await plain.getByRole('img', { name: admin.companyName }).count()).toBe(0);
    expect(errors.join('\n')).toBe('');
    await context.close();
  });

  it("applies the company's favicon, title and logo after login, follows company switches and leaves on logout", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
    expect(await page.title()).toBe('Fleetgate');

    await logIn(page, server.baseUrl, admin.account);
    await expect.poll(() => page.title()).toBe(title);
    const favicon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(favicon).toMatch(/^\/api\/BrandingImage\/[0-9a-z]{12}$/);
    const icon = await page.request.get(`${server.baseUrl}${favicon}`);
    expect(icon.headers()['content-type']).toBe('image/png');
    // The account button shows the company's logo instead of the initials.
    const account = page.getByRole('button', { name: 'Account', exact: true });
    await account.locator('img').waitFor();
    expect(await page.getByRole('button', { name: 'Log in' }).count()).toBe(0);
    expect(await page.getByRole('banner').evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(
      primary.rgb,
    );
    await screenshot(page, 'branding-shell-1280');

    // Switching to a company without branding switches to Fleetgate's look, and back.
    const plainCompany = `Plain Works ${admin.account.emailAddress.slice(-20, -12)}`;
    await sessionApi(
      server.baseUrl,
      'POST',
      'CompanyList',
      { token: admin.token.secretId },
      { name: plainCompany },
    );
    // Loaded anew, the company list has the new company.
    await page.goto(`${server.baseUrl}/my-companies`);
    await page.getByRole('button', { name: plainCompany }).click();
    await page.getByRole('banner').getByText(plainCompany).waitFor();
    await expect.poll(() => page.title()).toBe('Fleetgate');
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
    expect(await page.getByRole('banner').evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(
      'rgb(13, 71, 161)',
    );
    await page.getByRole('button', { name: /^Account of / }).click();
    await page.getByRole('menuitem', { name: 'Switch company' }).click();
    await page.getByRole('button', { name: admin.companyName }).click();
    await expect.poll(() => page.title()).toBe(title);

    await account.click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await expect.poll(() => page.title()).toBe('Fleetgate');
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
    expect(errors.join('\n')).toBe('');
    await context.close();
  });

  it('offers the app on Android and iOS browsers until dismissed for good', async () => {
    const android = await browser.newContext({
      viewport: { width: 412, height: 860 },
      userAgent: androidUserAgent,
      isMobile: true,
      hasTouch: true,
    });
    const page = await android.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${brandedUrl}/login`);
    const banner = page.getByRole('complementary', { name: 'Our app' });
    await banner.getByText(`Get the ${admin.companyName} app`).waitFor();
    await banner.getByText('On Google Play').waitFor();
    expect(
      await banner.getByRole('link', { name: `Get the ${admin.companyName} app` }).getAttribute('href'),
    ).toBe('https://play.google.com/store/apps/details?id=com.acme.remote');
    await screenshot(page, 'branding-store-banner-android');
    await expectAccessible(page);
    await banner.getByRole('button', { name: 'Dismiss for good' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.getByRole('img', { name: admin.companyName }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Our app' }).count()).toBe(0);
    expect(errors.join('\n')).toBe('');
    await android.close();

    const iphone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent: iosUserAgent,
    });
    const ios = await iphone.newPage();
    await ios.goto(`${brandedUrl}/login`);
    const iosBanner = ios.getByRole('complementary', { name: 'Our app' });
    await iosBanner.getByText('On the App Store').waitFor();
    expect(await iosBanner.getByRole('link').getAttribute('href')).toBe(
      'https://apps.apple.com/app/id123456789',
    );
    await iphone.close();

    // A desktop browser gets no banner.
    const desktop = await browser.newContext();
    const desk = await desktop.newPage();
    await desk.goto(`${brandedUrl}/login`);
    await desk.getByRole('img', { name: admin.companyName }).waitFor();
    expect(await desk.getByRole('complementary', { name: 'Our app' }).count()).toBe(0);
    await desktop.close();
  });

  it('asks before leaving /identity with unsaved changes, and names a host name another company has', async () => {
    const other = await newCompanyAdmin(server.baseUrl, 'Other Admin');
    const { page, context, errors } = await signedInPage(browser, server.baseUrl, other, 600);
    await openScreen(page, server.baseUrl, '/identity', 'Identity');
    await screenshot(page, 'branding-identity-600');
    await expectAccessible(page);

    await page.getByRole('textbox', { name: 'Host name (FQDN)' }).fill(fqdn);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Another company already uses this host name').waitFor();
    expect(await page.getByRole('textbox', { name: 'Host name (FQDN)' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await screenshot(page, 'branding-identity-taken-600');

    // Leaving with the unsaved host name asks first.
    await page.getByRole('link', { name: 'Fleetgate home' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard changes?' });
    await dialog.getByText('Your changes to the branding have not been saved.', { exact: false }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/identity');
    expect(await page.getByRole('textbox', { name: 'Host name (FQDN)' }).inputValue()).toBe(fqdn);
    await page.getByRole('link', { name: 'Fleetgate home' }).click();
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL((url) => url.pathname !== '/identity');
    expect(errors.join('\n')).toBe('');
    await context.close();
  });
});
