/**
 * The server under measurement for the web access benchmark, alone in its process: the real app
 * (API, relay and web access proxy) on a fixed loopback port that PUBLIC_URL names, since a web
 * access session's first URL is built from it (`http://<session>.localhost:<port>/…`), on PGlite
 * in memory or on BENCH_DATABASE_URL, with the demo company and its administrator.
 * Request `agent` inserts one enrolled agent with the given services (each declared `http` or
 * `tcp`, as an enrolling agent would) and returns its credential and the services' ids.
 */
import { buildApp } from '../../apps/server/src/app.ts';
import { seedDemoIfEmpty } from '../../apps/server/src/bootstrap/demo.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { hashSecret, newSecret } from '../../apps/server/src/auth/secrets.ts';
import { newPublicId } from '../../apps/server/src/http/ids.ts';
import type { LanService } from '../../apps/agent/src/services.ts';
import { serveRole } from '../tunnel/ipc.ts';
import { freePort } from '../support.ts';

export type WebService = LanService & { type: 'http' | 'tcp' };
export type SeededWebAgent = {
  publicId: string;
  credential: string;
  services: { name: string; publicId: string }[];
};
/** `apiUrl`: the same server on 127.0.0.1, for this benchmark's own calls (loopback names are served). */
export type WebServerInfo = { publicUrl: string; apiUrl: string; companyPublicId: string; database: string };

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const db = await openDatabase({ databaseUrl, dataDir: 'memory://' });
await migrateToLatest(db);
const port = await freePort();
// `localhost` as a browser reaches it: session hosts are its subdomains, which Chromium resolves
// to loopback (the benchmark also maps them, so no resolver is asked).
const publicUrl = `http://localhost:${port}`;
const config = {
  ...loadConfig({ PORT: String(port), PUBLIC_URL: publicUrl, WEB_ACCESS_DOMAIN: 'localhost' }),
  databaseUrl,
  webDist: undefined,
  logLevel: 'silent',
};
await seedDemoIfEmpty(db, {
  emailAddress: process.env.BENCH_ADMIN_EMAIL,
  password: process.env.BENCH_ADMIN_PASSWORD,
});
const company = await db
  .selectFrom('companies')
  .select(['id', 'public_id'])
  .where('name', '=', 'Demo Company')
  .executeTakeFirstOrThrow();
const { app } = await buildApp({ config, db, logger: false });
await app.listen({ port, host: '127.0.0.1' });

async function insertAgent(services: WebService[]): Promise<SeededWebAgent> {
  const publicId = newPublicId();
  const credential = newSecret();
  const agent = await db
    .insertInto('agents')
    .values({
      public_id: publicId,
      company_id: company.id,
      name: 'Bench HMI gateway',
      vpn_locked: false,
      web_access_locked: false,
      vpn_require_access_approval: false,
      credential_hash: hashSecret(credential),
      enrolled_at: new Date(),
      platform_server_id: null,
      controlled_by_company_id: null,
      enrolment_token_hash: null,
      enrolment_expires_on: null,
      last_seen_at: null,
      rate_limit: null,
      rate_limit_last_hit: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await db
    .insertInto('agent_servers')
    .values(
      services.map((service) => ({
        public_id: newPublicId(),
        company_id: company.id,
        agent_id: agent.id,
        name: service.name,
        host: service.host,
        port: service.port,
        type: service.type,
        require_access_approval: false,
        service_group: null,
      })),
    )
    .returning(['public_id', 'name'])
    .execute();
  return { publicId, credential, services: rows.map((row) => ({ name: row.name, publicId: row.public_id })) };
}

serveRole(
  {
    info: async (): Promise<WebServerInfo> => ({
      publicUrl,
      apiUrl: `http://127.0.0.1:${port}`,
      companyPublicId: company.public_id,
      database: databaseUrl ? 'PostgreSQL' : 'PGlite in memory',
    }),
    agent: async (payload) => insertAgent(payload as WebService[]),
  },
  async () => {
    await app.close();
    await db.destroy();
  },
);
