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

export type Database = {
  users: UserTable;
  companies: CompanyTable;
  roles: RoleTable;
  memberships: MembershipTable;
  access_tokens: AccessTokenTable;
  audit_logs: AuditLogTable;
  messages: MessageTable;
};

export type UserRow = Selectable<UserTable>;
export type CompanyRow = Selectable<CompanyTable>;
export type RoleRow = Selectable<RoleTable>;
export type MembershipRow = Selectable<MembershipTable>;
export type NewAuditLog = Insertable<AuditLogTable>;
