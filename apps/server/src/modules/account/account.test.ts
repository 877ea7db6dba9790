import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer({ loginLimits: { perAccount: 3, perAddress: 1000, windowSeconds: 60 } });

describe('RegistrationList', () => {
  it.each([
    [{ emailAddress: 'a@example.com', password: 'long enough pw' }, 'name', 'Required property'],
    [{ name: '', emailAddress: 'a@example.com', password: 'long enough pw' }, 'name', 'Required property'],
    [
      { name: 'A', emailAddress: 'not-an-email', password: 'long enough pw' },
      'emailAddress',
      'Invalid e-mail address',
    ],
    [
      { name: 'A', emailAddress: 'a@example.com', password: 'short' },
      'password',
      'Too short: at least 8 characters',
    ],
    [
      { name: 'A', emailAddress: 'a@example.com', password: 'x'.repeat(129) },
      'password',
      'Too long: at most 128 characters',
    ],
    [
      { name: 'A', emailAddress: 'a@example.com', password: 12345678 },
      'password',
      'Invalid type: expected string',
    ],
    [
      { name: 'A', emailAddress: 'a@example.com', password: 'password123' },
      'password',
      'Password is too common',
    ],
    [
      { name: 'x'.repeat(256), emailAddress: 'a@example.com', password: 'long enough pw' },
      'name',
      'Too long: at most 255 characters',
    ],
  ])('refuses %j naming %s', async (body, propertyName, message) => {
    const response = await t.call('POST', 'RegistrationList', { body });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ propertyName, ...(message ? { message } : {}) })]),
    );
  });
});

