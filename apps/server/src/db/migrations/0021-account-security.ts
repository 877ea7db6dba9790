import { sql, type Kysely } from 'kysely';

const createdAt = sql`timestamptz(3) not null default clock_timestamp()`;

// Account security (issue 14): second factors (TOTP with recovery codes, passkeys), trusted
// browsers, password recovery, e-mail changes, per-company sign-in rules, single sign-on with
// OpenID Connect and the sign-in history. Every secret a link or a browser carries is stored
// only as its SHA-256 hash (auth/secrets.ts); the SSO client secrets are sealed like the MQTT
// passwords (auth/secret-box.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  // users.totp_secret (0001) is the confirmed secret; the pending one waits for its first code.
  await sql`alter table users add column totp_pending_secret text`.execute(db);
  // The last TOTP time step accepted: a code of that step or earlier is never taken again.
  await sql`alter table users add column totp_last_step bigint`.execute(db);

  await sql`
    create table recovery_codes (
      id integer generated always as identity primary key,
      user_id integer not null references users(id) on delete cascade,
      code_hash text not null,
      used_on timestamptz(3),
      created_at ${createdAt},
      unique (user_id, code_hash)
    )`.execute(db);

  await sql`
    create table trusted_devices (
      id integer generated always as identity primary key,
      public_id text not null unique,
      user_id integer not null references users(id) on delete cascade,
      secret_hash text not null unique,
      client text,
      address text,
      expires_on timestamptz(3) not null,
      last_used_on timestamptz(3),
      created_at ${createdAt}
    )`.execute(db);
  await sql`create index trusted_devices_user_page on trusted_devices (user_id, created_at, public_id)`.execute(
    db,
  );

  await sql`
    create table webauthn_credentials (
      id integer generated always as identity primary key,
      public_id text not null unique,
      user_id integer not null references users(id) on delete cascade,
      credential_id text not null unique,
      public_key bytea not null,
      counter bigint not null default 0,
      transports jsonb not null default '[]',
      name text not null,
      last_used_on timestamptz(3),
      created_at ${createdAt}
    )`.execute(db);
  await sql`create index webauthn_credentials_user_page on webauthn_credentials (user_id, created_at, public_id)`.execute(
    db,
  );

  // One row per ceremony; taken (deleted) by the answer, so a challenge is good once.
  await sql`
    create table webauthn_challenges (
      id integer generated always as identity primary key,
      public_id text not null unique,
      challenge text not null unique,
      purpose text not null check (purpose in ('registration', 'authentication')),
      user_id integer references users(id) on delete cascade,
      expires_on timestamptz(3) not null,
      created_at ${createdAt}
    )`.execute(db);

  await sql`
    create table password_recoveries (
      id integer generated always as identity primary key,
      user_id integer not null references users(id) on delete cascade,
      token_hash text not null unique,
      expires_on timestamptz(3) not null,
      used_on timestamptz(3),
      created_at ${createdAt}
    )`.execute(db);
  await sql`create index password_recoveries_user on password_recoveries (user_id)`.execute(db);

  await sql`
    create table email_changes (
      id integer generated always as identity primary key,
      user_id integer not null references users(id) on delete cascade,
      new_email_address text not null,
      token_hash text not null unique,
      expires_on timestamptz(3) not null,
      created_at ${createdAt}
    )`.execute(db);
  await sql`create index email_changes_user on email_changes (user_id)`.execute(db);

  // The company's sign-in rules. The grace period of enforced two-factor counts from the later
  // of the rule's start and the member's joining.
  await sql`alter table companies add column two_factor_required boolean not null default false`.execute(db);
  await sql`alter table companies add column two_factor_grace_days integer not null default 0`.execute(db);
  await sql`alter table companies add column two_factor_required_since timestamptz(3)`.execute(db);
  await sql`alter table companies add column sso_required boolean not null default false`.execute(db);

  // How the sign-in a token descends from was made: 'password', 'passkey' or 'sso'.
  await sql`alter table access_tokens add column auth_method text not null default 'password'`.execute(db);

  await sql`
    create table sso_identity_providers (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      issuer_url text not null,
      client_id text not null,
      client_secret_sealed text not null,
      allowed_domains jsonb not null default '[]',
      logo_url text,
      created_at ${createdAt}
    )`.execute(db);
  await sql`create unique index sso_identity_providers_company_name on sso_identity_providers (company_id, lower(name))`.execute(
    db,
  );
  await sql`create index sso_identity_providers_company_page on sso_identity_providers (company_id, created_at, public_id)`.execute(
    db,
  );

  // A session made by single sign-on reaches only the company whose provider vouched for it.
  await sql`alter table access_tokens add column sso_company_id integer references companies(id) on delete cascade`.execute(
    db,
  );

  // An authorization request in flight: state (hashed), PKCE verifier and nonce; taken once, and
  // only by the browser that started it (binding_hash: a secret that browser keeps).
  await sql`
    create table sso_logins (
      id integer generated always as identity primary key,
      state_hash text not null unique,
      binding_hash text not null,
      provider_id integer not null references sso_identity_providers(id) on delete cascade,
      code_verifier text not null,
      nonce text not null,
      expires_on timestamptz(3) not null,
      created_at ${createdAt}
    )`.execute(db);

  // A user's identity at a provider (the provider's subject), linked at the first SSO sign-in.
  await sql`
    create table sso_links (
      id integer generated always as identity primary key,
      provider_id integer not null references sso_identity_providers(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      subject text not null,
      created_at ${createdAt},
      unique (provider_id, subject)
    )`.execute(db);
  await sql`create index sso_links_user on sso_links (user_id)`.execute(db);

  await sql`
    create table sign_in_events (
      id bigint generated always as identity primary key,
      public_id text not null unique,
      user_id integer references users(id) on delete cascade,
      attempted_email_address text,
      kind text not null,
      outcome text not null check (outcome in ('success', 'failure')),
      detail text,
      client text,
      address text,
      created_at ${createdAt}
    )`.execute(db);
  await sql`create index sign_in_events_user_page on sign_in_events (user_id, created_at, public_id)`.execute(
    db,
  );
  await sql`create index sign_in_events_page on sign_in_events (created_at, public_id)`.execute(db);
}
