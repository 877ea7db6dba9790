import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import WebSocket from 'ws';
import type { AgentEnrolment } from '@fleetgate/contracts';
import { collectPageErrors, settledScreenshot } from './support/browser.ts';
import { callApi } from './support/api.ts';
import { type SignedIn, useShellWorld } from './support/shell-server.ts';
import { expectAccessible } from './support/axe.ts';

const world = useShellWorld();

const api = <T>(user: SignedIn, method: string, rel: string, body?: unknown) =>
  callApi<T>(world.server, user, method, rel, body);

const card = (page: Page, name: string) => page.getByRole('article', { name });
const field = (dialog: Locator, name: string) => dialog.getByRole('textbox', { name, exact: true });

/** Enrols like the agent does with the console's token, then attaches to the relay as it. */
async function attachAgent(token: string): Promise<WebSocket> {
  const response = await fetch(`${world.server.baseUrl}/api/AgentEnrolment`, {
    method: 'POST',
    headers: { 'Api-Version': '2', 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (response.status !== 201) throw new Error(`enrolment: ${response.status} ${await response.text()}`);
  const { credential, relayUrl } = ((await response.json()) as { data: AgentEnrolment }).data;
  const socket = new WebSocket(relayUrl, { headers: { Authorization: `Bearer ${credential}` } });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}

describe('Agents screen', () => {
  it('adds an agent with services, enrols it, shows it online live, resets its rate limit and deletes it', async () => {
    const admin = await world.server.newAdministrator('Agents Admin');
    const groupType = await api<{ publicId: string }>(admin, 'POST', 'GroupTypeList', {
      name: 'Hall',
      color: '#546e7a',
    });
    await api(admin, 'POST', 'GroupList', { name: 'Hall B', groupType: { publicId: groupType.publicId } });
    const context = await world.server.signedInContext(world.browser, admin);
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto(`${world.server.baseUrl}/agents`);
    await page.getByRole('heading', { level: 1, name: 'Agents' }).waitFor();
    await page.getByText('No agents yet.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Agents' }).waitFor();
    await settledScreenshot(page, 'agents-empty');
    await expectAccessible(page);

    // Add an agent, locked for VPN, in a group.
    await page.getByRole('button', { name: 'Add agent' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add agent' });
    await field(dialog, 'Name').fill('x');
    await field(dialog, 'Name').fill('');
    await dialog.getByText('Required', { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true);
    await field(dialog, 'Name').fill('Press line 4');
    await dialog.getByRole('checkbox', { name: 'Lock VPN access' }).check();
    await dialog.getByRole('combobox', { name: 'Groups' }).click();
    await page.getByRole('option', { name: 'Hall B' }).click();
    await settledScreenshot(page, 'agents-add-dialog');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Agent added').waitFor();
    await dialog.waitFor({ state: 'detached' });
    let agent = card(page, 'Press line 4');
    await agent.getByText('VPN locked').waitFor();
    await agent.getByText('Hall B').waitFor();
    await agent.getByRole('status').getByText('Not enrolled').waitFor();

    // Its services: validation, add, edit, delete.
    await agent.getByRole('button', { name: 'Add service: Press line 4' }).click();
    dialog = page.getByRole('dialog', { name: 'Add service' });
    await field(dialog, 'Name').fill('HMI');
    await field(dialog, 'Host').fill('http://192.168.10.20');
    await dialog.getByText('Enter a host name or IP address without scheme or port').waitFor();
    await field(dialog, 'Port').fill('99999');
    await dialog.getByText('Enter a port from 1 to 65535').waitFor();
    expect(await dialog.getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true);
    await settledScreenshot(page, 'agents-service-validation');
    await expectAccessible(page);
    await field(dialog, 'Host').fill('192.168.10.20');
    await field(dialog, 'Port').fill('8080');
    await field(dialog, 'Service group (optional)').fill('Line 1');
    await dialog.getByRole('checkbox', { name: 'Requires access approval' }).check();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Service added').waitFor();
    await agent.getByText('192.168.10.20:8080').waitFor();
    await agent.getByText('Needs approval').waitFor();
    await agent.getByText('Line 1').waitFor();

    await agent.getByRole('button', { name: 'Edit service HMI' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit service' });
    expect(await field(dialog, 'Port').inputValue()).toBe('8080');
    await field(dialog, 'Port').fill('8081');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Service saved').waitFor();
    await agent.getByText('192.168.10.20:8081').waitFor();

    await agent.getByRole('button', { name: 'Add service: Press line 4' }).click();
    dialog = page.getByRole('dialog', { name: 'Add service' });
    await field(dialog, 'Name').fill('PLC');
    await field(dialog, 'Host').fill('plc.local');
    await field(dialog, 'Port').fill('502');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await agent.getByText('plc.local:502').waitFor();
    await agent.getByRole('button', { name: 'Delete service PLC' }).click();
    const confirmServer = page.getByRole('dialog', { name: 'Delete service?' });
    await confirmServer.getByText('“PLC” can no longer be reached through this agent.').waitFor();
    await confirmServer.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Service deleted').waitFor();
    await agent.getByText('plc.local:502').waitFor({ state: 'detached' });

    // Edit the agent: rename and stealth mode.
    await page.getByRole('button', { name: 'Edit Press line 4' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit agent' });
    expect(await dialog.getByRole('checkbox', { name: 'Lock VPN access' }).isChecked()).toBe(true);
    await field(dialog, 'Name').fill('Press line 5');
    await dialog.getByRole('checkbox', { name: 'Stealth mode (tunnel over TLS)' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Agent saved').waitFor();
    agent = card(page, 'Press line 5');
    await agent.getByText('Stealth mode').waitFor();

    // Enrol: the command is shown once, with its expiry.
    await agent.getByRole('button', { name: 'Enrol Press line 5' }).click();
    dialog = page.getByRole('dialog', { name: 'Enrol Press line 5' });
    const command = (await dialog.getByText(/^fleetgate-agent enroll /).innerText()).trim();
    expect(command).toMatch(/^fleetgate-agent enroll --server http:\/\/127\.0\.0\.1:\d+ --token=\S{20,}$/);
    await dialog.getByText(/^Valid until /).waitFor();
    await settledScreenshot(page, 'agents-enrol-dialog');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The device enrols and attaches: the console turns it online and offline without a reload.
    const socket = await attachAgent(command.split(' --token=')[1]!);
    await agent.getByRole('status').getByText('Online').waitFor();
    await settledScreenshot(page, 'agents-online');
    await expectAccessible(page);
    socket.close();
    await agent.getByRole('status').getByText('Offline').waitFor();

    // A hard rate limit shows with a reset.
    await world.server.db
      .updateTable('agents')
      .set({ rate_limit: 'hard', rate_limit_counter: 12, rate_limit_last_hit: new Date() })
      .where('name', '=', 'Press line 5')
      .execute();
    await page.reload();
    await agent.getByText('Stopped trying after 12 attempts until the limit is reset').waitFor();
    await settledScreenshot(page, 'agents-rate-limited');
    await expectAccessible(page);
    await agent.getByRole('button', { name: 'Reset Press line 5' }).click();
    await page.getByText('Rate limit reset').waitFor();
    await agent.getByText('Stopped trying', { exact: false }).waitFor({ state: 'detached' });

    // Narrow screens keep everything reachable.
    await page.setViewportSize({ width: 600, height: 900 });
    await settledScreenshot(page, 'agents-list-600');
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Delete Press line 5' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete agent?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Agent deleted').waitFor();
    await page.getByText('No agents yet.', { exact: false }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('is not offered to users who may not manage agents', async () => {
    const admin = await world.server.newAdministrator('Agents Owner');
    const member = await world.server.newMember(admin, ['agents.connect'], 'Connector');
    const context = await world.server.signedInContext(world.browser, member);
    const page = await context.newPage();
    await page.goto(`${world.server.baseUrl}/agents`);
    await page.getByText('Page not allowed for your role in this company.').waitFor();
    expect(await page.getByRole('link', { name: 'Agents' }).count()).toBe(0);
    await context.close();
  });
});
