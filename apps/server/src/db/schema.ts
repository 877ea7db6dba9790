import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { CustomFieldEntity, ServiceType, SignInEventKind, UiLanguage } from '@fleetgate/contracts';

type CreatedAt = ColumnType<Date, never, never>;
type Json<T> = ColumnType<T, string, string>;

export type UserTable = {
  id: Generated<number>;
  public_id: string;
  name: string;
  email_address: string;
  password_hash: string;
  totp_secret: string | null;
  /** A TOTP secret waiting for its first code (0021-account-security). */
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last TOTP time step accepted; codes of that step or earlier are refused (0021). */
  totp_last_step: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  /** 'en' or 'de'; null follows the browser (0014-user-language). */
  language: ColumnType<UiLanguage | null, UiLanguage | null | undefined, UiLanguage | null>;
  created_at: CreatedAt;
};

export type CompanyTable = {
  id: Generated<number>;
  public_id: string;
  name: string;
  /** The white-label partner the company belongs to (0011-sectors-and-branding). */
  sector_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The company whose branding this one falls back to (0011); never a cycle. */
  parent_company_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Sign-in rules (0021-account-security). */
  two_factor_required: Generated<boolean>;
  two_factor_grace_days: Generated<number>;
  two_factor_required_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
  sso_required: Generated<boolean>;
  created_at: CreatedAt;
};

export type SectorTable = {
  id: Generated<number>;
  public_id: string;
  name: string;
  created_at: CreatedAt;
};

/** A company's or a sector's branding (exactly one of company_id, sector_id). */
export type BrandingTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number | null;
  sector_id: number | null;
  /** Lower-case host name, unique across the instance. */
  fqdn: string | null;
  theme: ColumnType<
    { primaryColor: string; secondaryColor: string; mode: 'light' | 'dark' } | null,
    string | null | undefined,
    string | null
  >;
  custom_browser_title: string | null;
  app_store_links: ColumnType<{ android?: string | null; ios?: string | null }, string | undefined, string>;
  supported_platforms: ColumnType<string[], string | undefined, string>;
  logo_light_id: number | null;
  logo_dark_id: number | null;
  favicon_id: number | null;
  created_at: CreatedAt;
};

/** An uploaded branding image; never changed in place (a new upload is a new row). */
export type BrandingImageTable = {
  id: Generated<number>;
  public_id: string;
  content_type: string;
  bytes: Uint8Array;
  size: number;
  sha256: string;
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
  /** Temporary access ends here (0020-temporary-access); null lasts until removed. */
  expires_on: Date | null;
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
  /** How the sign-in was made (0021-account-security). */
  auth_method: ColumnType<AuthMethod, AuthMethod | undefined, AuthMethod>;
  /** The company whose identity provider made this SSO session; it reaches no other (0021). */
  sso_company_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
};

export type AuthMethod = 'password' | 'passkey' | 'sso';

/** A single-use TOTP recovery code, hashed (0021-account-security). */
export type RecoveryCodeTable = {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_on: Date | null;
  created_at: CreatedAt;
};

/** A browser that skips the code step until expires_on (0021). */
export type TrustedDeviceTable = {
  id: Generated<number>;
  public_id: string;
  user_id: number;
  secret_hash: string;
  client: string | null;
  address: string | null;
  expires_on: Date;
  last_used_on: Date | null;
  created_at: CreatedAt;
};

/** A passkey (0021). credential_id is base64url. */
export type WebAuthnCredentialTable = {
  id: Generated<number>;
  public_id: string;
  user_id: number;
  credential_id: string;
  public_key: Uint8Array;
  counter: ColumnType<string, number | string | undefined, number | string>;
  transports: Json<string[]>;
  name: string;
  last_used_on: Date | null;
  created_at: CreatedAt;
};

