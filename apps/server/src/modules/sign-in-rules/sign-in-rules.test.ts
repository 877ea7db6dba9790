import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { errorMessages, type CompanySignInRules, type MyUser } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();
type As = { token: string; company: string };

const dayMs = 24 * 60 * 60 * 1000;

async function userId(publicId: string) {
  const row = await t.server.db
    .selectFrom('users')
    .select('id')
    .where('public_id', '=', publicId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Gives the account a confirmed TOTP secret, as enrolment does (written directly, see the brief). */
async function giveTotp(publicId: string) {
  await t.server.db
    .updateTable('users')
    .set({ totp_secret: 'JBSWY3DPEHPK3PXP' })
    .where('public_id', '=', publicId)
    .execute();
}

async function addIdentityProvider(companyPublicId: string) {
  const company = await t.server.db
    .selectFrom('companies')
    .select('id')
    .where('public_id', '=', companyPublicId)
    .executeTakeFirstOrThrow();
  await t.server.db
    .insertInto('sso_identity_providers')
    .values({
      public_id: t.unique().slice(0, 12).padEnd(12, '0'),
      company_id: company.id,
      name: `Provider ${t.unique()}`,
      issuer_url: 'https://id.example.com',
      client_id: 'fleetgate',
      client_secret_sealed: 'sealed',
      allowed_domains: '[]',
    })
    .execute();
}

/** A company whose administrator has TOTP, so turning the rule on does not lock them out. */
async function setup() {
  const company = await t.newCompany();
  await giveTotp(company.admin.publicId);
  const admin: As = { token: company.admin.token, company: company.publicId };
  return { company, admin };
}

async function patchRules(as: As, body: unknown) {
  const response = await t.call('PATCH', 'CompanySignInRules', { ...as, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as CompanySignInRules;
}

async function myUser(as: As) {
  const response = await t.call('GET', 'MyUser', as);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as MyUser;
}

const blockedWith = (message: string) => ({
  type: 'Error',
  status: 'error',
  data: [{ message }],
});

describe('CompanySignInRules', () => {
  it('reads and changes the rules, stamping when two-factor was turned on, and audits the change', async () => {
    const { admin } = await setup();
    const initial = await t.call('GET', 'CompanySignInRules', admin);
    expect(initial.status).toBe(200);
    expect(initial.body.data).toEqual({
      twoFactorRequired: false,
      twoFactorGraceDays: 0,
      twoFactorRequiredSince: null,
      ssoRequired: false,
      hasIdentityProvider: false,
    });

    const on = await patchRules(admin, { twoFactorRequired: true, twoFactorGraceDays: 14 });
    expect(on).toMatchObject({ twoFactorRequired: true, twoFactorGraceDays: 14, ssoRequired: false });
    expect(Date.now() - Date.parse(on.twoFactorRequiredSince!)).toBeLessThan(60_000);
    // Changing the grace days keeps the start; an empty patch changes nothing.
    const longer = await patchRules(admin, { twoFactorGraceDays: 30 });
    expect(longer.twoFactorRequiredSince).toBe(on.twoFactorRequiredSince);
    expect(await patchRules(admin, {})).toEqual(longer);
    const off = await patchRules(admin, { twoFactorRequired: false });
    expect(off).toMatchObject({
      twoFactorRequired: false,
      twoFactorGraceDays: 30,
      twoFactorRequiredSince: null,
    });

    const audit = await t.call('GET', 'AuditLogList', {
      ...admin,
      query: { filters: 'eq(resource.rel,"CompanySignInRules")' },
    });
    expect(audit.status, JSON.stringify(audit.body)).toBe(200);
    const entries = audit.body.data as { action: string; before: unknown; after: unknown }[];
    expect(entries).toHaveLength(3);
    expect(entries.map((e) => e.action)).toEqual(['UPDATE', 'UPDATE', 'UPDATE']);
  });

  it('refuses bad input with the property, without a session and without roles.manage', async () => {
    const { company, admin } = await setup();
    const bad: [unknown, string][] = [
      [{ twoFactorGraceDays: 91 }, 'twoFactorGraceDays'],
      [{ twoFactorGraceDays: -1 }, 'twoFactorGraceDays'],
      [{ twoFactorGraceDays: 1.5 }, 'twoFactorGraceDays'],
      [{ twoFactorGraceDays: '7' }, 'twoFactorGraceDays'],
      [{ twoFactorRequired: 'yes' }, 'twoFactorRequired'],
      [{ ssoRequired: null }, 'ssoRequired'],
    ];
    for (const [body, propertyName] of bad) {
      const response = await t.call('PATCH', 'CompanySignInRules', { ...admin, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.data).toEqual([expect.objectContaining({ propertyName })]);
    }
    const unknown = await t.call('PATCH', 'CompanySignInRules', { ...admin, body: { allowPasswords: true } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toEqual([{ message: 'Unknown property: allowPasswords' }]);
    const array = await t.call('PATCH', 'CompanySignInRules', { ...admin, body: [] });
    expect(array.status).toBe(400);

    // Single sign-on needs an identity provider to sign in with.
    const noProvider = await t.call('PATCH', 'CompanySignInRules', { ...admin, body: { ssoRequired: true } });
    expect(noProvider.status).toBe(400);
    expect(noProvider.body.data).toEqual([
      { message: errorMessages.identityProviderMissing, propertyName: 'ssoRequired' },
    ]);

    for (const method of ['GET', 'PATCH']) {
      const body = method === 'PATCH' ? { twoFactorRequired: true } : undefined;
      expect((await t.call(method, 'CompanySignInRules', { company: company.publicId, body })).status).toBe(
        401,
      );
      const member = await t.newMember(company, ['users.invite']);
      const forbidden = await t.call(method, 'CompanySignInRules', {
        token: member.token,
        company: company.publicId,
        body,
      });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.data).toEqual([{ message: errorMessages.forbidden }]);
    }
    // Another company's rules are not reachable by naming it.
    const other = await t.newCompany();
    const foreign = await t.call('GET', 'CompanySignInRules', {
      token: admin.token,
      company: other.publicId,
    });
    expect(foreign.status).toBe(404);
    expect((await t.call('GET', 'CompanySignInRules', admin)).body.data).toMatchObject({
      twoFactorRequired: false,
    });
  });
});

describe('enforced two-factor', () => {
  it('blocks a member without a second factor in company calls, tells MyUser why, and lets them in once set up', async () => {
    const { company, admin } = await setup();
    const member = await t.newMember(company, ['users.invite']);
    const as: As = { token: member.token, company: company.publicId };
    // Warm the caches first: the rule must apply at once all the same.
    expect((await t.call('GET', 'UserList', as)).status).toBe(200);
    expect((await myUser(as)).signInRules).toEqual({
      twoFactorRequired: false,
      twoFactorGraceEndsOn: null,
      ssoRequired: false,
      blockedBy: null,
    });

    await patchRules(admin, { twoFactorRequired: true });
    for (const rel of ['UserList', 'AgentList']) {
      const refused = await t.call('GET', rel, as);
      expect(refused.status, rel).toBe(403);
      expect(refused.body).toEqual(blockedWith(errorMessages.twoFactorRequired));
    }
    const created = await t.call('POST', 'AgentList', { ...as, body: { name: 'Gateway' } });
    expect(created.status).toBe(403);
    // The live event stream signs in through the same check.
    const events = await t.call('GET', 'events', as);
    expect(events.status).toBe(403);
    expect(events.body).toEqual(blockedWith(errorMessages.twoFactorRequired));

    const me = await myUser(as);
    expect(me.company?.publicId).toBe(company.publicId);
    expect(me.signInRules).toEqual({
      twoFactorRequired: true,
      twoFactorGraceEndsOn: null,
      ssoRequired: false,
      blockedBy: 'twoFactor',
    });
    // The terms stay readable, and user-scoped calls have no company to be blocked in.
    expect((await t.call('GET', 'CompanyTermsOfUsePolicy', as)).status).toBe(200);
    expect((await t.call('GET', 'CompanyList', { token: member.token })).status).toBe(200);
    // The administrator, who has a second factor, works on.
    expect((await t.call('GET', 'UserList', admin)).status).toBe(200);

    await giveTotp(member.publicId);
    expect((await t.call('GET', 'UserList', as)).status).toBe(200);
    expect((await t.call('GET', 'AgentList', as)).status).toBe(200);
    expect((await myUser(as)).signInRules).toMatchObject({ blockedBy: null, twoFactorGraceEndsOn: null });
  });

  it('counts a passkey as a second factor', async () => {
    const { company, admin } = await setup();
    const member = await t.newMember(company);
    const as: As = { token: member.token, company: company.publicId };
    await patchRules(admin, { twoFactorRequired: true });
    expect((await t.call('GET', 'AgentList', as)).status).toBe(403);
    await t.server.db
      .insertInto('webauthn_credentials')
      .values({
        public_id: t.unique().slice(0, 12).padEnd(12, '0'),
        user_id: await userId(member.publicId),
        credential_id: `cred-${t.unique()}`,
        public_key: Buffer.from([1, 2, 3]),
        name: 'Laptop',
        transports: '[]',
      })
      .execute();
    expect((await t.call('GET', 'AgentList', as)).status).toBe(200);
  });

  it('lets a member act during the grace period, counted from the later of the rule and their joining', async () => {
    const { company, admin } = await setup();
    const member = await t.newMember(company);
    const as: As = { token: member.token, company: company.publicId };
    await patchRules(admin, { twoFactorRequired: true, twoFactorGraceDays: 7 });
    expect((await t.call('GET', 'AgentList', as)).status).toBe(200);
    const rules = (await myUser(as)).signInRules!;
    expect(rules.blockedBy).toBeNull();
    const endsOn = Date.parse(rules.twoFactorGraceEndsOn!);
    expect(Math.abs(endsOn - (Date.now() + 7 * dayMs))).toBeLessThan(60_000);

    // The rule began ten days ago: members who joined then are past their seven days, a member
    // who joined today still has theirs.
    const tenDaysAgo = new Date(Date.now() - 10 * dayMs);
    await t.server.db
      .updateTable('companies')
      .set({ two_factor_required_since: tenDaysAgo })
      .where('public_id', '=', company.publicId)
      .execute();
    const veteran = await t.newMember(company);
    // created_at is never written by the app; the test back-dates the joining directly.
    await sql`update memberships set created_at = ${tenDaysAgo} where public_id = ${veteran.membershipPublicId}`.execute(
      t.server.db,
    );
    const veteranAs: As = { token: veteran.token, company: company.publicId };
    expect((await t.call('GET', 'AgentList', veteranAs)).status).toBe(403);
    expect((await myUser(veteranAs)).signInRules).toMatchObject({ blockedBy: 'twoFactor' });
    const newcomer = await t.newMember(company);
    const newcomerAs: As = { token: newcomer.token, company: company.publicId };
    expect((await t.call('GET', 'AgentList', newcomerAs)).status).toBe(200);
    expect((await myUser(newcomerAs)).signInRules?.twoFactorGraceEndsOn).not.toBeNull();

    // Turning the rule off lets everyone in at once.
    await patchRules(admin, { twoFactorRequired: false });
    expect((await t.call('GET', 'AgentList', veteranAs)).status).toBe(200);
  });

  it('applies only in the company that requires it', async () => {
    const { company, admin } = await setup();
    const member = await t.newMember(company);
    const other = await t.newCompany();
    const memberId = await userId(member.publicId);
    const otherRow = await t.server.db
      .selectFrom('companies')
      .select('id')
      .where('public_id', '=', other.publicId)
      .executeTakeFirstOrThrow();
    const role = await t.server.db
      .selectFrom('roles')
      .select('id')
      .where('public_id', '=', other.adminRolePublicId)
      .executeTakeFirstOrThrow();
    await t.server.db
      .insertInto('memberships')
      .values({
        public_id: t.unique().slice(0, 12).padEnd(12, '0'),
        company_id: otherRow.id,
        user_id: memberId,
        role_id: role.id,
      })
      .execute();
    await patchRules(admin, { twoFactorRequired: true });
    expect(
      (await t.call('GET', 'AgentList', { token: member.token, company: company.publicId })).status,
    ).toBe(403);
    expect((await t.call('GET', 'AgentList', { token: member.token, company: other.publicId })).status).toBe(
      200,
    );
  });
});

describe('required single sign-on', () => {
  it('blocks password sessions and not sessions made through single sign-on', async () => {
    const { company, admin } = await setup();
    await addIdentityProvider(company.publicId);
    const member = await t.newMember(company);
    const as: As = { token: member.token, company: company.publicId };
    expect((await t.call('GET', 'AgentList', as)).status).toBe(200);
    const rules = await patchRules(admin, { ssoRequired: true });
    expect(rules).toMatchObject({ ssoRequired: true, hasIdentityProvider: true });

    const refused = await t.call('GET', 'AgentList', as);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(blockedWith(errorMessages.ssoRequired));
    expect((await myUser(as)).signInRules).toMatchObject({ ssoRequired: true, blockedBy: 'sso' });
    // The administrator signed in with a password too: a second factor does not replace SSO.
    expect((await t.call('GET', 'AgentList', admin)).status).toBe(403);

    const ssoAs: As = { token: await ssoSession(member, company.publicId), company: company.publicId };
    expect((await t.call('GET', 'AgentList', ssoAs)).status).toBe(200);
    expect((await myUser(ssoAs)).signInRules).toMatchObject({ ssoRequired: true, blockedBy: null });
  });

  it("counts only the company's own provider, and an SSO session reaches no other company", async () => {
    const { company, admin } = await setup();
    await addIdentityProvider(company.publicId);
    await patchRules(admin, { ssoRequired: true });
    const member = await t.newMember(company);
    // The member also runs a company of their own, with a provider they control.
    const own = await t.call('POST', 'CompanyList', {
      token: member.token,
      body: { name: `Own ${t.unique()}` },
    });
    const ownCompany = (own.body.data as { publicId: string }).publicId;

    const viaOwn = await ssoSession(member, ownCompany);
    const refused = await t.call('GET', 'AgentList', { token: viaOwn, company: company.publicId });
    expect(refused.status).toBe(404);
    expect(refused.body.data).toEqual([
      { message: errorMessages.companyNotFound, propertyName: 'Api-Company' },
    ]);
    expect((await t.call('GET', `Company/${company.publicId}`, { token: viaOwn })).status).toBe(404);
    const companies = await t.call('GET', 'CompanyList', { token: viaOwn });
    expect((companies.body.data as { publicId: string }[]).map((c) => c.publicId)).toEqual([ownCompany]);
    expect((await t.call('GET', 'AgentList', { token: viaOwn, company: ownCompany })).status).toBe(200);
  });

  it('keeps a blocked member from changing the company through its item route', async () => {
    const { company, admin } = await setup();
    await addIdentityProvider(company.publicId);
    await patchRules(admin, { ssoRequired: true });
    // The administrator (password session) may read the company the blocked page names, not change it.
    expect((await t.call('GET', `Company/${company.publicId}`, { token: admin.token })).status).toBe(200);
    const patched = await t.call('PATCH', `Company/${company.publicId}`, { token: admin.token, body: {} });
    expect(patched.status).toBe(403);
    expect(patched.body).toEqual(blockedWith(errorMessages.ssoRequired));
  });
});

/** A session for this member as single sign-on through the given company's provider makes one. */
async function ssoSession(member: { emailAddress: string; password: string }, companyPublicId: string) {
  const login = await t.login(member.emailAddress, member.password);
  const session = login.body.data as { publicId: string; secretId: string };
  const company = await t.server.db
    .selectFrom('companies')
    .select('id')
    .where('public_id', '=', companyPublicId)
    .executeTakeFirstOrThrow();
  await t.server.db
    .updateTable('access_tokens')
    .set({ auth_method: 'sso', sso_company_id: company.id })
    .where('public_id', '=', session.publicId)
    .execute();
  return session.secretId;
}
