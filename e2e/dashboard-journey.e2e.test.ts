import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { activationPayload, type ReportJob } from '@fleetgate/contracts';
import { startSimulator, type Simulator } from '../apps/agent/src/simulator.ts';
import { periodText } from '../apps/server/src/modules/reports/report-pdf.ts';
import { expectAccessible } from './support/axe.ts';
import { settledScreenshot } from './support/browser.ts';
import { snackbar } from './support/console.ts';
import { pdfText, startLoggingAgent, type LoggingAgent } from './support/data-agent.ts';
import { callApi, openAs } from './support/devices.ts';
import { expectFitsWindow, loadingFinished } from './support/layout.ts';
import { useShellWorld } from './support/shell-server.ts';

const world = useShellWorld();
let simulator: Simulator;
const loggingAgents: LoggingAgent[] = [];

beforeAll(async () => {
  simulator = await startSimulator('Press line 4 PLC');
});

// Registered after the world's hooks, so the agent and the simulator stop before the server.
afterAll(async () => {
  await Promise.all(loggingAgents.map((agent) => agent.stop()));
  await simulator?.close();
});

/**
 * Screenshots of a screen at 1280 and 600 px, each checked with axe once it fits the window and
 * has finished loading; the page is left at 1280 px.
 */
async function shootBoth(page: Page, name: string) {
  for (const width of [600, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top: a full-page shot of a scrolled window draws the fixed app bar mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    // Nothing wider than the window: what would stick out is named.
    await expectFitsWindow(page);
    // A screen relaid for the new width may mount parts that load first (a chart's code, a query).
    await loadingFinished(page);
    await settledScreenshot(page, `journey-${name}-${width}`);
    await expectAccessible(page);
  }
}

/** Picks `option` in the Material select labelled `label` (inside `scope`). */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('dashboard journey', () => {
  it('logs the simulator’s Modbus values, builds and publishes a dashboard, raises an alarm and downloads a PDF report', async () => {
    const { server, browser } = world;
    // The machine starts without an alarm (also when the test is retried).
    simulator.machine.setAlarm(false);
    const device = 'Press line 4';
    const title = 'Press line 4 overview';

    // A company with the apps, an engineer, and the device's real agent sampling the simulator.
    const admin = await server.newAdministrator('Ada Admin');
    for (const app of ['dataLogging', 'alarming', 'reports'])
      await callApi(server, admin, 'POST', `AppInstall/${app}`);
    const engineer = await server.newMember(
      admin,
      ['agents.connect', 'alarms.acknowledge', 'reports.use'],
      'Eve Engineer',
    );
    const loggingAgent = await startLoggingAgent(server, admin, simulator, device);
    loggingAgents.push(loggingAgent);
    const agentId = loggingAgent.agent.publicId;
    const trial = activationPayload(agentId, { trial: true });
    await callApi(server, admin, 'POST', 'AgentAppLoggingListActivate', trial);
    await callApi(server, admin, 'POST', 'AgentAppAlarmingListActivate', trial);

    // The administrator adds the Modbus data source and the simulator's tags in the console.
    const adminView = await openAs(server, browser, admin, 1280, '/agents');
    const page = adminView.page;
    const card = page.getByRole('article', { name: device });
    const logging = card.getByRole('region', { name: 'Data logging', exact: true });
    await logging.getByText('Activated').waitFor();
    await logging.getByRole('button', { name: `Add data source to ${device}` }).click();
    const sourceDialog = page.getByRole('dialog', { name: 'Add data source' });
    await sourceDialog.getByRole('textbox', { name: 'Name' }).fill('Press PLC');
    const service = sourceDialog.getByRole('combobox', { name: 'Service' });
    const modbus = await service.locator('option', { hasText: 'modbus' }).getAttribute('value');
    await service.selectOption(modbus);
    await sourceDialog.getByRole('button', { name: 'Add', exact: true }).click();
    await snackbar(page, 'Data source “Press PLC” added.').waitFor();
    await logging.getByRole('button', { name: 'Add the simulator’s tags (6)' }).click();
    await snackbar(page, '6 tags added.').waitFor();
    // The config reaches the agent over the relay; its samples come back as live values.
    const tags = logging.getByRole('table', { name: 'Tags' });
    await tags
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Temperature', exact: true }) })
      .getByText(/\d/)
      .first()
      .waitFor({ timeout: 30_000 });
    await logging.getByText('Collecting', { exact: true }).waitFor();

    // An alarm condition on the simulator's alarm bit.
    const conditions = card.getByRole('region', { name: 'Alarm conditions' });
    await conditions.getByRole('button', { name: `Add condition to ${device}` }).click();
    const conditionDialog = page.getByRole('dialog', { name: 'Add alarm condition' });
    await conditionDialog.getByRole('textbox', { name: 'Name' }).fill('Machine alarm');
    await choose(page, conditionDialog, 'Tag', 'Alarm');
    await choose(page, conditionDialog, 'Condition', 'Value equals the threshold');
    await conditionDialog.getByRole('textbox', { name: 'Threshold' }).fill('1');
    await conditionDialog.getByRole('button', { name: 'Save' }).click();
    await snackbar(page, 'Alarm condition saved').waitFor();
    await conditions.getByText('Machine alarm').waitFor();
    await shootBoth(page, 'agent-data-logging');

    // A new dashboard: a line chart of the temperature, the current pressure and the alarm list.
    await page.goto(`${server.baseUrl}/pages`);
    await page.getByRole('heading', { level: 1, name: 'Dashboards' }).waitFor();
    await page.getByRole('button', { name: 'New page' }).click();
    const create = page.getByRole('dialog', { name: 'New page' });
    await create.getByRole('textbox', { name: 'Title' }).fill(title);
    await create.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 1, name: `Edit “${title}”` }).waitFor();
    await page.getByRole('button', { name: 'Page settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Page settings' });
    await choose(page, settings, 'Preview device', device);
    await settings.getByRole('button', { name: 'Apply' }).click();
    await settings.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Devices', exact: true }).click();
    const devices = page.getByRole('dialog', { name: 'Devices of this page' });
    await devices.getByRole('combobox', { name: 'Devices' }).click();
    await page.getByRole('option', { name: device, exact: true }).click();
    await devices.getByRole('button', { name: 'Save' }).click();
    await snackbar(page, 'Devices saved').waitFor();
    await devices.waitFor({ state: 'detached' });
    const components: { kind: string; title: string; tag?: string }[] = [
      { kind: 'Line chart', title: 'Temperature', tag: 'Temperature' },
      { kind: 'Current value', title: 'Pressure now', tag: 'Pressure' },
      { kind: 'Alarm list', title: 'Alarms' },
    ];
    for (const component of components) {
      await page.getByRole('button', { name: 'Add component' }).click();
      const add = page.getByRole('dialog', { name: 'Add component' });
      await choose(page, add, 'Kind', component.kind);
      await add.getByRole('textbox', { name: 'Title' }).fill(component.title);
      if (component.tag) {
        await add.getByRole('combobox', { name: 'Tags' }).click();
        await page.getByRole('option', { name: component.tag, exact: true }).click();
        // Closes the list (Escape would close the dialog as well).
        await add.getByRole('heading', { name: 'Add component' }).click();
      }
      await add.getByRole('button', { name: 'Add', exact: true }).click();
      await add.waitFor({ state: 'detached' });
    }
    await page.getByText('Saved', { exact: true }).waitFor();
    await page
      .getByText(/\d\s*mbar/)
      .first()
      .waitFor({ timeout: 15_000 });
    await shootBoth(page, 'builder');
    await page.getByRole('button', { name: 'Publish' }).click();
    await snackbar(page, 'Page published').waitFor();
    expect(adminView.errors).toEqual([]);
    await adminView.close();

    // The engineer opens the device: live values, the dashboard, and the alarm as it is raised.
    const engineerView = await openAs(server, browser, engineer, 1280, `/devices/${agentId}`);
    const view = engineerView.page;
    const live = view.getByRole('region', { name: 'Live values' });
    await live.getByRole('rowheader', { name: 'Temperature' }).waitFor();
    await live.getByText(/°C/).first().waitFor();
    const alarms = view.getByRole('region', { name: 'Alarms', exact: true });
    await alarms.getByText('No open alarms.').waitFor();
    const hmi = simulator.services.find((one) => one.name === 'hmi')!;
    const tripped = await fetch(`http://127.0.0.1:${hmi.port}/api/alarm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ on: true }),
    });
    expect(tripped.status).toBeLessThan(300);
    await alarms.getByRole('row').filter({ hasText: 'Machine alarm' }).first().waitFor({ timeout: 20_000 });
    await alarms.getByText('Active', { exact: true }).first().waitFor();
    await shootBoth(view, 'device');

    await view.getByRole('region', { name: 'Dashboards' }).getByRole('link', { name: title }).click();
    await view.getByRole('heading', { level: 1, name: title }).waitFor();
    await view
      .getByText(/\d\s*mbar/)
      .first()
      .waitFor();
    await view.getByText('Machine alarm').first().waitFor();
    await shootBoth(view, 'viewer');

    // The alarm is in the engineer's inbox too.
    await view.goto(`${server.baseUrl}/messages`);
    await view.getByText(`Machine alarm on ${device}`, { exact: false }).first().waitFor();

    // A PDF report of the last hour, queued from the device page and downloaded when done.
    await view.goto(`${server.baseUrl}/devices/${agentId}`);
    const reports = view.getByRole('region', { name: 'Reports', exact: true });
    await reports.getByRole('button', { name: 'Queue report' }).click();
    const queue = view.getByRole('dialog', { name: 'Queue report' });
    await choose(view, queue, 'Report page', title);
    await choose(view, queue, 'Period', 'Last hour');
    await queue.getByRole('button', { name: 'Queue', exact: true }).click();
    await snackbar(view, 'Report queued').waitFor();
    await reports.getByText('Done', { exact: true }).waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([
      view.waitForEvent('download'),
      reports.getByRole('button', { name: 'Download' }).click(),
    ]);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const [job] = await callApi<ReportJob[]>(server, engineer, 'POST', `AgentQueueReportList/${agentId}`, {});
    const text = pdfText(pdf);
    expect(text).toContain(title);
    expect(text).toContain(periodText(new Date(job!.start), new Date(job!.end), job!.timeZone));
    expect(new Date(job!.end).getTime() - new Date(job!.start).getTime()).toBe(3_600_000);
    expect(engineerView.errors).toEqual([]);
    await engineerView.close();
  }, 180_000);

  it('runs a backend component on the simulator’s temperature: a °F tag on a dashboard, and its log', async () => {
    const { server, browser } = world;
    const device = 'Boiler 2';
    const admin = await server.newAdministrator('Fay Functions');
    for (const app of ['dataLogging', 'backendComponents'])
      await callApi(server, admin, 'POST', `AppInstall/${app}`);
    const loggingAgent = await startLoggingAgent(server, admin, simulator, device);
    loggingAgents.push(loggingAgent);
    const agentId = loggingAgent.agent.publicId;
    await callApi(
      server,
      admin,
      'POST',
      'AgentAppLoggingListActivate',
      activationPayload(agentId, { trial: true }),
    );
    // The Modbus source and the simulator's temperature, as the agent card would add them.
    const modbus = await server.db
      .selectFrom('agent_servers')
      .select('public_id as publicId')
      .where('agent_id', '=', loggingAgent.agent.id)
      .where('name', '=', 'modbus')
      .executeTakeFirstOrThrow();
    const source = await callApi<{ publicId: string }>(
      server,
      admin,
      'POST',
      `AgentDataSourceList/${agentId}`,
      {
        name: 'Boiler PLC',
        kind: 'modbus',
        server: { publicId: modbus.publicId },
      },
    );
    await callApi(server, admin, 'POST', `AgentTagList/${agentId}`, {
      dataSource: { publicId: source.publicId },
      name: 'Temperature',
      address: 'hr:0',
      dataType: 'int16',
      scale: 0.1,
      unit: '°C',
    });

    // The example template converts the temperature to °F; it is subscribed to the device's samples.
    const view = await openAs(server, browser, admin, 1280, '/backend-components');
    const page = view.page;
    await page.getByRole('button', { name: 'Add template' }).click();
    await page.getByRole('heading', { level: 1, name: 'New template' }).waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Fahrenheit');
    await page.getByRole('button', { name: 'Create template' }).click();
    await snackbar(page, 'Template created').waitFor();
    const subscriptions = page.getByRole('region', { name: 'Message subscriptions' });
    await subscriptions.getByRole('button', { name: 'Add subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add subscription' });
    await choose(page, dialog, 'Message', 'Tag samples');
    await choose(page, dialog, 'Device', device);
    await dialog.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: 'Temperature', exact: true }).click();
    await dialog.getByRole('heading', { name: 'Add subscription' }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await subscriptions.getByText('Tag samples').first().waitFor();
    await shootBoth(page, 'function');

    // A dashboard of the device shows the derived tag's current value.
    const dashboard = await callApi<{ publicId: string }>(server, admin, 'POST', 'PageList', {
      title: 'Boiler in °F',
      agents: [{ publicId: agentId }],
    });
    const draft = await callApi<{ publicId: string }>(
      server,
      admin,
      'POST',
      `PageVersionList/${dashboard.publicId}`,
      {},
    );
    await callApi(server, admin, 'PATCH', `PageVersion/${draft.publicId}`, {
      components: [
        {
          id: 'f',
          kind: 'value',
          title: 'Temperature in °F',
          x: 0,
          y: 0,
          w: 6,
          h: 3,
          tags: [{ name: 'Temperature °F' }],
        },
      ],
    });
    await callApi(server, admin, 'POST', `PageDraft/${dashboard.publicId}`, { publicId: dashboard.publicId });
    await page.goto(`${server.baseUrl}/devices/${agentId}`);
    const live = page.getByRole('region', { name: 'Live values' });
    await live.getByRole('rowheader', { name: 'Temperature °F' }).waitFor({ timeout: 30_000 });
    await page
      .getByRole('region', { name: 'Dashboards' })
      .getByRole('link', { name: 'Boiler in °F' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Boiler in °F' }).waitFor();
    const card = page
      .locator('.MuiCard-root')
      .filter({ has: page.getByRole('heading', { name: 'Temperature in °F' }) });
    // The template names the unit, so the value reads e.g. “72.5 °F”.
    const value = card.getByText(/^-?[\d,]+(\.\d+)? °F$/);
    await value.waitFor({ timeout: 15_000 });
    const fahrenheit = Number((await value.innerText()).replace(/[,°F\s]/g, ''));
    // The simulator's boiler runs at room temperature and above: well over 32 °F.
    expect(fahrenheit).toBeGreaterThan(32);
    await shootBoth(page, 'function-dashboard');

    // Its log, as a file.
    await page.goto(`${server.baseUrl}/backend-components`);
    await page
      .getByRole('article', { name: 'Fahrenheit' })
      .getByRole('link', { name: 'Open Fahrenheit' })
      .click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download logs' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('cloud-function.log');
    const log = await readFile(await download.path(), 'utf8');
    expect(log).toMatch(/°C is \d+(\.\d)? °F/);
    expect(view.errors).toEqual([]);
    await view.close();
  }, 180_000);
});