export type WebAuthnChallengeTable = {
  id: Generated<number>;
  public_id: string;
  challenge: string;
  purpose: 'registration' | 'authentication';
  user_id: number | null;
  expires_on: Date;
  created_at: CreatedAt;
};

export type PasswordRecoveryTable = {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_on: Date;
  used_on: Date | null;
  created_at: CreatedAt;
};

export type EmailChangeTable = {
  id: Generated<number>;
  user_id: number;
  new_email_address: string;
  token_hash: string;
  expires_on: Date;
  created_at: CreatedAt;
};

export type SsoIdentityProviderTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  name: string;
  issuer_url: string;
  client_id: string;
  client_secret_sealed: string;
  allowed_domains: Json<string[]>;
  logo_url: string | null;
  created_at: CreatedAt;
};

export type SsoLoginTable = {
  id: Generated<number>;
  state_hash: string;
  /** Hash of the secret the starting browser keeps; the callback must bring it. */
  binding_hash: string;
  provider_id: number;
  code_verifier: string;
  nonce: string;
  expires_on: Date;
  created_at: CreatedAt;
};

export type SsoLinkTable = {
  id: Generated<number>;
  provider_id: number;
  user_id: number;
  subject: string;
  created_at: CreatedAt;
};

export type SignInEventTable = {
  id: Generated<string>;
  public_id: string;
  user_id: number | null;
  attempted_email_address: string | null;
  kind: SignInEventKind;
  outcome: 'success' | 'failure';
  detail: string | null;
  client: string | null;
  address: string | null;
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

export type TranslationTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  key: string;
  languages: Json<Record<string, string>>;
  created_at: CreatedAt;
};

/** A company's value of a `company` custom field or of a setting `custom.*` (0018). */
export type CompanyCustomPropertyTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  key: string;
  custom_field_id: number | null;
  value: Json<string | number | boolean>;
  created_at: CreatedAt;
};

/** A company's own link in the portal menu (0018). */
export type MenuItemTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  name: string | null;
  translation_key: string | null;
  url: string;
  icon: string;
  sort_order: number;
  audience_id: number | null;
  created_at: CreatedAt;
};

export type CompanyAppTable = {
  company_id: number;
  app: string;
  config: Json<Record<string, unknown>>;
  installed_at: CreatedAt;
  installed_by_user_id: number | null;
};

export type LicenceTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  type: string;
  seats: number;
  valid_from: Date;
  valid_until: Date;
  granted_by: string;
  created_at: CreatedAt;
};

export type CouponTable = {
  id: Generated<number>;
  code_hash: string;
  type: string;
  days: number;
  created_at: CreatedAt;
  redeemed_at: Date | null;
  redeemed_by_company_id: number | null;
};

export type AgentAppActivationTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  agent_id: number;
  app: 'dataLogging' | 'alarming';
  source: 'trial' | 'licence' | 'coupon' | 'bundle';
  licence_id: number | null;
  coupon_id: number | null;
  starts_on: Date;
  ends_on: Date | null;
  deactivated_at: Date | null;
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
  entity: CustomFieldEntity;
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
  /** A server process's own registration (migration 0030): where other processes reach its relay. */
  internal_url: ColumnType<string | null, string | null | undefined, string | null>;
  heartbeat_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The heartbeat plus the process's allowance: past it the process counts as dead. */
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  stopped_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
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
  /** A gateway with a display shows the company's screensaver; added by 0019-screensaver. */
  has_display: Generated<boolean>;
  created_at: CreatedAt;
};

export type RouterDisplayScreensaverTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  agent_id: number;
  content_type: string;
  bytes: Uint8Array;
  size: number;
  sha256: string;
  created_at: CreatedAt;
  created_by_user_id: number | null;
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
  /** How the browser reaches it (0022-web-access). */
  type: Generated<ServiceType>;
  /** An https service whose self-signed certificate is accepted (0022). */
  accept_self_signed: Generated<boolean>;
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
  /** Temporary access ends here (0020-temporary-access); null lasts until removed. */
  expires_on: Date | null;
};

