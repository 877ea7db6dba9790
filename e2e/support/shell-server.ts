import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import type { Capability } from '@fleetgate/contracts';
import { buildApp } from '../../apps/server/src/app.ts';
import type { EventBus } from '../../apps/server/src/events/event-bus.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
import { openMigratedDatabase } from '../../apps/server/test/migrated-database.ts';
import { insertMembership } from '../../apps/server/src/modules/companies/company.repository.ts';
import { sendMessage } from '../../apps/server/src/modules/messages/message.service.ts';
import { registerThroughApi, rememberOutbox, uniqueAccount, type Account } from './accounts.ts';
import { contextWithLocalStorage, launchChromium } from './browser.ts';
import { repoRoot } from './server.ts';

/** A signed-in user: the account, its access token and the company it works in. */
export type SignedIn = {
  account: Account;
  publicId: string;
  token: { publicId: string; secretId: string; expiresOn: string };
  companyPublicId: string;
};

export type ShellServer = {
  baseUrl: string;
  db: Db;
  /** The server's live events, to publish what the relay or other processes would. */
  events: EventBus;
  /** Writes the relay's counted bytes now instead of at its next interval (data usage). */
  flushUsage: () => Promise<void>;
  /** A new user who creates a company and so is its administrator. */
  newAdministrator: (label?: string) => Promise<SignedIn>;
  /**
   * A new user in the administrator's company with a new role holding exactly `capabilities`:
   * the administrator creates the role through `POST RoleList`; the membership is stored
   * directly, as an accepted invitation would.
   */
  newMember: (admin: SignedIn, capabilities: Capability[], label?: string) => Promise<SignedIn>;
  /** Leaves a message in a user's inbox, as the server's own features do. */
  sendMessage: (userPublicId: string, subject: string, body: string) => Promise<void>;
  /** A browser context already signed in as `user`, in its company. */
  signedInContext: (
    browser: Browser,
    user: SignedIn,
    viewport?: { width: number; height: number },
    origin?: string,
  ) => Promise<BrowserContext>;
  stop: () => Promise<void>;
};

/**
 * The real server in this process, serving the built web app, on a fresh in-memory
 * database the test can reach directly (to add members or messages that have no UI yet).
 * `env` sets configuration such as HELP_CENTRE_URL, CLOUD_DOMAIN and STATUS_PAGE_URL.
 * FLEETGATE_E2E_WEB_DIST points at another build of the web app than apps/web/dist.
 */
export async function startShellServer(env: Record<string, string> = {}): Promise<ShellServer> {
  const builtDist = process.env.FLEETGATE_E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');
  if (!existsSync(path.join(builtDist, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w @fleetgate/web` before the e2e tests');
  }
  // A snapshot, so a rebuild while the tests run cannot pull the assets from under the pages.
  const webDist = await mkdtemp(path.join(tmpdir(), 'fleetgate-web-'));
  await cp(builtDist, webDist, { recursive: true });
  const db = await openMigratedDatabase();
  // Registration links are mailed; each server has an outbox of its own to read them from.
  const outboxDir = await mkdtemp(path.join(tmpdir(), 'fleetgate-outbox-'));
  const config = { ...loadConfig(env), webDist, logLevel: 'silent', outboxDir };
  const { app, events, relay } = await buildApp({ config, db, logger: false, authCacheMs: 0 });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  // The port is known only now; links (relay, enrolment, mails) are built from config.publicUrl per request.
  config.publicUrl = baseUrl;
  rememberOutbox(baseUrl, outboxDir);

  async function call<T>(
    method: string,
    rel: string,
    token: string | null,
    body?: unknown,
    company?: string,
  ): Promise<T> {
    const headers: Record<string, string> = { 'Api-Version': '2', 'Content-Type': 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (company) headers['Api-Company'] = company;
    const response = await fetch(`${baseUrl}/api/${rel}`, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${rel} failed: ${response.status} ${text}`);
    return (JSON.parse(text) as { data: T }).data;
  }

  async function signUp(label: string) {
    const account = uniqueAccount(label);
    await registerThroughApi(baseUrl, account);
    const basic = Buffer.from(`${account.emailAddress}::${account.password}`).toString('base64');
    const response = await fetch(`${baseUrl}/api/AccessTokenList`, {
      method: 'POST',
      headers: { 'Api-Version': '2', 'Content-Type': 'application/json', Authorization: `Basic ${basic}` },
      body: JSON.stringify({ expiresIn: 3600 }),
    });
    const token = ((await response.json()) as { data: SignedIn['token'] }).data;
    const user = await db
      .selectFrom('users')
      .select(['id', 'public_id'])
      .where('email_address', '=', account.emailAddress)
      .executeTakeFirstOrThrow();
    return { account, token, user };
  }

  async function idOf(table: 'companies' | 'users' | 'roles', publicId: string) {
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  return {
    baseUrl,
    db,
    events,
    flushUsage: () => relay.flushUsage(),
    newAdministrator: async (label = 'Admin') => {
      const { account, token, user } = await signUp(label);
      const company = await call<{ publicId: string }>('POST', 'CompanyList', token.secretId, {
        name: `Plant ${account.emailAddress.slice(-18, -12)}`,
      });
      return { account, token, publicId: user.public_id, companyPublicId: company.publicId };
    },
    newMember: async (admin, capabilities, label = 'Member') => {
      const { account, token, user } = await signUp(label);
      const role = await call<{ publicId: string }>(
        'POST',
        'RoleList',
        admin.token.secretId,
        { name: `${label} ${user.public_id}`, capabilities },
        admin.companyPublicId,
      );
      const companyId = await idOf('companies', admin.companyPublicId);
      const roleId = await idOf('roles', role.publicId);
      await insertMembership(db, { companyId, userId: user.id, roleId });
      return { account, token, publicId: user.public_id, companyPublicId: admin.companyPublicId };
    },
    sendMessage: async (userPublicId, subject, body) => {
      await sendMessage(db, { userId: await idOf('users', userPublicId), companyId: null, subject, body });
      // Times are kept to the millisecond: the next message must be strictly newer to sort after it.
      await sleep(2);
    },
    signedInContext: (browser, user, viewport = { width: 1280, height: 800 }, origin = baseUrl) =>
      contextWithLocalStorage(browser, { viewport }, origin, {
        'fleetgate.session': JSON.stringify(user.token),
        'fleetgate.company': JSON.stringify(user.companyPublicId),
      }),
    stop: async () => {
      await app.close();
      await db.destroy();
      await rm(webDist, { recursive: true, force: true });
      await rm(outboxDir, { recursive: true, force: true });
    },
  };
}

/** The server and browser a test file runs against, set before its tests and stopped after them. */
export type ShellWorld = { server: ShellServer; browser: Browser };

/** Starts the shell server and Chromium before the file's tests and stops both after them. */
export function useShellWorld(): ShellWorld {
  const world = {} as ShellWorld;
  beforeAll(async () => {
    world.server = await startShellServer();
    world.browser = await launchChromium();
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.server?.stop();
  });
  return world;
}
