import type { Db } from '../../db/client.ts';
import { hashSecret } from '../../auth/secrets.ts';

/** A web access session as the relay runs it: who, which service, and how far it got. */
export type WebAccessRow = {
  id: number;
  publicId: string;
  hostId: string;
  companyId: number;
  agentId: number;
  agentServerId: number;
  userId: number;
  /**
   * The sign-in's SSO company (null: not SSO), for the sign-in rules checked while it lasts;
   * undefined for a session opened before the sign-in was recorded.
   */
  ssoCompanyId: number | null | undefined;
  kind: 'http' | 'vnc';
  viewOnly: boolean;
  cookieHash: string | null;
  clientSessionId: number | null;
  endedAt: Date | null;
  endReason: string | null;
  serverType: 'http' | 'https' | 'vnc' | 'tcp';
  acceptSelfSigned: boolean;
};

const columns = [
  'web_access_sessions.id',
  'web_access_sessions.public_id',
  'web_access_sessions.host_id',
  'web_access_sessions.company_id',
  'web_access_sessions.agent_id',
  'web_access_sessions.agent_server_id',
  'web_access_sessions.user_id',
  'web_access_sessions.sso_company_id',
  'web_access_sessions.sign_in_known',
  'web_access_sessions.kind',
  'web_access_sessions.view_only',
  'web_access_sessions.cookie_hash',
  'web_access_sessions.client_session_id',
  'web_access_sessions.ended_at',
  'web_access_sessions.end_reason',
  'agent_servers.type as server_type',
  'agent_servers.accept_self_signed',
] as const;

type SelectedRow = {
  id: number;
  public_id: string;
  host_id: string;
  company_id: number;
  agent_id: number;
  agent_server_id: number;
  user_id: number;
  sso_company_id: number | null;
  sign_in_known: boolean;
  kind: 'http' | 'vnc';
  view_only: boolean;
  cookie_hash: string | null;
  client_session_id: number | null;
  ended_at: Date | null;
  end_reason: string | null;
  server_type: 'http' | 'https' | 'vnc' | 'tcp';
  accept_self_signed: boolean;
};

const toRow = (row: SelectedRow): WebAccessRow => ({
  id: row.id,
  publicId: row.public_id,
  hostId: row.host_id,
  companyId: row.company_id,
  agentId: row.agent_id,
  agentServerId: row.agent_server_id,
  userId: row.user_id,
  ssoCompanyId: row.sign_in_known ? row.sso_company_id : undefined,
  kind: row.kind,
  viewOnly: row.view_only,
  cookieHash: row.cookie_hash,
  clientSessionId: row.client_session_id,
  endedAt: row.ended_at,
  endReason: row.end_reason,
  serverType: row.server_type,
  acceptSelfSigned: row.accept_self_signed,
});

const select = (db: Db) =>
  db
    .selectFrom('web_access_sessions')
    .innerJoin('agent_servers', 'agent_servers.id', 'web_access_sessions.agent_server_id')
    .select(columns);

