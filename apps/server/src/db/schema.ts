import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, never, never>;
type Json<T> = ColumnType<T, string, string>;

export type UserTable = {
  id: Generated<number>;
  public_id: string;
  name: string;
  email_address: string;
  password_hash: string;
  totp_secret: string | null;
  created_at: CreatedAt;
};

export type CompanyTable = {
  id: Generated<number>;
  public_id: string;
  name: string;
  /** Company settings by key (glbVpnClientReleaseNotesUrl); absent keys take their default. */
  custom: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
};

export type RoleTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  name: string;
  capabilities: Json<string[]>;
  built_in: boolean;
  created_at: CreatedAt;
};

export type MembershipTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  user_id: number;
  role_id: number;
  /** The member's access category (audience); added by 0004-users-and-audiences. */
  audience_id: number | null;
  created_at: CreatedAt;
};

export type AccessTokenTable = {
  id: Generated<number>;
  public_id: string;
  user_id: number;
  secret_hash: string;
  expires_on: Date;
  /** Jump-start link tokens: good only for one exchange (0006-devices-and-access). */
  exchange_only: Generated<boolean>;
  /** The end of the sign-in this token descends from; no jump-start goes beyond it (0008). */
  sign_in_expires_on: Date;
  /** Api-Application or User-Agent of the request that made the token (0008). */
  client: string | null;
  last_used_on: Date | null;
  last_used_address: string | null;
  created_at: CreatedAt;
};

/** A registration waiting for its e-mail address to be confirmed (0008-sessions-and-registrations). */
export type RegistrationTable = {
  id: Generated<number>;
  name: string;
  email_address: string;
  password_hash: string;
  token_hash: string;
  expires_on: Date;
  created_at: CreatedAt;
};

export type AuditLogTable = {
  id: Generated<string>;
  public_id: string;
  company_id: number | null;
  actor_user_id: number | null;
  action: 'CREATE' | 'UPDATE' | 'DELETE';
  resource_rel: string;
  resource_public_id: string;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  client_address: string | null;
  created_at: CreatedAt;
};

export type MessageTable = {
  id: Generated<number>;
  public_id: string;
  user_id: number;
  company_id: number | null;
  subject: string;
  body: string;
  read_at: Date | null;
  created_at: CreatedAt;
};

export type GroupTypeTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  name: string;
  color: string;
  sort_order: number;
  created_at: CreatedAt;
};

export type GroupTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  name: string;
  color: string;
  group_type_id: number;
  parent_id: number | null;
  created_at: CreatedAt;
};

export type AssetTypeTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  name: string;
  sort_order: number;
  created_at: CreatedAt;
};

export type AssetTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  name: string;
  asset_type_id: number;
  /** The agent the asset is reached through (0006-devices-and-access). */
  agent_id: number | null;
  created_at: CreatedAt;
};

export type AudienceTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  name: string;
  description: string | null;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
};

export type InviteTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  email_address: string;
  role_id: number;
  invited_by_user_id: number | null;
  expires_on: Date;
  /** When the invitation e-mail last went out (re-sending is limited per address). */
  sent_at: ColumnType<Date, Date | undefined, Date>;
  created_at: CreatedAt;
};

export type CustomFieldTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  entity: 'agent' | 'asset' | 'group' | 'user';
  key: string;
  name: string;
  type: 'text' | 'number' | 'boolean' | 'date' | 'select';
  options: Json<string[]>;
  required: boolean;
  sort_order: number;
  created_at: CreatedAt;
};

export type MqttBrokerTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  name: string;
  url: string;
  client_id: string | null;
  username: string | null;
  /** AES-256-GCM box of the password (auth/secret-box.ts); never returned. */
  password_sealed: string | null;
  created_at: CreatedAt;
};

export type PlatformServerTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number | null;
  name: string;
  type: 'rsc' | 'mdr';
  location: string;
  vpn_range: string | null;
  created_at: CreatedAt;
};

