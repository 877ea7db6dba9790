import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TunnelTicket } from '@fleetgate/contracts';
import { collectPageErrors, launchChromium, settledScreenshot } from './support/browser.ts';
import { startShellServer, type ShellServer, type SignedIn } from './support/shell-server.ts';
import { expectAccessible, seriousA11yViolations } from './support/axe.ts';
import { startSimulator, type Simulator } from '../apps/agent/src/simulator.ts';
import type { AgentRunner } from '../apps/agent/src/agent-runner.ts';
import { echo, openRelayClient, seedAgent, startAgent } from '../apps/server/src/relay/relay.test-support.ts';

let server: ShellServer;
let browser: Browser;
let simulator: Simulator;
let runner: AgentRunner | undefined;
let admin: SignedIn;
/** Bytes the test moved through the tunnel: to the device (in) and back from it (out). */
const moved = { in: 0, out: 0 };
let agentPublicId = '';

async function api(method: string, rel: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}/api/${rel}`, {
    method,
    headers: {
      'Api-Version': '2',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${admin.token.secretId}`,
      'Api-Company': admin.companyPublicId,
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return (await response.json()) as { data: unknown };
}

beforeAll(async () => {
  server = await startShellServer();
  browser = await launchChromium();
  simulator = await startSimulator();
  admin = await server.newAdministrator('Uma Usage');

  // A real agent behind the relay, and a real tunnel moving a known number of bytes each way.
  const agent = await seedAgent(server.db, admin.companyPublicId, { servers: simulator.services });
  await server.db.updateTable('agents').set({ name: 'Packaging line' }).where('id', '=', agent.id).execute();
  agentPublicId = agent.publicId;
  runner = await startAgent(server.baseUrl, agent, simulator.services);
  const ticket = (await api('POST', `AgentTunnelTicketList/${agent.publicId}`, { vpn: true }))
    .data as TunnelTicket;
  const client = await openRelayClient(ticket);
  const payload = Buffer.alloc(1_234_567, 3);
  expect((await echo(client.open('echo'), payload)).length).toBe(payload.length);
  const request = 'GET / HTTP/1.0\r\nHost: hmi\r\n\r\n';
  const hmi = client.open('hmi');
  const received = await new Promise<number>((resolve) => {
    let bytes = 0;
    hmi.on('data', (chunk: Buffer) => (bytes += chunk.length));
    hmi.on('end', () => resolve(bytes));
    hmi.end(request);
  });
  moved.in = payload.length + Buffer.byteLength(request);
  moved.out = payload.length + received;
  await server.flushUsage();
  client.ws.close();
  await client.closed;
});

afterAll(async () => {
  await runner?.stop();
  await simulator?.close();
  await browser?.close();
  await server?.stop();
});

const shot = (page: Page, name: string) => settledScreenshot(page, `usage-${name}`);

/** The exact byte count a figure stands for (its text is rounded: "1.2 MB"). */
const bytesOf = async (page: Page, selector: string) =>
  Number(await page.locator(selector).first().getAttribute('data-bytes'));