export type VpnSessionTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  agent_id: number;
  platform_server_id: number;
  /** The data relays (mdr) of the session: for data, and for logging data (migration 0016). */
  mdr_server_id: ColumnType<number | null, number | null | undefined, number | null>;
  logging_mdr_server_id: ColumnType<number | null, number | null | undefined, number | null>;
  vpn_address: string;
  started_at: Generated<Date>;
  ended_at: Date | null;
};

type Bigint = ColumnType<string, number | string | bigint, number | string | bigint>;
/** A bigint column with a default. */
type BigintDefault = ColumnType<string, number | string | bigint | undefined, number | string | bigint>;

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
  /** The server process that carries the session (migration 0030); null for older rows. */
  platform_server_id: ColumnType<number | null, number | null | undefined, number | null>;
};

export type CompanyDataUsageTable = {
  company_id: number;
  day: string;
  /** The day's total; more than in + out on days counted before directions were (migration 0016). */
  bytes: Bigint;
  /** Bytes sent to the company's devices. */
  bytes_in: BigintDefault;
  /** Bytes from the company's devices. */
  bytes_out: BigintDefault;
};

export type AgentDataUsageTable = {
  company_id: number;
  agent_id: number;
  day: string;
  bytes_in: BigintDefault;
  bytes_out: BigintDefault;
};

export type AccessRequestStatus = 'pending' | 'approved' | 'rejected' | 'revoked';

export type AccessRequestTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  agent_id: number;
  /** The asset the request was made for, if any (0022-web-access). */
  asset_id: number | null;
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

/** One browser's web access to one service (0022-web-access). */
export type WebAccessSessionTable = {
  id: Generated<number>;
  public_id: string;
  host_id: string;
  company_id: number;
  agent_id: number;
  agent_server_id: number;
  user_id: number;
  kind: 'http' | 'vnc';
  view_only: Generated<boolean>;
  token_hash: string;
  token_expires_on: Date;
  token_used_at: Date | null;
  cookie_hash: string | null;
  client_session_id: number | null;
  created_at: CreatedAt;
  last_used_at: Generated<Date>;
  ended_at: Date | null;
  end_reason: string | null;
  /** The company whose identity provider made the sign-in that opened it; null: not SSO (0033). */
  sso_company_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** False for sessions opened before 0033, whose sign-in was not recorded. */
  sign_in_known: Generated<boolean>;
};

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
  /** The company whose identity provider made the sign-in that asked; null: not SSO (0033). */
  sso_company_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
};

/** A company's or a sector's privacy statement: Markdown by language (0012-terms-of-use). */
export type PrivacyStatementTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number | null;
  sector_id: number | null;
  languages: ColumnType<Record<string, string>, string | undefined, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

/** One version of a company's or a sector's terms of use, never changed once written. */
export type TermsOfUsePolicyTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number | null;
  sector_id: number | null;
  version: number;
  languages: ColumnType<Record<string, string>, string, never>;
  created_by_user_id: number | null;
  created_at: CreatedAt;
};

/** A user's acceptance of a terms-of-use policy version, with the address it came from. */
export type TermsOfUseAcceptanceTable = {
  id: Generated<number>;
  public_id: string;
  user_id: number;
  policy_id: number;
  accepted_at: CreatedAt;
  client_address: string | null;
};

/** Where an agent's values come from (0023-data-logging). */
export type DataSourceTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  agent_id: number;
  name: string;
  kind: 'modbus' | 'mqtt' | 'function';
  agent_server_id: number | null;
  unit_id: Generated<number>;
  mqtt_broker_id: number | null;
  created_at: CreatedAt;
};