export async function insertWebAccessSession(
  db: Db,
  values: {
    publicId: string;
    hostId: string;
    companyId: number;
    agentId: number;
    agentServerId: number;
    userId: number;
    /** Null (the default): not single sign-on. */
    ssoCompanyId?: number | null;
    kind: 'http' | 'vnc';
    viewOnly: boolean;
    tokenHash: string;
    tokenExpiresOn: Date;
  },
): Promise<{ id: number; createdAt: Date }> {
  const row = await db
    .insertInto('web_access_sessions')
    .values({
      public_id: values.publicId,
      host_id: values.hostId,
      company_id: values.companyId,
      agent_id: values.agentId,
      agent_server_id: values.agentServerId,
      user_id: values.userId,
      sso_company_id: values.ssoCompanyId ?? null,
      kind: values.kind,
      view_only: values.viewOnly,
      token_hash: values.tokenHash,
      token_expires_on: values.tokenExpiresOn,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, createdAt: row.created_at };
}

export async function findWebAccessByHost(db: Db, hostId: string): Promise<WebAccessRow | undefined> {
  const row = await select(db).where('web_access_sessions.host_id', '=', hostId).executeTakeFirst();
  return row && toRow(row);
}

/** The caller's own session in the company acted in; others' are not found. */
export async function findOwnWebAccess(
  db: Db,
  owner: { userId: number; companyId: number },
  publicId: string,
): Promise<WebAccessRow | undefined> {
  const row = await select(db)
    .where('web_access_sessions.public_id', '=', publicId)
    .where('web_access_sessions.user_id', '=', owner.userId)
    .where('web_access_sessions.company_id', '=', owner.companyId)
    .executeTakeFirst();
  return row && toRow(row);
}

/**
 * Redeems a session's single-use token: one conditional update marks it used only if it is
 * unused, unexpired, of this kind (and host, for HTTP) and the session has not ended, so two
 * tabs racing with one link cannot both get in. An HTTP session stores its new cookie's hash.
 */
export async function redeemWebAccessToken(
  db: Db,
  token: string,
  match: { kind: 'http'; hostId: string; cookieHash: string } | { kind: 'vnc' },
): Promise<WebAccessRow | undefined> {
  const now = new Date();
  let update = db
    .updateTable('web_access_sessions')
    .set({
      token_used_at: now,
      last_used_at: now,
      ...(match.kind === 'http' ? { cookie_hash: match.cookieHash } : {}),
    })
    .where('token_hash', '=', hashSecret(token))
    .where('token_used_at', 'is', null)
    .where('token_expires_on', '>', now)
    .where('ended_at', 'is', null)
    .where('kind', '=', match.kind);
  if (match.kind === 'http') update = update.where('host_id', '=', match.hostId);
  const redeemed = await update.returning('id').executeTakeFirst();
  if (!redeemed) return undefined;
  const row = await select(db).where('web_access_sessions.id', '=', redeemed.id).executeTakeFirstOrThrow();
  return toRow(row);
}

export async function setWebAccessClientSession(db: Db, id: number, clientSessionId: number): Promise<void> {
  await db
    .updateTable('web_access_sessions')
    .set({ client_session_id: clientSessionId, last_used_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function touchWebAccess(db: Db, id: number): Promise<void> {
  await db
    .updateTable('web_access_sessions')
    .set({ last_used_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * A user's open sessions: not ended, and opened or still openable (one whose token expired
 * unopened never runs, whether or not housekeeping has ended it yet).
 */
export async function countOpenWebAccess(db: Db, userId: number, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom('web_access_sessions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where((eb) => eb.or([eb('token_used_at', 'is not', null), eb('token_expires_on', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Ends a session once: says whether this call ended it (false when it had ended already). */
export async function endWebAccessSession(db: Db, id: number, reason: string): Promise<Date | undefined> {
  const row = await db
    .updateTable('web_access_sessions')
    .set({ ended_at: new Date(), end_reason: reason.slice(0, 200) })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .returning('ended_at')
    .executeTakeFirst();
  return row?.ended_at ?? undefined;
}

/** Whether the session row still runs (another process or the API may have ended it). */
export async function webAccessEnded(
  db: Db,
  id: number,
): Promise<{ endedAt: Date | null; endReason: string | null } | undefined> {
  const row = await db
    .selectFrom('web_access_sessions')
    .select(['ended_at', 'end_reason'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { endedAt: row.ended_at, endReason: row.end_reason };
}

/** Bytes of a client session, for the audit entry of a session's end. */
export async function clientSessionBytes(db: Db, clientSessionId: number | null) {
  if (clientSessionId === null) return { bytesUp: 0, bytesDown: 0 };
  const row = await db
    .selectFrom('client_sessions')
    .select(['bytes_up', 'bytes_down'])
    .where('id', '=', clientSessionId)
    .executeTakeFirst();
  return { bytesUp: Number(row?.bytes_up ?? 0), bytesDown: Number(row?.bytes_down ?? 0) };
}

/** Sessions whose first URL was never opened end once its token expired (they never ran). */
export async function endUnopenedWebAccess(db: Db, now = new Date()): Promise<void> {
  await db
    .updateTable('web_access_sessions')
    .set({ ended_at: now, end_reason: 'not opened' })
    .where('ended_at', 'is', null)
    .where('token_used_at', 'is', null)
    .where('token_expires_on', '<', now)
    .execute();
}
