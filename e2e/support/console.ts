import type { Browser, Locator, Page } from 'playwright-core';
import { registerThroughApi, uniqueAccount, type Account } from './accounts.ts';
import { collectPageErrors, contextWithLocalStorage } from './browser.ts';

/**
 * Helpers for console tests that run against `startServer()`: set up a company through the API,
 * then sign in through the login page or open the console already signed in.
 */

export type AccessToken = { publicId: string; secretId: string; expiresOn: string };

/** Who an API call is made as; a call without a company is outside any company (CompanyList). */
export type ApiSession = { token: string; company: string };

/** A new user who created a company and so is its administrator. */
export type CompanyAdmin = {
  account: Account;
  token: AccessToken;
  companyName: string;
  session: ApiSession;
  adminRole: { publicId: string };
};

/** A call to the API; fails the test on any error status. */
export async function sessionApi(
  baseUrl: string,
  method: string,
  rel: string,
  session: Partial<ApiSession>,
  body?: unknown,
): Promise<unknown> {
  const headers: Record<string, string> = { 'Api-Version': '2' };
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  if (session.company) headers['Api-Company'] = session.company;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl}/api/${rel}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: unknown };
  if (!response.ok) throw new Error(`${method} ${rel}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** An hour's access token of `account`, signed in with its password. */
export async function accessTokenOf(baseUrl: string, account: Account): Promise<AccessToken> {
  const basic = Buffer.from(`${account.emailAddress}::${account.password}`).toString('base64');
  const response = await fetch(`${baseUrl}/api/AccessTokenList`, {
    method: 'POST',
    headers: { 'Api-Version': '2', 'Content-Type': 'application/json', Authorization: `Basic ${basic}` },
    body: JSON.stringify({ expiresIn: 3600 }),
  });
  return ((await response.json()) as { data: AccessToken }).data;
}

/** A registered administrator of a new company, and a session to set things up through the API. */
export async function newCompanyAdmin(baseUrl: string, label: string): Promise<CompanyAdmin> {
  const account = uniqueAccount(label);
  await registerThroughApi(baseUrl, account);
  const token = await accessTokenOf(baseUrl, account);
  const companyName = `${label} Works ${account.emailAddress.slice(-20, -12)}`;
  const company = (await sessionApi(
    baseUrl,
    'POST',
    'CompanyList',
    { token: token.secretId },
    { name: companyName },
  )) as {
    publicId: string;
    role: { publicId: string };
  };
  return {
    account,
    token,
    companyName,
    session: { token: token.secretId, company: company.publicId },
    adminRole: company.role,
  };
}

/**
 * Makes a registered `account` a member the only way there is: the administrator invites the
 * address, the account accepts. Returns the membership's publicId.
 */
export async function joinByInvitation(
  baseUrl: string,
  admin: ApiSession,
  account: Account,
  rolePublicId: string,
): Promise<string> {
  const invite = (await sessionApi(baseUrl, 'POST', 'UserInviteList', admin, {
    emailAddress: account.emailAddress,
    role: { publicId: rolePublicId },
  })) as { publicId: string };
  const token = await accessTokenOf(baseUrl, account);
  const accepted = (await sessionApi(baseUrl, 'POST', `InviteFinish/${invite.publicId}`, {
    token: token.secretId,
  })) as { membership: { publicId: string } };
  return accepted.membership.publicId;
}

/** A page of its own, not signed in, that records its snack-bars for `shownForMs`. */
export async function newConsolePage(
  browser: Browser,
  width: number,
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript({ content: recordSnackbars });
  const page = await context.newPage();
  return { page, errors: collectPageErrors(page) };
}

/** Signs in through the login page, as a person would. */
export async function logIn(page: Page, baseUrl: string, account: Account): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail address').fill(account.emailAddress);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('banner').waitFor();
}

/** A page signed in as `admin` from the start: the session and company the web app stores after logging in. */
export async function signedInPage(browser: Browser, baseUrl: string, admin: CompanyAdmin, width: number) {
  const context = await contextWithLocalStorage(browser, { viewport: { width, height: 900 } }, baseUrl, {
    'fleetgate.session': JSON.stringify(admin.token),
    'fleetgate.company': JSON.stringify(admin.session.company),
  });
  const page = await context.newPage();
  return { page, context, errors: collectPageErrors(page) };
}

/** Opens a console screen and waits for its title. */
export async function openScreen(page: Page, baseUrl: string, path: string, title: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

export function snackbar(page: Page, text: string): Locator {
  return page.locator('.MuiSnackbar-root').filter({ hasText: text });
}

// These run inside the page, so they are plain JavaScript strings (this file has no DOM types).

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

/** How long the last snack-bar message containing `text` was on screen (pages from `newConsolePage`). */
export async function shownForMs(page: Page, text: string): Promise<number> {
  // A function, not a string: the app's CSP forbids eval, which a string predicate needs.
  const handle = await page.waitForFunction(
    (wanted) => {
      const log = (window as unknown as { snackbarLog: { text: string; shown: number; gone?: number }[] })
        .snackbarLog;
      const entry = log.findLast((e) => e.text.includes(wanted));
      return entry?.gone === undefined ? null : entry.gone - entry.shown;
    },
    text,
    { timeout: 10_000, polling: 100 },
  );
  return (await handle.jsonValue()) as number;
}
