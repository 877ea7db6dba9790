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

export type Database = {
  audiences: AudienceTable;
  invites: InviteTable;
  users: UserTable;
  companies: CompanyTable;
  roles: RoleTable;
  memberships: MembershipTable;
  access_tokens: AccessTokenTable;
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