/** One logged value of an agent (0023-data-logging). */
export type TagTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  agent_id: number;
  data_source_id: number;
  name: string;
  address: string;
  data_type: 'bool' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'float32' | 'float64';
  scale: Generated<number>;
  unit: Generated<string>;
  sample_interval_seconds: Generated<number>;
  log_mode: Generated<'change' | 'interval'>;
  last_time: Date | null;
  last_value: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

/** Partitioned by month on time (0023-data-logging). */
export type SampleTable = { tag_id: number; time: Date; value: number };

/** Per-minute and per-hour roll-ups of samples (0023-data-logging). */
export type SampleRollupTable = {
  tag_id: number;
  bucket: Date;
  min: number;
  max: number;
  sum: number;
  count: ColumnType<string, number | string, number | string>;
  last_time: Date;
  last_value: number;
};

/** Deleted tags whose samples are still to be removed (0023-data-logging). */
export type TagPurgeTable = { tag_id: number };

export type AgentLoggingStateTable = {
  agent_id: number;
  config_version: Generated<number>;
  samples_stored: ColumnType<string, number | string | undefined, number | string>;
  samples_dropped: ColumnType<string, number | string | undefined, number | string>;
  last_sample_at: Date | null;
  last_batch_at: Date | null;
  last_batch_id: string | null;
};

/** (0024-alarms) */
export type AlarmConditionTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  agent_id: number;
  tag_id: number;
  name: string;
  kind: 'above' | 'below' | 'equal' | 'changed';
  threshold: number | null;
  hysteresis: Generated<number>;
  delay_seconds: Generated<number>;
  severity: Generated<'info' | 'warning' | 'critical'>;
  enabled: Generated<boolean>;
  pending_since: Date | null;
  last_value: number | null;
  last_time: Date | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type AlarmTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  agent_id: number;
  condition_id: number;
  tag_id: number;
  severity: 'info' | 'warning' | 'critical';
  value: number;
  raised_at: Date;
  acknowledged_at: Date | null;
  acknowledged_by_user_id: number | null;
  comment: string | null;
  cleared_at: Date | null;
  created_at: CreatedAt;
};

export type AlarmSubscriptionTable = {
  user_id: number;
  agent_id: number;
  company_id: number;
  created_at: CreatedAt;
};

export type AlarmMailTable = { alarm_id: number; user_id: number; created_at: CreatedAt };

/** (0025-pages) */
export type PageTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  title: string;
  kind: Generated<'dashboard' | 'report'>;
  is_default: Generated<boolean>;
  group_id: number | null;
  draft_version_id: number | null;
  published_version_id: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type PageVersionTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  page_id: number;
  title: string;
  icon: string | null;
  group_id: number | null;
  period_spec: Generated<string>;
  components: ColumnType<unknown[], string | undefined, string>;
  preview_agent_id: number | null;
  preview_asset_id: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type PageVersionPageTable = { page_version_id: number; sub_page_id: number; sort_order: number };
export type PageAgentTable = { page_id: number; agent_id: number };
export type PageAssetTable = { page_id: number; asset_id: number };

/** (0026-reports) */
export type ReportScheduleTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  page_id: number;
  agent_id: number | null;
  asset_id: number | null;
  frequency: 'daily' | 'weekly' | 'monthly';
  time_zone: string;
  created_by_user_id: number | null;
  next_run_at: Date;
  last_run_at: Date | null;
  created_at: CreatedAt;
};

export type ReportScheduleRecipientTable = { schedule_id: number; user_id: number };

/** A company's function (0027-backend-components). */
export type BackendComponentTemplateTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  name: string;
  description: Generated<string>;
  code: string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type BackendComponentTemplateShareTable = {
  id: Generated<number>;
  public_id: string;
  template_id: number;
  /** The company the template is shared with. */
  company_id: number;
  created_at: CreatedAt;
};

export type BackendComponentTemplateConfigTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  template_id: number;
  values: ColumnType<Record<string, string>, string | undefined, string>;
  /** Name → sealed value (secret-box); never returned. */
  secrets: ColumnType<Record<string, string>, string | undefined, string>;
  allowed_hosts: ColumnType<string[], string | undefined, string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type BackendComponentSubscriptionKind =
  'tagSamples' | 'alarmRaised' | 'accessRequestDecided' | 'agentStatus' | 'schedule';

export type BackendComponentMessageSubscriptionTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  template_id: number;
  kind: BackendComponentSubscriptionKind;
  agent_id: number | null;
  cron: string | null;
  enabled: Generated<boolean>;
  last_scheduled_for: Date | null;
  /** Runs lost because the company's function queue was full. */
  dropped_runs: Generated<number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type BackendComponentSubscriptionTagTable = { subscription_id: number; tag_id: number };

export type BackendComponentRunTable = {
  id: Generated<string>;
  company_id: number;
  template_id: number;
  subscription_id: number | null;
  trigger: string;
  status: 'ok' | 'error' | 'timeout' | 'memory';
  started_at: Date;
  duration_ms: number;
  logs: ColumnType<{ level: string; text: string; at: string }[], string | undefined, string>;
  result: ColumnType<unknown, string | null | undefined, string | null>;
  error: string | null;
};

export type ReportJobTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  page_id: number;
  agent_id: number | null;
  asset_id: number | null;
  period_start: Date;
  period_end: Date;
  time_zone: string;
  requested_by_user_id: number | null;
  schedule_id: number | null;
  state: Generated<'queued' | 'running' | 'done' | 'failed'>;
  progress: Generated<number>;
  attempts: Generated<number>;
  locked_until: Date | null;
  error: string | null;
  file: Uint8Array | null;
  file_name: string | null;
  size_bytes: number | null;
  created_at: CreatedAt;
  started_at: Date | null;
  /** The last time a worker took the job (fair claiming across companies). */
  claimed_at: Date | null;
  finished_at: Date | null;
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
  agent_data_usage: AgentDataUsageTable;
  access_requests: AccessRequestTable;
  access_request_servers: AccessRequestServerTable;
  access_request_approvers: AccessRequestApproverTable;
  relay_tickets: RelayTicketTable;
  web_access_sessions: WebAccessSessionTable;
  audiences: AudienceTable;
  invites: InviteTable;
  users: UserTable;
  companies: CompanyTable;
  sectors: SectorTable;
  privacy_statements: PrivacyStatementTable;
  terms_of_use_policies: TermsOfUsePolicyTable;
  terms_of_use_acceptances: TermsOfUseAcceptanceTable;
  brandings: BrandingTable;
  branding_images: BrandingImageTable;
  roles: RoleTable;
  memberships: MembershipTable;
  access_tokens: AccessTokenTable;
  registrations: RegistrationTable;
  audit_logs: AuditLogTable;
  messages: MessageTable;
  custom_fields: CustomFieldTable;
  mqtt_brokers: MqttBrokerTable;
  group_types: GroupTypeTable;
  translations: TranslationTable;
  company_apps: CompanyAppTable;
  router_display_screensavers: RouterDisplayScreensaverTable;
  licences: LicenceTable;
  coupons: CouponTable;
  agent_app_activations: AgentAppActivationTable;
  company_custom_properties: CompanyCustomPropertyTable;
  menu_items: MenuItemTable;
  groups: GroupTable;
  asset_types: AssetTypeTable;
  assets: AssetTable;
  recovery_codes: RecoveryCodeTable;
  trusted_devices: TrustedDeviceTable;
  webauthn_credentials: WebAuthnCredentialTable;
  webauthn_challenges: WebAuthnChallengeTable;
  password_recoveries: PasswordRecoveryTable;
  email_changes: EmailChangeTable;
  sso_identity_providers: SsoIdentityProviderTable;
  sso_logins: SsoLoginTable;
  sso_links: SsoLinkTable;
  sign_in_events: SignInEventTable;
  data_sources: DataSourceTable;
  tags: TagTable;
  samples: SampleTable;
  samples_1m: SampleRollupTable;
  samples_1h: SampleRollupTable;
  tag_purges: TagPurgeTable;
  agent_logging_states: AgentLoggingStateTable;
  alarm_conditions: AlarmConditionTable;
  alarms: AlarmTable;
  alarm_subscriptions: AlarmSubscriptionTable;
  alarm_mails: AlarmMailTable;
  pages: PageTable;
  page_versions: PageVersionTable;
  page_version_pages: PageVersionPageTable;
  page_agents: PageAgentTable;
  page_assets: PageAssetTable;
  report_schedules: ReportScheduleTable;
  report_schedule_recipients: ReportScheduleRecipientTable;
  report_jobs: ReportJobTable;
  backend_component_templates: BackendComponentTemplateTable;
  backend_component_template_shares: BackendComponentTemplateShareTable;
  backend_component_template_configs: BackendComponentTemplateConfigTable;
  backend_component_message_subscriptions: BackendComponentMessageSubscriptionTable;
  backend_component_subscription_tags: BackendComponentSubscriptionTagTable;
  backend_component_runs: BackendComponentRunTable;
  webhooks: WebhookTable;
  webhook_deliveries: WebhookDeliveryTable;
  jobs: JobTable;
  job_schedules: JobScheduleTable;
};