describe('data usage', () => {
  it.each([1280, 600])('shows the bytes a tunnel moved, per day and agent, at %i px', async (width) => {
    const context = await server.signedInContext(browser, admin, { width, height: 900 });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.baseUrl}/usage`);
    await page.getByRole('heading', { name: 'Data usage', level: 1 }).waitFor();
    await page.getByTestId('usage-total-total').waitFor();

    expect(await bytesOf(page, '[data-testid=usage-total-in] [data-bytes]')).toBe(moved.in);
    expect(await bytesOf(page, '[data-testid=usage-total-out] [data-bytes]')).toBe(moved.out);
    expect(await bytesOf(page, '[data-testid=usage-total-total] [data-bytes]')).toBe(moved.in + moved.out);
    // Human units, the exact count on hover.
    const total = page.locator('[data-testid=usage-total-total] [data-bytes]');
    expect(await total.textContent()).toBe(`${((moved.in + moved.out) / 1e6).toFixed(1)} MB`);
    expect(await total.getAttribute('title')).toBe(
      `${new Intl.NumberFormat('en').format(moved.in + moved.out)} bytes`,
    );

    const row = page.locator(`tr[data-agent="${agentPublicId}"]`);
    await row.getByText('Packaging line').waitFor();
    const cells = row.locator('[data-bytes]');
    expect(
      await cells.evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-bytes')))),
    ).toEqual([moved.in, moved.out, moved.in + moved.out]);
    await page.getByRole('heading', { name: 'Top agents' }).waitFor();
    await page.getByRole('img', { name: /^Bytes per day from / }).waitFor();
    // The chart is drawn (SVG bars), and its figures exist as a table too.
    await page.locator('[role=img] svg path').first().waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Show the daily figures' }).click();
    const today = new Date().toISOString().slice(0, 10);
    const todayRow = page
      .getByRole('table', { name: 'Bytes per day' })
      .getByRole('row', { name: new RegExp(today) });
    expect(
      await todayRow
        .locator('[data-bytes]')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-bytes'))),
    ).toEqual([String(moved.in), String(moved.out), String(moved.in + moved.out)]);

    await shot(page, `usage-${width}`);
    await expectAccessible(page);

    // The CSV download holds the same numbers.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^data-usage-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    expect(text).toContain(
      `${today},${agentPublicId},Packaging line,${moved.in},${moved.out},${moved.in + moved.out}\r\n`,
    );

    // A custom period: the date pickers, checked like the server checks them.
    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByRole('group', { name: 'From' }).waitFor();
    await shot(page, `usage-custom-${width}`);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await page.getByRole('group', { name: 'From' }).waitFor({ state: 'detached' });

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows an empty state without traffic, sits in COMPANY between Translations and Audit trail, and is closed without dataUsage.use', async () => {
    const quiet = await server.newAdministrator('Quentin Quiet');
    const context = await server.signedInContext(browser, quiet, { width: 1280, height: 800 });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/usage`);
    await page.getByText('No traffic in this period.', { exact: false }).waitFor();
    await shot(page, 'usage-empty-1280');
    await expectAccessible(page);
    const links = await page.getByRole('navigation').getByRole('link').allTextContents();
    const at = (label: string) => links.findIndex((text) => text.includes(label));
    expect(at('Translations')).toBeLessThan(at('Data usage'));
    expect(at('Data usage')).toBeLessThan(at('Audit trail'));
    await context.close();

    const member = await server.newMember(admin, ['auditLogs.use'], 'Nora Nousage');
    const memberContext = await server.signedInContext(browser, member, { width: 1280, height: 800 });
    const memberPage = await memberContext.newPage();
    await memberPage.goto(`${server.baseUrl}/usage`);
    await memberPage.getByText('Not allowed').first().waitFor();
    expect(await memberPage.getByRole('link', { name: 'Data usage' }).count()).toBe(0);
    await memberContext.close();
  });

  it("follows the company's dark branding (chart colours from the theme)", async () => {
    const dark = await server.newAdministrator('Dana Dark');
    const agent = await seedAgent(server.db, dark.companyPublicId, { servers: simulator.services });
    const { company_id } = await server.db
      .selectFrom('agents')
      .select('company_id')
      .where('id', '=', agent.id)
      .executeTakeFirstOrThrow();
    const today = new Date().toISOString().slice(0, 10);
    for (const [offset, bytesIn, bytesOut] of [
      [0, 2_500_000, 900_000],
      [-1, 400_000, 3_100_000],
      [-3, 1_200_000, 1_200_000],
    ] as const) {
      const day = new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
      const bytes = bytesIn + bytesOut;
      await server.db
        .insertInto('company_data_usage')
        .values({ company_id, day, bytes, bytes_in: bytesIn, bytes_out: bytesOut })
        .execute();
      await server.db
        .insertInto('agent_data_usage')
        .values({ company_id, agent_id: agent.id, day, bytes_in: bytesIn, bytes_out: bytesOut })
        .execute();
    }
    const patched = await fetch(`${server.baseUrl}/api/MyCompanyBranding`, {
      method: 'PATCH',
      headers: {
        'Api-Version': '2',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${dark.token.secretId}`,
        'Api-Company': dark.companyPublicId,
      },
      body: JSON.stringify({ theme: { primaryColor: '#90caf9', secondaryColor: '#ffb300', mode: 'dark' } }),
    });
    expect(patched.status).toBe(200);
    const context = await server.signedInContext(browser, dark, { width: 1280, height: 900 });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/usage`);
    await page.getByTestId('usage-total-total').waitFor();
    await page.locator('[role=img] svg path').first().waitFor({ state: 'attached' });
    expect(await bytesOf(page, '[data-testid=usage-total-total] [data-bytes]')).toBe(9_300_000);
    await shot(page, 'usage-dark-1280');
    // The shell's letter avatars keep their light-mode colours in dark mode (not this screen's).
    const violations = await seriousA11yViolations(page);
    expect(
      violations.filter(
        (violation) => !/^color-contrast .*— [^,]*MuiAvatar[^,]*(, [^,]*MuiAvatar[^,]*)*$/.test(violation),
      ),
    ).toEqual([]);
    await context.close();
  });
});
