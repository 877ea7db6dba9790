import type { Db } from '../../db/client.ts';
import { hashSecret } from '../../auth/secrets.ts';

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

/** Finds the agent holding this credential (only its SHA-256 hash is stored); undefined if none. */
export async function findAgentByCredential(
  db: Db,
  credential: string,
): Promise<CredentialAgent | undefined> {
  const row = await db
    .selectFrom('agents')
    .select(['id', 'public_id', 'company_id', 'name', 'vpn_locked', 'web_access_locked'])
    .select(['platform_server_id', 'rate_limit', 'rate_limit_counter', 'rate_limit_last_hit'])
    .where('credential_hash', '=', hashSecret(credential))
    .executeTakeFirst();
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
}