export type AgentTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  name: string;
  vpn_locked: Generated<boolean>;
  web_access_locked: Generated<boolean>;
  vpn_require_access_approval: Generated<boolean>;
  controlled_by_company_id: number | null;
  use_stunnel: Generated<boolean>;
  platform_server_id: number | null;
  enrolment_token_hash: string | null;
  enrolment_expires_on: Date | null;
  credential_hash: string | null;
  enrolled_at: Date | null;
  last_seen_at: Date | null;
  rate_limit: 'soft' | 'hard' | null;
  rate_limit_counter: Generated<number>;
  rate_limit_last_hit: Date | null;
  created_at: CreatedAt;
};

export type AgentServerTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  agent_id: number;
  name: string;
  host: string;
  port: number;
  require_access_approval: Generated<boolean>;
  service_group: string | null;
  created_at: CreatedAt;
};

export type AgentGroupTable = {
  agent_id: number;
  group_id: number;
  public_id: string;
  created_at: CreatedAt;
};

export type GroupMemberTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  group_id: number;
  user_id: number;
  role_id: number;
  created_at: CreatedAt;
};

export type VpnSessionTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  agent_id: number;
  platform_server_id: number;
  vpn_address: string;
  started_at: Generated<Date>;
  ended_at: Date | null;
};

type Bigint = ColumnType<string, number | string | bigint, number | string | bigint>;

export type ClientSessionTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  agent_id: number;
  user_id: number;
  vpn: boolean;
  bytes_up: Generated<Bigint>;
  bytes_down: Generated<Bigint>;
  started_at: Generated<Date>;
  ended_at: Date | null;
  end_reason: string | null;
};

export type CompanyDataUsageTable = { company_id: number; day: string; bytes: Bigint };

export type AccessRequestStatus = 'pending' | 'approved' | 'rejected' | 'revoked';

export type AccessRequestTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  agent_id: number;
  user_id: number;
  vpn: boolean;
  starts_on: Date;
  ends_on: Date;
  reason: string;
  status: Generated<AccessRequestStatus>;
  decided_by_user_id: number | null;
  decided_at: Date | null;
  created_at: CreatedAt;
};

export type AccessRequestServerTable = { access_request_id: number; agent_server_id: number };
export type AccessRequestApproverTable = { access_request_id: number; user_id: number };

export type RelayTicketTable = {
  id: Generated<number>;
  secret_hash: string;
  company_id: number;
  agent_id: number;
  user_id: number;
  vpn: boolean;
  server_ids: number[];
  expires_on: Date;
  used_at: Date | null;
  created_at: CreatedAt;
};

export type Database = {
  platform_servers: PlatformServerTable;
  agents: AgentTable;
  agent_servers: AgentServerTable;
  agent_groups: AgentGroupTable;
  group_members: GroupMemberTable;
  vpn_sessions: VpnSessionTable;
  client_sessions: ClientSessionTable;
  company_data_usage: CompanyDataUsageTable;
  access_requests: AccessRequestTable;
  access_request_servers: AccessRequestServerTable;
  access_request_approvers: AccessRequestApproverTable;
  relay_tickets: RelayTicketTable;
  audiences: AudienceTable;
  invites: InviteTable;
  users: UserTable;
  companies: CompanyTable;
  roles: RoleTable;
  memberships: MembershipTable;
  access_tokens: AccessTokenTable;
  registrations: RegistrationTable;
  audit_logs: AuditLogTable;
  messages: MessageTable;
  custom_fields: CustomFieldTable;
  mqtt_brokers: MqttBrokerTable;
  group_types: GroupTypeTable;
  groups: GroupTable;
  asset_types: AssetTypeTable;
  assets: AssetTable;
};

export type UserRow = Selectable<UserTable>;
export type CompanyRow = Selectable<CompanyTable>;
export type RoleRow = Selectable<RoleTable>;
export type MembershipRow = Selectable<MembershipTable>;
export type NewAuditLog = Insertable<AuditLogTable>;
export type GroupTypeRow = Selectable<GroupTypeTable>;
export type AssetTypeRow = Selectable<AssetTypeTable>;
export type AudienceRow = Selectable<AudienceTable>;
export type InviteRow = Selectable<InviteTable>;
export type CustomFieldRow = Selectable<CustomFieldTable>;
export type MqttBrokerRow = Selectable<MqttBrokerTable>;
