import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { registerThroughApi, uniqueAccount, type Account } from './support/accounts.ts';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let outboxDir: string;

beforeAll(async () => {
  // The server runs without SMTP, so invitations land in this outbox as .eml files.
  outboxDir = await mkdtemp(path.join(tmpdir(), 'fleetgate-outbox-'));
  process.env.OUTBOX_DIR = outboxDir;
  server = await startServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  delete process.env.OUTBOX_DIR;
  if (outboxDir) await rm(outboxDir, { recursive: true, force: true });
});

type Session = { token: string; company: string };

async function api(method: string, rel: string, session: Partial<Session>, body?: unknown) {
  const headers: Record<string, string> = { 'Api-Version': '2' };
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  if (session.company) headers['Api-Company'] = session.company;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}/api/${rel}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: unknown };
  if (!response.ok) throw new Error(`${method} ${rel}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

async function tokenOf(account: Account): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/AccessTokenList`, {
    method: 'POST',
    headers: {
      'Api-Version': '2',
      'Content-Type': 'application/json',
      Authorization: `Basic ${Buffer.from(`${account.emailAddress}::${account.password}`).toString('base64')}`,
    },
    body: JSON.stringify({ expiresIn: 3600 }),
  });
  return ((await response.json()) as { data: { secretId: string } }).data.secretId;
}

/** A registered administrator of a new company, and a session to set things up through the API. */
async function adminWithCompany(label: string) {
  const account = uniqueAccount(label);
  await registerThroughApi(server.baseUrl, account);
  const token = await tokenOf(account);
  const name = `${label} Works ${account.emailAddress.slice(-20, -12)}`;
  const company = (await api('POST', 'CompanyList', { token }, { name })) as {
    publicId: string;
    role: { publicId: string };
  };
  return {
    account,
    companyName: name,
    session: { token, company: company.publicId },
    adminRole: company.role,
  };
}

async function openPage(width: number): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript({ content: recordSnackbars });
  const page = await context.newPage();
  return { page, errors: collectPageErrors(page) };
}

async function logIn(page: Page, account: Account) {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('E-mail address').fill(account.emailAddress);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('banner').waitFor();
}

/** A screenshot once dialogs, menus and snack-bars have finished moving. */
async function shot(page: Page, name: string) {
  await page.evaluate(settleAnimations);
  await screenshot(page, name);
}

function snackbar(page: Page, text: string): Locator {
  return page.locator('.MuiSnackbar-root').filter({ hasText: text });
}

// These run inside the page, so they are plain JavaScript strings (this file has no DOM types).

/** Waits for dialogs, menus and snack-bars to finish moving; endless ones (progress bars) are skipped. */
const settleAnimations = `Promise.race([
  Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => undefined))),
  new Promise((resolve) => setTimeout(resolve, 2000)),
]).then(() => undefined)`;

/**
 * Records in the page when each snack-bar message appears and when it is gone, so durations
 * are measured on the page's own clock, not delayed by the test runner's polling.
 */
const recordSnackbars = `(() => {
  const log = [];
  window.snackbarLog = log;
  const check = () => {
    const now = performance.now();
    const present = [...document.querySelectorAll('.MuiSnackbar-root')].map((e) => e.textContent ?? '');
    for (const text of present) {
      if (!log.some((entry) => entry.text === text && entry.gone === undefined)) log.push({ text, shown: now });
    }
    for (const entry of log) if (entry.gone === undefined && !present.includes(entry.text)) entry.gone = now;
  };
  document.addEventListener('DOMContentLoaded', () => {
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
  });
})()`;

/** How long the last snack-bar message containing `text` was on screen. */
async function shownForMs(page: Page, text: string): Promise<number> {
  const handle = await page.waitForFunction(
    `(() => {
      const entry = window.snackbarLog.findLast((e) => e.text.includes(${JSON.stringify(text)}));
      return entry?.gone === undefined ? null : entry.gone - entry.shown;
    })()`,
    undefined,
    { timeout: 10_000, polling: 100 },
  );
  return (await handle.jsonValue()) as number;
}

function memberRow(page: Page, name: string): Locator {
  return page.getByRole('list', { name: 'Members' }).getByRole('listitem', { name });
}

