/**
 * The server under measurement, alone in its process: the real app (API and relay) on loopback,
 * on PGlite in memory or on BENCH_DATABASE_URL, with the demo company and its administrator.
 * Several of these on one PostgreSQL database are the processes of a scaled-out instance: each
 * registers as a platform server; BENCH_PUBLIC_URL (the first one's address) is their shared
 * PUBLIC_URL, so tickets send clients there, and FLEETGATE_SECRET_KEY signs the internal links.
 * Requests: `agents` inserts enrolled agents (rows as the agents module writes them) and returns
 * their credentials; `memory` reports heap, external and RSS after full collections.
 */
import { buildApp } from '../../apps/server/src/app.ts';
import { tuneServerHeap } from '../../apps/server/src/heap-settings.ts';
import { seedDemoIfEmpty } from '../../apps/server/src/bootstrap/demo.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { hashSecret, newSecret } from '../../apps/server/src/auth/secrets.ts';
import { newPublicId } from '../../apps/server/src/http/ids.ts';
import type { LanService } from '../../apps/agent/src/services.ts';
import { serveRole, settledMemory } from './ipc.ts';

export type AgentsRequest = { count: number; services: LanService[] };
export type SeededAgent = { publicId: string; credential: string };
export type ServerInfo = {
  baseUrl: string;
  companyPublicId: string;
  database: string;
  /** Its name as a platform server (PostgreSQL only). */
  serverName: string | undefined;
};

// As main.ts does: the bench measures the server as it runs.
tuneServerHeap();
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const db = await openDatabase({ databaseUrl, dataDir: 'memory://' });
await migrateToLatest(db);
const config = { ...loadConfig({}), databaseUrl, webDist: undefined, logLevel: 'silent' };
await seedDemoIfEmpty(db, {
  emailAddress: process.env.BENCH_ADMIN_EMAIL,
  password: process.env.BENCH_ADMIN_PASSWORD,
});
const company = await db
  .selectFrom('companies')
  .select(['id', 'public_id'])
  .where('name', '=', 'Demo Company')
  .executeTakeFirstOrThrow();
// Every agent of the benchmark comes from 127.0.0.1: no cap on connections per address.
const connectionLimits = { maxConnectionsPerAddress: 0 };
const { app, relay } = await buildApp({ config, db, logger: false, connectionLimits });
const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
// Tickets and discovery links point at the public address, known only now (as in the tests).
config.publicUrl = process.env.BENCH_PUBLIC_URL || baseUrl;
if (databaseUrl) {
  // Registered as a platform server before anything attaches, so its agents can be reached from the others.
  for (let i = 0; !relay.registration; i++) {
    if (i === 200) throw new Error('the relay did not register as a platform server');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Inserts in batches: one statement per 500 agents keeps 2,000 of them quick on PGlite. */
async function insertAgents({ count, services }: AgentsRequest): Promise<SeededAgent[]> {
  const seeded: SeededAgent[] = [];
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, () => ({
      publicId: newPublicId(),
      credential: newSecret(),
    }));
    const rows = await db
      .insertInto('agents')
      .values(
        batch.map((agent) => ({
          public_id: agent.publicId,
          company_id: company.id,
          name: `Bench agent ${agent.publicId}`,
          vpn_locked: false,
          web_access_locked: false,
          vpn_require_access_approval: false,
          credential_hash: hashSecret(agent.credential),
          enrolled_at: new Date(),
          platform_server_id: null,
          controlled_by_company_id: null,
          enrolment_token_hash: null,
          enrolment_expires_on: null,
          last_seen_at: null,
          rate_limit: null,
          rate_limit_last_hit: null,
        })),
      )
      .returning('id')
      .execute();
    if (services.length > 0) {
      await db
        .insertInto('agent_servers')
        .values(
          rows.flatMap((row) =>
            services.map((service) => ({
              public_id: newPublicId(),
              company_id: company.id,
              agent_id: row.id,
              name: service.name,
              host: service.host,
              port: service.port,
              require_access_approval: false,
              service_group: null,
            })),
          ),
        )
        .execute();
    }
    seeded.push(...batch);
  }
  return seeded;
}

serveRole(
  {
    info: async (): Promise<ServerInfo> => ({
      baseUrl,
      companyPublicId: company.public_id,
      database: databaseUrl ? 'PostgreSQL' : 'PGlite in memory',
      serverName: relay.registration?.name,
    }),
    agents: async (payload) => insertAgents(payload as AgentsRequest),
    memory: async () => settledMemory(),
  },
  async () => {
    await app.close();
    await db.destroy();
  },
);
