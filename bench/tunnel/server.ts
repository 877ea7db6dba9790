/**
 * The server under measurement, alone in its process: the real app (API and relay) on loopback,
 * on PGlite in memory or on BENCH_DATABASE_URL, with the demo company and its administrator.
 * Requests: `agents` inserts enrolled agents (rows as the agents module writes them) and returns
 * their credentials; `memory` reports heap and external after full collections.
 */
import { buildApp } from '../../apps/server/src/app.ts';
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
export type ServerInfo = { baseUrl: string; companyPublicId: string; database: string };

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
const { app } = await buildApp({ config, db, logger: false });
const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });

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
    }),
    agents: async (payload) => insertAgents(payload as AgentsRequest),
    memory: async () => settledMemory(),
  },
  async () => {
    await app.close();
    await db.destroy();
  },
);
