import { describe, expect, it, vi } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AccessRequest, VpnClientReleases } from '@fleetgate/contracts';
import { callApi } from './support/api.ts';
import { expectAccessible } from './support/axe.ts';
import { collectPageErrors, settledScreenshot } from './support/browser.ts';
import type { SignedIn } from './support/shell-server.ts';
import { approvalSetup, connectorFor, freePort, watchVpnPage, useVpnWorld } from './support/vpn.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const world = useVpnWorld();
const minute = 60_000;

/** Release notes as a release manager writes them: Markdown with headings, lists and a link. */
const markdownNotes = [
  '# Stable local ports',
  '',
  'Each device service keeps its **local port** between connects.',
  '',
  '## Changes',
  '',
  '- Ports remembered per device and service',
  '* SOCKS5 address shown with a copy button',
  '',
  'Read [the guide](https://docs.example.com/connector).',
  '',
  '<img src="x" onerror="window.injected = true"><script>window.injected = true</script>',
].join('\n');

type Box = { x: number; y: number; width: number; height: number };

const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('Not visible');
  return box;
};

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** What the user would click at the middle of `box`: the topmost element there, described. */
function topmostAt(page: Page, box: Box) {
  return page.evaluate(
    ({ x, y }) => {
      const element = document.elementFromPoint(x, y);
      return {
        inStatusBar: Boolean(element?.closest('[data-vpn-status]')),
        inReminders: Boolean(element?.closest('section[aria-label="Reminders"]')),
        inModal: Boolean(element?.closest('.MuiModal-root')),
        inDialog: Boolean(element?.closest('[role="dialog"]')),
      };
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
}

/** A VPN request of `requester`, approved, that ends in 9 minutes (inside its reminder window). */
async function accessEndingSoon(requester: SignedIn, approver: SignedIn, agentId: string) {
  const start = new Date();
  const request = await callApi<AccessRequest>(
    world.server,
    requester,
    'POST',
    `AgentAccessRequestList/${agentId}`,
    {
      allowedApprovers: [{ publicId: approver.publicId }],
      servers: [],
      vpn: true,
      reason: 'Check the filler after the recipe change',
      start: start.toISOString(),
      end: new Date(start.getTime() + 30 * minute).toISOString(),
    },
  );
  await callApi(world.server, approver, 'POST', `AccessRequestApprove/${request.publicId}`);
  // The API offers 30 minutes at least; the clock of the request moves on instead.
  await world.server.db
    .updateTable('access_requests')
    .set({ ends_on: new Date(Date.now() + 9 * minute) })
    .where('public_id', '=', request.publicId)
    .execute();
}

describe('The VPN status bar, the reminders and dialogs', () => {
  it('stack reminders above the bar, keep dialogs above both, and render release notes as Markdown', async () => {
    const { approver, engineer, agent } = await approvalSetup(world, 'Corner Approver');
    const connector = await connectorFor(world.server, await freePort());
    world.connectors.push(connector);
    // Markdown characters in a device's name are shown as they are, not read as markup.
    const name = 'Filler *line* 3';
    await callApi(world.server, approver, 'PATCH', `Agent/${agent.publicId}`, { name });
    await accessEndingSoon(engineer, approver, agent.publicId);

    const context = await world.server.signedInContext(world.browser, engineer, { width: 1280, height: 800 });
    await watchVpnPage(context, connector.url);
    await context.addInitScript(() => localStorage.setItem('fleetgate.vpn.consent', 'true'));
    await context.route('**/api/VpnClientReleases*', async (route) => {
      const response = await route.fetch();
      const document = (await response.json()) as { data: VpnClientReleases };
      const [latest] = document.data.releaseNotes;
      document.data.releaseNotes = [{ ...latest!, body: markdownNotes }];
      await route.fulfill({ response, json: document });
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${world.server.baseUrl}/devices/${agent.publicId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[data-vpn-status="connected"]'));

    const bar = page.getByRole('status', { name: 'VPN', exact: true });
    const reminders = page.getByRole('region', { name: 'Reminders' });
    // The message's markup is rendered: the device's name in bold, its asterisks kept as text.
    await reminders.locator('strong').getByText(name, { exact: true }).waitFor();
    expect(await reminders.locator('em').count()).toBe(0);
    expect(await reminders.textContent()).toMatch(/^Your access to Filler \*line\* 3 ends at /);
    await page.getByRole('button', { name: /^Mute: Your access to Filler \*line\* 3 ends at / }).waitFor();

    for (const width of [1280, 600]) {
      await page.setViewportSize({ width, height: 800 });
      const barBox = await boxOf(bar);
      const remindersBox = await boxOf(reminders);
      // The spec's size, and the reminders above the bar rather than on it.
      expect(barBox.width).toBe(385);
      expect(barBox.height).toBe(48);
      expect(intersects(barBox, remindersBox)).toBe(false);
      expect(remindersBox.y + remindersBox.height).toBeLessThanOrEqual(barBox.y);
      expect(await topmostAt(page, barBox)).toMatchObject({ inStatusBar: true });
      expect(await topmostAt(page, remindersBox)).toMatchObject({ inReminders: true });
      await settledScreenshot(page, `vpn-corner-${width}`);
    }

    // The bar and the reminders stay while the user moves on (the access requests page here).
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Access requests' }).click();
    await page.getByRole('heading', { level: 1, name: 'Access requests' }).waitFor();

    // A modal dialog (the VPN info dialog from Details) and its backdrop cover the bar and the reminders.
    const barBox = await boxOf(bar);
    const remindersBox = await boxOf(reminders);
    await bar.getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'VPN' });
    await dialog.waitFor();
    for (const box of [barBox, remindersBox]) {
      expect(await topmostAt(page, box)).toEqual({
        inStatusBar: false,
        inReminders: false,
        inModal: true,
        inDialog: false,
      });
    }
    // Full-screen below 960 px: the dialog itself is what is there.
    await page.setViewportSize({ width: 600, height: 800 });
    // Hidden from assistive technology behind the modal, so found by its data attribute.
    const narrowBar = await boxOf(page.locator('[data-vpn-status]'));
    expect(await topmostAt(page, narrowBar)).toMatchObject({ inStatusBar: false, inDialog: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Release notes: Markdown rendered as headings, lists and links; nothing of the markup shows.
    await dialog.getByRole('button', { name: 'Release notes' }).click();
    const notes = page.getByRole('dialog', { name: 'Release notes' });
    await notes.getByRole('heading', { level: 3, name: 'Stable local ports' }).waitFor();
    await notes.getByRole('heading', { level: 4, name: 'Changes' }).waitFor();
    const items = notes.getByRole('listitem');
    expect(await items.allTextContents()).toEqual([
      'Ports remembered per device and service',
      'SOCKS5 address shown with a copy button',
    ]);
    const link = notes.getByRole('link', { name: 'the guide' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    const text = (await notes.textContent()) ?? '';
    expect(text).not.toMatch(/(^|\s)[#*](\s|$)|\*\*/);
    expect(await notes.locator('script, [onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    // The theme's typography applies to the rendered notes.
    const fonts = await notes
      .getByRole('heading', { level: 3, name: 'Stable local ports' })
      .evaluate((heading) => {
        const style = getComputedStyle(heading);
        return { family: style.fontFamily, weight: style.fontWeight };
      });
    expect(fonts.family).toMatch(/Roboto/);
    expect(fonts.weight).toBe('600');
    await settledScreenshot(page, 'vpn-release-notes-markdown');
    await expectAccessible(page);

    expect(errors).toEqual([]);
    await context.close();
  });
});
