import { relayTicketSeconds } from '@fleetgate/contracts';
import { hashSecret, newSecret } from '../auth/secrets.ts';
import type { Db } from '../db/client.ts';

export type RelayTicket = {
  companyId: number;
  agentId: number;
  userId: number;
  vpn: boolean;
  serverIds: number[];
  /**
   * The company whose identity provider made the sign-in that asked for the ticket or the web
   * access session (null: not single sign-on), for the sign-in rules checked while the session
   * lasts. Absent where it is not known: only the rules that need no sign-in are checked then.
   */
  ssoCompanyId?: number | null;
};

/** Stores a new single-use ticket (its hash only) and returns the secret and its expiry. */
export async function issueTicket(db: Db, ticket: RelayTicket): Promise<{ secret: string; expiresOn: Date }> {
  const secret = newSecret();
  const expiresOn = new Date(Date.now() + relayTicketSeconds * 1000);
  await db
    .insertInto('relay_tickets')
    .values({
      secret_hash: hashSecret(secret),
      company_id: ticket.companyId,
      agent_id: ticket.agentId,
      user_id: ticket.userId,
      vpn: ticket.vpn,
      server_ids: ticket.serverIds,
      expires_on: expiresOn,
      sso_company_id: ticket.ssoCompanyId ?? null,
    })
    .execute();
  return { secret, expiresOn };
}

/**
 * Redeems a ticket: one conditional update marks it used only if it is unused and unexpired,
 * so two connections racing with the same ticket cannot both get it.
 */
export async function redeemTicket(db: Db, secret: string): Promise<RelayTicket | undefined> {
  const now = new Date();
  const row = await db
    .updateTable('relay_tickets')
    .set({ used_at: now })
    .where('secret_hash', '=', hashSecret(secret))
    .where('used_at', 'is', null)
    .where('expires_on', '>', now)
    .returning(['company_id', 'agent_id', 'user_id', 'vpn', 'server_ids', 'sso_company_id'])
    .executeTakeFirst();
  return (
    row && {
      companyId: row.company_id,
      agentId: row.agent_id,
      userId: row.user_id,
      vpn: row.vpn,
      serverIds: row.server_ids,
      ssoCompanyId: row.sso_company_id,
    }
  );
}
