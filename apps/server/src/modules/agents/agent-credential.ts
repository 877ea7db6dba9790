import type { Db } from '../../db/client.ts';
import { hashSecret } from '../../auth/secrets.ts';
import { batched } from '../../db/batched.ts';

/** An enrolled agent as the relay sees it when the agent attaches with its credential. */
export type CredentialAgent = {
  id: number;
  publicId: string;
  companyId: number;
  name: string;
  vpnLocked: boolean;
  webAccessLocked: boolean;
  platformServerId: number | null;
  rateLimit: 'soft' | 'hard' | null;
  rateLimitCounter: number;
  rateLimitLastHit: Date | null;
};

/**
 * Finds the agent holding this credential (only its SHA-256 hash is stored); undefined if none.
 * Concurrent lookups share one statement (an attach storm: db/batched.ts).
 */
export const findAgentByCredential = batched(
  async (db: Db, credentials: string[]): Promise<(CredentialAgent | undefined)[]> => {
    const hashes = credentials.map((credential) => hashSecret(credential));
    const rows = await db
      .selectFrom('agents')
      .select(['id', 'public_id', 'company_id', 'name', 'vpn_locked', 'web_access_locked'])
      .select(['platform_server_id', 'rate_limit', 'rate_limit_counter', 'rate_limit_last_hit'])
      .select('credential_hash')
      .where('credential_hash', 'in', hashes)
      .execute();
    const byHash = new Map(rows.map((row) => [row.credential_hash, row]));
    return hashes.map((hash) => {
      const row = byHash.get(hash);
      if (!row) return undefined;
      return {
        id: row.id,
        publicId: row.public_id,
        companyId: row.company_id,
        name: row.name,
        vpnLocked: row.vpn_locked,
        webAccessLocked: row.web_access_locked,
        platformServerId: row.platform_server_id,
        rateLimit: row.rate_limit,
        rateLimitCounter: row.rate_limit_counter,
        rateLimitLastHit: row.rate_limit_last_hit,
      };
    });
  },
);