export type UserRow = Selectable<UserTable>;
export type CompanyRow = Selectable<CompanyTable>;
export type SectorRow = Selectable<SectorTable>;
export type BrandingRow = Selectable<BrandingTable>;
export type RoleRow = Selectable<RoleTable>;
export type MembershipRow = Selectable<MembershipTable>;
export type NewAuditLog = Insertable<AuditLogTable>;
export type GroupTypeRow = Selectable<GroupTypeTable>;
export type TranslationRow = Selectable<TranslationTable>;
export type AssetTypeRow = Selectable<AssetTypeTable>;
export type AudienceRow = Selectable<AudienceTable>;
export type InviteRow = Selectable<InviteTable>;
export type CustomFieldRow = Selectable<CustomFieldTable>;
export type MqttBrokerRow = Selectable<MqttBrokerTable>;
export type CompanyCustomPropertyRow = Selectable<CompanyCustomPropertyTable>;
export type MenuItemRow = Selectable<MenuItemTable>;

export type WebhookTable = {
  id: Generated<number>;
  public_id: string;
  company_id: number;
  name: string;
  url: string;
  /** The domain event types it receives (WebhookEventType[]). */
  event_types: Json<string[]>;
  enabled: Generated<boolean>;
  /** AES-256-GCM box of the signing secret (auth/secret-box.ts); never returned after creation. */
  secret_sealed: string;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, never, Date>;
};
export type WebhookRow = Selectable<WebhookTable>;

export type WebhookDeliveryTable = {
  id: Generated<string>;
  public_id: string;
  webhook_id: number;
  company_id: number;
  event_type: string;
  body: string;
  state: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Date;
  last_attempt_at: Date | null;
  finished_at: Date | null;
  duration_ms: number | null;
  response_status: number | null;
  response_snippet: string | null;
  error: string | null;
  created_at: CreatedAt;
};
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;

/** The database job queue (jobs/queue): one row per run of a named handler. */
export type JobTable = {
  id: Generated<string>;
  name: string;
  payload: ColumnType<unknown, string | undefined, string>;
  state: Generated<'queued' | 'running' | 'done' | 'failed'>;
  run_at: Generated<Date>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_until: Date | null;
  last_error: string | null;
  dedupe_key: string | null;
  /** The company whose work it is, for jobs shared out fairly between companies (function runs). */
  company_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
};
export type JobRow = Selectable<JobTable>;

export type JobScheduleTable = {
  name: string;
  every_ms: number | null;
  cron: string | null;
  next_run_at: Date;
  last_run_at: Date | null;
};
