import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import type { Agent } from '@fleetgate/contracts';
import { callApi } from './support/api.ts';
import { collectPageErrors } from './support/browser.ts';
import { useShellWorld } from './support/shell-server.ts';

const world = useShellWorld();

/** Holds the page's calls matching `pattern` and `method` until the test lets each one through. */
async function holdCalls(page: Page, pattern: string, method: string) {
  const held: Route[] = [];
  const waiting: ((route: Route) => void)[] = [];
  await page.route(pattern, (route) => {
    if (route.request().method() !== method) return route.fallback();
    const next = waiting.shift();
    if (next) next(route);
    else held.push(route);
  });
  return {
    /** The next held call, once the page has made it. */
    next: () =>
      new Promise<Route>((resolve) => (held.length > 0 ? resolve(held.shift()!) : waiting.push(resolve))),
  };
}

describe('Optimistic updates', () => {
  it('show service edits and deletes before the server answers, and undo what it refuses', async () => {
    const admin = await world.server.newAdministrator('Optimist');
    await callApi<Agent>(world.server, admin, 'POST', 'AgentList', {
      name: 'Press line 9',
      servers: [
        { name: 'HMI', host: '192.168.9.10', port: 8080 },
        { name: 'PLC', host: '192.168.9.11', port: 502 },
      ],
    });
    const context = await world.server.signedInContext(world.browser, admin);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${world.server.baseUrl}/agents`);
    // Behind an open dialog the page is hidden from assistive technology: read it by its text.
    const services = page.locator('article').filter({ hasText: 'Press line 9' }).locator('ul');
    await services.getByText('HMI', { exact: true }).waitFor();

    const patches = await holdCalls(page, '**/api/AgentServer/*', 'PATCH');
    const deletes = await holdCalls(page, '**/api/AgentServer/*', 'DELETE');

    // An edit shows in the list while the server has not answered yet.
    await page.getByRole('button', { name: 'Edit service HMI' }).click();
    let dialog = page.getByRole('dialog', { name: 'Edit service' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('HMI panel');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const patch = await patches.next();
    await services.getByText('HMI panel', { exact: true }).waitFor();
    await patch.continue();
    await dialog.waitFor({ state: 'detached' });
    await services.getByText('HMI panel', { exact: true }).waitFor();

    // Refused: the list goes back to what the server has, and the form says why.
    await page.getByRole('button', { name: 'Edit service PLC' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit service' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('HMI panel');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const refused = await patches.next();
    await services.getByText('HMI panel', { exact: true }).nth(1).waitFor();
    await refused.continue();
    await dialog.getByText('This name is already in use').waitFor();
    await services.getByText('PLC', { exact: true }).waitFor();
    expect(await services.getByText('HMI panel', { exact: true }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // A delete takes the service away at once.
    await page.getByRole('button', { name: 'Delete service PLC' }).click();
    await page
      .getByRole('dialog', { name: 'Delete service?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    const removal = await deletes.next();
    await services.getByText('PLC', { exact: true }).waitFor({ state: 'detached' });
    await removal.continue();
    await page.getByText('Service deleted').waitFor();
    expect(await services.getByText('PLC', { exact: true }).count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});