describe('AccessTokenList', () => {
  it('issues a token that works as Bearer until it is revoked', async () => {
    const user = await t.newUser();
    const login = await t.login(user.emailAddress, user.password);
    expect(login.status).toBe(201);
    const token = login.body.data as { publicId: string; secretId: string; expiresOn: string };
    expect(token.secretId.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect(Date.parse(token.expiresOn) - Date.now()).toBeGreaterThan(3500_000);
    expect((await t.call('GET', 'MyUser', { token: token.secretId })).status).toBe(200);

    const stored = await t.server.db
      .selectFrom('access_tokens')
      .select('secret_hash')
      .where('public_id', '=', token.publicId)
      .executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(token.secretId);

    const revoked = await t.call('DELETE', 'AccessTokenList', {
      token: token.secretId,
      body: [{ publicId: token.publicId }],
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toEqual([{ publicId: token.publicId }]);
    expect((await t.call('GET', 'MyUser', { token: token.secretId })).status).toBe(401);
  });

  it("cannot revoke another user's token", async () => {
    const [a, b] = [await t.newUser(), await t.newUser()];
    const response = await t.call('DELETE', 'AccessTokenList', {
      token: a.token,
      body: [{ publicId: b.tokenPublicId }],
    });
    expect(response.status).toBe(404);
    expect((await t.call('GET', 'MyUser', { token: b.token })).status).toBe(200);
  });

  it('needs a token to revoke and a list to revoke', async () => {
    const user = await t.newUser();
    expect(
      (await t.call('DELETE', 'AccessTokenList', { body: [{ publicId: user.tokenPublicId }] })).status,
    ).toBe(401);
    const bad = await t.call('DELETE', 'AccessTokenList', {
      token: user.token,
      body: { publicId: user.tokenPublicId },
    });
    expect(bad.status).toBe(400);
  });

  it.each([59, 5_184_001, '3600', 1.5])('refuses expiresIn %j', async (expiresIn) => {
    const user = await t.newUser();
    const response = await t.call('POST', 'AccessTokenList', {
      headers: { Authorization: t.basic(user.emailAddress, user.password) },
      body: { expiresIn },
    });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([expect.objectContaining({ propertyName: 'expiresIn' })]);
  });

  it('accepts the bounds of expiresIn', async () => {
    const user = await t.newUser();
    for (const expiresIn of [60, 5_184_000]) {
      const response = await t.call('POST', 'AccessTokenList', {
        headers: { Authorization: t.basic(user.emailAddress, user.password) },
        body: { expiresIn },
      });
      expect(response.status).toBe(201);
    }
  });

  it('refuses wrong credentials with 401, and malformed Basic with 400', async () => {
    const user = await t.newUser();
    const wrong = await t.login(user.emailAddress, 'not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.body.data).toEqual([{ message: 'Invalid credentials' }]);
    expect((await t.login(`nobody-${t.unique()}@example.com`, 'whatever123')).status).toBe(401);
    const noHeader = await t.call('POST', 'AccessTokenList', { body: { expiresIn: 60 } });
    expect(noHeader.status).toBe(401);
    const malformed = await t.call('POST', 'AccessTokenList', {
      headers: { Authorization: 'Basic !!!' },
      body: { expiresIn: 60 },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.data).toEqual([expect.objectContaining({ propertyName: 'Authorization' })]);
  });

  it('accepts passwords containing colons', async () => {
    const emailAddress = `colon-${t.unique()}@example.com`;
    await t.register({ name: 'C', emailAddress, password: 'a:b:c:d:e:f' });
    expect((await t.login(emailAddress, 'a:b:c:d:e:f')).status).toBe(201);
  });

  it('after too many failures refuses even correct credentials with 429', async () => {
    const user = await t.newUser();
    for (let i = 0; i < 3; i += 1)
      expect((await t.login(user.emailAddress, 'wrong password')).status).toBe(401);
    const blocked = await t.login(user.emailAddress, user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      type: 'Error',
      status: 'error',
      data: [{ message: 'Too many attempts, try again later' }],
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not affected by this one's failures.
    const other = await t.newUser();
    expect((await t.login(other.emailAddress, other.password)).status).toBe(201);
  });

  it('asks for the one-time password when two-factor is on', async () => {
    const user = await t.newUser();
    const secret = new Secret();
    await t.server.db
      .updateTable('users')
      .set({ totp_secret: secret.base32 })
      .where('public_id', '=', user.publicId)
      .execute();
    const required = await t.login(user.emailAddress, user.password);
    expect(required.status).toBe(401);
    expect(required.body.data).toEqual([{ message: 'One-Time Password required', secondFactors: ['totp'] }]);
    const failed = await t.login(user.emailAddress, user.password, '000000');
    expect(failed.status).toBe(401);
    expect(failed.body.data).toEqual([{ message: 'One-Time Password failed' }]);
    const code = new TOTP({ secret, digits: 6, period: 30 }).generate();
    expect((await t.login(user.emailAddress, user.password, code)).status).toBe(201);
  });
});

describe('failed logins per address', () => {
  const limited = useTestServer({ loginLimits: { perAccount: 100, perAddress: 4, windowSeconds: 60 } });

  it('blocks an address that fails across many accounts', async () => {
    const user = await limited.newUser();
    for (let i = 0; i < 4; i += 1)
      await limited.login(`nobody-${i}-${limited.unique()}@example.com`, 'wrong password');
    expect((await limited.login(user.emailAddress, user.password)).status).toBe(429);
  });
});

describe('registrations per address', () => {
  const limited = useTestServer({ registrationsPerAddressPerHour: 2 });

  it('are limited', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      const body = {
        name: 'R',
        emailAddress: `r-${limited.unique()}@example.com`,
        password: 'long enough pw',
      };
      statuses.push((await limited.call('POST', 'RegistrationList', { body })).status);
    }
    expect(statuses).toEqual([202, 202, 429]);
  });
});

describe('MyUser', () => {
  it('needs a token', async () => {
    expect((await t.call('GET', 'MyUser')).status).toBe(401);
    expect((await t.call('GET', 'MyUser', { token: 'not-a-token' })).status).toBe(401);
  });

  it('shows a user without company with no capabilities', async () => {
    const user = await t.newUser('Solo');
    const response = await t.call('GET', 'MyUser', { token: user.token });
    expect(response.body.data).toMatchObject({
      publicId: user.publicId,
      name: 'Solo',
      company: null,
      role: null,
      capabilities: [],
    });
  });

  it('shows the company acted in, the role and its effective capabilities', async () => {
    const company = await t.newCompany();
    const member = await t.newMember(company, ['auditLogs.use']);
    const response = await t.call('GET', 'MyUser', { token: member.token, company: company.publicId });
    expect(response.body.data).toMatchObject({
      company: { publicId: company.publicId },
      role: { publicId: member.rolePublicId },
      capabilities: ['auditLogs.use'],
    });
    const admin = await t.call('GET', 'MyUser', { token: company.admin.token, company: company.publicId });
    expect((admin.body.data as { capabilities: string[] }).capabilities).toEqual(t.allCapabilities);
  });

  it('shows no company without Api-Company, even to a member of one', async () => {
    const company = await t.newCompany();
    const response = await t.call('GET', 'MyUser', { token: company.admin.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      publicId: company.admin.publicId,
      company: null,
      role: null,
      capabilities: [],
    });
  });

  it('never picks either company of a user in two by default', async () => {
    // A member of one company who then joins (here: creates) a second one.
    const first = await t.newCompany();
    const user = await t.newMember(first, ['auditLogs.use']);
    const created = await t.call('POST', 'CompanyList', { token: user.token, body: { name: t.unique() } });
    const second = created.body.data as { publicId: string };

    const myUser = await t.call('GET', 'MyUser', { token: user.token });
    expect(myUser.body.data).toMatchObject({ company: null, role: null, capabilities: [] });
    for (const rel of ['AuditLogList', 'UserList', 'AgentList']) {
      const response = await t.call('GET', rel, { token: user.token });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        type: 'Error',
        status: 'error',
        data: [{ message: 'No company selected', propertyName: 'Api-Company' }],
      });
    }
    for (const company of [first, second]) {
      const named = await t.call('GET', 'MyUser', { token: user.token, company: company.publicId });
      expect(named.body.data).toMatchObject({ company: { publicId: company.publicId } });
    }
  });

  it('ignores Api-Company on calls that are not about a company', async () => {
    const [mine, theirs] = [await t.newCompany(), await t.newCompany()];
    const response = await t.call('GET', 'CompanyList', {
      token: mine.admin.token,
      company: theirs.publicId,
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([expect.objectContaining({ publicId: mine.publicId })]);
  });

  it('treats a company the user is not in as not found', async () => {
    const [mine, theirs] = [await t.newCompany(), await t.newCompany()];
    const response = await t.call('GET', 'MyUser', { token: mine.admin.token, company: theirs.publicId });
    expect(response.status).toBe(404);
    expect(response.body.data).toEqual([{ message: 'Company not found', propertyName: 'Api-Company' }]);
  });
});

describe('MyUserPassword', () => {
  it('changes the password and can sign out other sessions', async () => {
    const user = await t.newUser();
    const other = (await t.login(user.emailAddress, user.password)).body.data as { secretId: string };
    const response = await t.call('POST', 'MyUserPassword', {
      token: user.token,
      body: { oldPassword: user.password, newPassword: 'a brand new passphrase', deleteAccessTokens: true },
    });
    expect(response.status).toBe(200);
    expect((await t.call('GET', 'MyUser', { token: other.secretId })).status).toBe(401);
    expect((await t.call('GET', 'MyUser', { token: user.token })).status).toBe(200);
    expect((await t.login(user.emailAddress, user.password)).status).toBe(401);
    expect((await t.login(user.emailAddress, 'a brand new passphrase')).status).toBe(201);
  });

  it('keeps other sessions unless asked', async () => {
    const user = await t.newUser();
    const other = (await t.login(user.emailAddress, user.password)).body.data as { secretId: string };
    await t.call('POST', 'MyUserPassword', {
      token: user.token,
      body: { oldPassword: user.password, newPassword: 'another new passphrase', deleteAccessTokens: false },
    });
    expect((await t.call('GET', 'MyUser', { token: other.secretId })).status).toBe(200);
  });

  it('refuses a wrong old password, a weak new one, and no token', async () => {
    const user = await t.newUser();
    const wrong = await t.call('POST', 'MyUserPassword', {
      token: user.token,
      body: { oldPassword: 'nope nope', newPassword: 'fine new passphrase', deleteAccessTokens: false },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toEqual([{ message: 'Old password is wrong', propertyName: 'oldPassword' }]);
    const weak = await t.call('POST', 'MyUserPassword', {
      token: user.token,
      body: { oldPassword: user.password, newPassword: 'qwerty123', deleteAccessTokens: false },
    });
    expect(weak.body.data).toEqual([{ message: 'Password is too common', propertyName: 'newPassword' }]);
    const short = await t.call('POST', 'MyUserPassword', {
      token: user.token,
      body: { oldPassword: user.password, newPassword: 'short' },
    });
    expect(short.body.data).toEqual([expect.objectContaining({ propertyName: 'newPassword' })]);
    expect((await t.call('POST', 'MyUserPassword', { body: {} })).status).toBe(401);
  });
});