async function chooseOption(page: Page, field: Locator, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function mailsTo(address: string): Promise<string[]> {
  const names = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml'));
  const texts = await Promise.all(names.map((name) => readFile(path.join(outboxDir, name), 'utf8')));
  return texts.filter((text) => text.toLowerCase().includes(`to: ${address.toLowerCase()}`));
}

describe.each([1280, 600])('users at %i px', (width) => {
  it('invites a new address; the invitee registers, rejects one invite, accepts the other and has its rights', async () => {
    const admin = await adminWithCompany('Inviter');
    await api('POST', 'RoleList', admin.session, { name: 'User manager', capabilities: ['users.invite'] });
    const invitee = uniqueAccount('Invitee');
    // A second company invites the same address, to be rejected.
    const other = await adminWithCompany('Other');
    await api('POST', 'UserInviteList', other.session, {
      emailAddress: invitee.emailAddress,
      role: { publicId: other.adminRole.publicId },
    });

    const { page, errors } = await openPage(width);
    await logIn(page, admin.account);
    await page.goto(`${server.baseUrl}/users`);
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await memberRow(page, admin.account.name).waitFor();
    await page.getByText('No invitations are waiting for an answer.').waitFor();
    await shot(page, `users-list-${width}`);

    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a user' });
    await dialog.waitFor();
    const send = dialog.getByRole('button', { name: 'Send invitation' });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel('E-mail address').fill('not-an-address');
    await dialog.getByLabel('E-mail address').blur();
    await dialog.getByText('Enter a valid e-mail address').waitFor();
    await dialog.getByLabel('E-mail address').fill(invitee.emailAddress);
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Role' }), 'User manager');
    await shot(page, `users-invite-dialog-${width}`);
    await send.click();
    await snackbar(page, `Invitation sent to ${invitee.emailAddress}`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const inviteRow = page.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem', {
      name: invitee.emailAddress,
    });
    await inviteRow.getByText(/^User manager · invited by /).waitFor();
    await shot(page, `users-invited-${width}`);

    // Inviting a member again is refused with the server's reason on the form.
    await page.getByRole('button', { name: 'Invite user' }).click();
    await dialog.getByLabel('E-mail address').fill(admin.account.emailAddress);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('This person is already a member of the company').waitFor();
    await shot(page, `users-invite-refused-${width}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const mails = await mailsTo(invitee.emailAddress);
    expect(mails).toHaveLength(2);
    const mail = mails.find((text) => text.includes(admin.companyName));
    expect(mail).toContain(`Subject: Invitation to join ${admin.companyName} on Fleetgate`);
    expect(mail).toContain(`${server.baseUrl}/my-companies`);

    // The invitee creates an account with the invited address and finds both invitations.
    const guest = await openPage(width);
    await guest.page.goto(`${server.baseUrl}/register`);
    await guest.page.getByLabel('Full name').fill(invitee.name);
    await guest.page.getByLabel('E-mail address').fill(invitee.emailAddress);
    await guest.page.getByLabel('Password', { exact: true }).fill(invitee.password);
    await guest.page.getByRole('button', { name: 'Create account' }).click();
    await guest.page.waitForURL(`${server.baseUrl}/my-companies`);
    const invitations = guest.page.getByRole('list', { name: 'Invitations' });
    const mine = invitations.getByRole('listitem', { name: admin.companyName });
    const theirs = invitations.getByRole('listitem', { name: other.companyName });
    await mine.getByText(`${admin.account.name} invited you as User manager`).waitFor();
    await theirs.getByText(`${other.account.name} invited you as Administrator`).waitFor();
    await shot(guest.page, `users-my-invitations-${width}`);

    await theirs.getByRole('button', { name: 'Reject' }).click();
    await snackbar(guest.page, `You rejected the invitation to ${other.companyName}`).waitFor();
    await theirs.waitFor({ state: 'detached' });
    await mine.getByRole('button', { name: 'Accept' }).click();
    await guest.page.waitForURL((url) => !url.pathname.startsWith('/my-companies'));
    await guest.page.getByRole('banner').waitFor();

    // The role's rights: the users screen, but not roles or access categories.
    const menu = guest.page.getByRole('navigation');
    if (width < 960) await guest.page.getByRole('button', { name: 'Toggle menu' }).click();
    await menu.getByRole('link', { name: 'Users' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Roles' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Access categories' }).count()).toBe(0);
    await guest.page.goto(`${server.baseUrl}/users`);
    await memberRow(guest.page, invitee.name).getByText('You').waitFor();
    await shot(guest.page, `users-invitee-in-company-${width}`);
    await guest.page.goto(`${server.baseUrl}/roles`);
    await guest.page.getByText('Not allowed').first().waitFor();
    expect(guest.errors).toEqual([]);
    await guest.page.context().close();

    // The administrator sees the new member and no pending invitation.
    await page.reload();
    await memberRow(page, invitee.name).waitFor();
    await page.getByText('No invitations are waiting for an answer.').waitFor();
    expect(await api('GET', 'UserInviteList', other.session)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('changes roles inline, cancels an invite, and refuses the last administrator for 3 s', async () => {
    const admin = await adminWithCompany('Last Admin');
    const viewer = (await api('POST', 'RoleList', admin.session, {
      name: 'Viewer',
      capabilities: ['auditLogs.use'],
    })) as { publicId: string };
    await api('POST', 'RoleList', admin.session, { name: 'Engineer', capabilities: ['groups.manage'] });
    const colleague = uniqueAccount('Colleague');
    await registerThroughApi(server.baseUrl, colleague);
    await api('POST', 'UserMembershipList', admin.session, {
      emailAddress: colleague.emailAddress,
      role: { publicId: viewer.publicId },
    });
    const pending = `pending-${colleague.emailAddress}`;
    await api('POST', 'UserInviteList', admin.session, {
      emailAddress: pending,
      role: { publicId: viewer.publicId },
    });

    const { page, errors } = await openPage(width);
    await logIn(page, admin.account);
    await page.goto(`${server.baseUrl}/users`);
    const colleagueRow = memberRow(page, colleague.name);
    await chooseOption(page, colleagueRow.getByRole('combobox', { name: 'Role' }), 'Engineer');
    await snackbar(page, `${colleague.name} is now Engineer`).waitFor();
    expect(await colleagueRow.getByRole('combobox', { name: 'Role' }).textContent()).toBe('Engineer');

    const ownRow = memberRow(page, admin.account.name);
    await chooseOption(page, ownRow.getByRole('combobox', { name: 'Role' }), 'Viewer');
    const message = 'A company needs at least one administrator';
    // 3 s on screen (the page's timers may fire a few milliseconds apart).
    const ms = await shownForMs(page, message);
    expect(ms).toBeGreaterThan(2900);
    expect(ms).toBeLessThan(3600);
    expect(await ownRow.getByRole('combobox', { name: 'Role' }).textContent()).toBe('Administrator');

    await ownRow.getByRole('button', { name: `Remove ${admin.account.name} from the company` }).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${admin.account.name}?` });
    await confirm.getByText(`${admin.account.name} (${admin.account.emailAddress}) loses access`).waitFor();
    await shot(page, `users-remove-confirm-${width}`);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await snackbar(page, message).waitFor();
    await confirm.waitFor({ state: 'detached' });
    await shot(page, `users-last-administrator-${width}`);
    const removeMs = await shownForMs(page, message);
    expect(removeMs).toBeGreaterThan(2900);
    expect(removeMs).toBeLessThan(3600);

    const inviteRow = page.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem', {
      name: pending,
    });
    await inviteRow.getByRole('button', { name: `Cancel the invitation of ${pending}` }).click();
    await snackbar(page, `The invitation of ${pending} was cancelled`).waitFor();
    await inviteRow.waitFor({ state: 'detached' });

    await colleagueRow.getByRole('button', { name: `Remove ${colleague.name} from the company` }).click();
    await page
      .getByRole('dialog', { name: `Remove ${colleague.name}?` })
      .getByRole('button', { name: 'Remove' })
      .click();
    await snackbar(page, `${colleague.name} was removed from the company`).waitFor();
    await colleagueRow.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
