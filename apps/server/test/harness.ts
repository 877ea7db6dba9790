import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { allCapabilities, type Capability } from '@fleetgate/contracts';
import { buildApp, type AppOptions, type BuiltApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { openMigratedDatabase } from './migrated-database.ts';
import { insertMembership } from '../src/modules/companies/company.repository.ts';
import { insertRole } from '../src/modules/roles/role.repository.ts';

export type CallOptions = {
  token?: string | undefined;
  company?: string | undefined;
  body?: unknown;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
};

export type Response = {
  status: number;
  body: { type: string; status: string; data: unknown; moreAfter?: string | null };
  headers: Headers;
};

// Stored secrets (TOTP secrets among them) are sealed with the server key: one per test process,
// so no suite writes a key file into the working directory's ./data. Files that need their own set it.
process.env.FLEETGATE_SECRET_KEY ??= randomBytes(32).toString('base64');

let counter = 0;
const unique = () =>
  `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A real server on a random loopback port, on PGlite in memory or on DATABASE_URL, with
 * factories that build what each test needs. Call inside a describe block or at file level.
 */
export function useTestServer(
  options: Partial<Omit<AppOptions, 'config'>> & { config?: Partial<Config> } = {},
) {
  const server = {} as { built: BuiltApp; db: Db; baseUrl: string; outboxDir: string; config: Config };

  beforeAll(async () => {
    const databaseUrl = process.env.DATABASE_URL;
    const db = await openMigratedDatabase(databaseUrl);
    // Each server mails into its own outbox, so tests can read what they sent.
    const outboxDir = await mkdtemp(path.join(tmpdir(), 'fleetgate-outbox-'));
    const config: Config = {
      ...loadConfig({}),
      databaseUrl,
      webDist: undefined,
      logLevel: 'silent',
      outboxDir,
      ...options.config,
    };
    const built = await buildApp({
      registrationsPerAddressPerHour: 100_000,
      // A test file is one client address opening many connections at once.
      connectionLimits: { maxConnectionsPerAddress: 0 },
      // On PostgreSQL the rate-limit counters live in the shared database, and every test server
      // is the same client address: each server counts on its own, as with PGlite.
      loginLimitsScope: `test-${unique()}`,
      // On PostgreSQL every test server shares one queue of webhook deliveries; a worker in each
      // would send other files' deliveries under its own settings. Tests that want one start it.
      webhookWorkerMs: false,
      // Likewise one queue of report jobs (its poll is a recurring job on the shared job queue):
      // report tests run the queue by hand, and another file's server must not take their jobs.
      reportWorkerMs: false,
      ...options,
      config,
      db,
      logger: false,
    });
    const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
    // The port is known only now; links are built from config.publicUrl per request.
    if (!options.config?.publicUrl) config.publicUrl = address;
    Object.assign(server, { built, db, baseUrl: address, outboxDir, config });
  });

  afterAll(async () => {
    await server.built?.app.close();
    await server.db?.destroy();
    if (server.outboxDir) await rm(server.outboxDir, { recursive: true, force: true });
  });

  async function call(method: string, path: string, options: CallOptions = {}): Promise<Response> {
    const url = new URL(path.startsWith('/') ? path : `/api/${path}`, server.baseUrl);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(key, v);
    }
    const headers: Record<string, string> = { 'Api-Version': '2', ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.company) headers['Api-Company'] = options.company;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : undefined) as Response['body'],
      headers: response.headers,
    };
  }

  function basic(emailAddress: string, password: string, otp = '') {
    return `Basic ${Buffer.from(`${emailAddress}:${otp}:${password}`).toString('base64')}`;
  }

  async function login(emailAddress: string, password: string, otp = '') {
    return call('POST', 'AccessTokenList', {
      headers: { Authorization: basic(emailAddress, password, otp) },
      body: { expiresIn: 3600 },
    });
  }

  // Mails already read from the outbox: each .eml file is parsed once.
  const mailsRead = new Map<string, { to: string; text: string }>();

  /** The mails the server sent to an address, oldest first (text with quoted-printable undone). */
  async function mailsTo(emailAddress: string) {
    const names = (await readdir(server.outboxDir)).filter((name) => name.endsWith('.eml')).sort();
    for (const name of names) {
      if (mailsRead.has(name)) continue;
      const raw = await readFile(path.join(server.outboxDir, name), 'utf8');
      const text = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      const to = /^To: (.*)$/m.exec(text)?.[1]?.trim().toLowerCase() ?? '';
      mailsRead.set(name, { to, text });
    }
    return names
      .map((name) => mailsRead.get(name)!)
      .filter((mail) => mail.to === emailAddress.toLowerCase())
      .map((mail) => mail.text);
  }

  /** The token of the newest registration link mailed to an address. */
  async function confirmationToken(emailAddress: string) {
    const links = (await mailsTo(emailAddress)).flatMap((text) =>
      [...text.matchAll(/\/register\/confirm#([A-Za-z0-9_-]{43})/g)].map((m) => m[1]!),
    );
    const token = links.at(-1);
    if (!token) throw new Error(`no confirmation link was mailed to ${emailAddress}`);
    return token;
  }

  /** Registers through the API and confirms with the link from the e-mail, as a person would. */
  async function register(body: { name: string; emailAddress: string; password: string }) {
    const registered = await call('POST', 'RegistrationList', { body });
    if (registered.status !== 202) throw new Error(`registration failed: ${JSON.stringify(registered.body)}`);
    const token = await confirmationToken(body.emailAddress);
    const confirmed = await call('POST', 'RegistrationConfirmationList', { body: { token } });
    if (confirmed.status !== 201) throw new Error(`confirmation failed: ${JSON.stringify(confirmed.body)}`);
    return confirmed.body.data as { publicId: string; name: string; emailAddress: string };
  }

  /** Registers a user through the API (confirming the e-mail) and logs in. */
  async function newUser(name = 'Test User') {
    const emailAddress = `user-${unique()}@example.com`;
    const password = `pw-${unique()}-long`;
    const user = await register({ name, emailAddress, password });
    const token = await login(emailAddress, password);
    const data = token.body.data as { secretId: string; publicId: string };
    return {
      publicId: user.publicId,
      emailAddress,
      password,
      token: data.secretId,
      tokenPublicId: data.publicId,
    };
  }

  /** A new company whose administrator is a new user. */
  async function newCompany(name = `Company ${unique()}`) {
    const admin = await newUser('Company Admin');
    const created = await call('POST', 'CompanyList', { token: admin.token, body: { name } });
    const company = created.body.data as { publicId: string; role: { publicId: string } };
    return { publicId: company.publicId, adminRolePublicId: company.role.publicId, admin };
  }

  /** Adds a new user to a company with a role holding exactly these capabilities. */
  async function newMember(company: { publicId: string }, capabilities: Capability[] = []) {
    const user = await newUser('Member');
    const db = server.db;
    const row = await db
      .selectFrom('companies')
      .select('id')
      .where('public_id', '=', company.publicId)
      .executeTakeFirstOrThrow();
    const userRow = await db
      .selectFrom('users')
      .select('id')
      .where('public_id', '=', user.publicId)
      .executeTakeFirstOrThrow();
    const role = await insertRole(db, row.id, { name: `Role ${unique()}`, capabilities });
    const membership = await insertMembership(db, { companyId: row.id, userId: userRow.id, roleId: role.id });
    return { ...user, rolePublicId: role.public_id, membershipPublicId: membership.public_id };
  }

  return {
    server,
    call,
    login,
    basic,
    mailsTo,
    confirmationToken,
    register,
    newUser,
    newCompany,
    newMember,
    unique,
    allCapabilities,
  };
}
