import { describe, expect, it } from 'vitest';
import { errorMessages, type MyUser } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { insertTrustedDevice } from '../trusted-devices/trusted-device.repository.ts';

const t = useTestServer({ loginLimits: { perAccount: 5, perAddress: 100_000, windowSeconds: 600 } });

async function userId(publicId: string) {
  const row = await t.server.db
    .selectFrom('users')
    .select('id')
    .where('public_id', '=', publicId)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function eventsOf(publicId: string) {
  return t.server.db
    .selectFrom('sign_in_events')
    .select(['kind', 'outcome', 'detail'])
    .where('user_id', '=', await userId(publicId))
    .orderBy('id')
    .execute();
}

async function trustBrowser(publicId: string) {
  await insertTrustedDevice(t.server.db, {
    userId: await userId(publicId),
    secretHash: `hash-${t.unique()}`,
    client: 'test',
    address: '127.0.0.1',
    expiresOn: new Date(Date.now() + 86_400_000),
  });
}

async function trustedCount(publicId: string) {
  const rows = await t.server.db
    .selectFrom('trusted_devices')
    .select('id')
    .where('user_id', '=', await userId(publicId))
    .execute();
  return rows.length;
}

const myUser = async (token: string) => (await t.call('GET', 'MyUser', { token })).body.data as MyUser;

/** The token of the newest e-mail change link mailed to an address. */
async function emailChangeToken(emailAddress: string) {
  const links = (await t.mailsTo(emailAddress)).flatMap((text) =>
    [...text.matchAll(/\/my-profile\/confirm-email\?token=([A-Za-z0-9_-]{43})/g)].map((m) => m[1]!),
  );
  const token = links.at(-1);
  if (!token) throw new Error(`no e-mail change link was mailed to ${emailAddress}`);
  return token;
}

describe('PATCH MyUser name', () => {
  it('stores the trimmed name, answers it in MyUser and audits the change', async () => {
    const user = await t.newUser('Old Name');
    const response = await t.call('PATCH', 'MyUser', {
      token: user.token,
      body: { name: '  Ada Lovelace ' },
    });
    expect(response.status).toBe(200);
    expect((response.body.data as MyUser).name).toBe('Ada Lovelace');
    expect((await myUser(user.token)).name).toBe('Ada Lovelace');
    const audit = await t.server.db
      .selectFrom('audit_logs')
      .select(['before', 'after'])
      .where('resource_rel', '=', 'MyUser')
      .where('resource_public_id', '=', user.publicId)
      .execute();
    expect(audit).toEqual([
      {
        before: { publicId: user.publicId, name: 'Old Name' },
        after: { publicId: user.publicId, name: 'Ada Lovelace' },
      },
    ]);
  });

  it('changes name and language together', async () => {
    const user = await t.newUser();
    const response = await t.call('PATCH', 'MyUser', {
      token: user.token,
      body: { name: 'Grace', language: 'de' },
    });
    expect(response.body.data).toMatchObject({ name: 'Grace', language: 'de' });
  });

  it.each([[''], ['   '], ['x'.repeat(256)], [42], [null]])(
    'refuses name %j with a 400 naming name',
    async (name) => {
      const user = await t.newUser('Kept');
      const response = await t.call('PATCH', 'MyUser', { token: user.token, body: { name } });
      expect(response.status).toBe(400);
      expect(response.body.data).toEqual([expect.objectContaining({ propertyName: 'name' })]);
      expect((await myUser(user.token)).name).toBe('Kept');
    },
  );

  it('is 401 without a session', async () => {
    expect((await t.call('PATCH', 'MyUser', { body: { name: 'X' } })).status).toBe(401);
  });
});

describe('MyEmailAddressChange and MyEmailAddressConfirmation', () => {
  it('changes the address once the link mailed to the new address is used, once', async () => {
    const user = await t.newUser();
    const newAddress = `moved-${t.unique()}@example.com`;
    const asked = await t.call('POST', 'MyEmailAddressChange', {
      token: user.token,
      body: { emailAddress: newAddress, password: user.password },
    });
    expect(asked.status).toBe(202);
    expect(asked.body.data).toEqual({ emailAddress: newAddress, confirmationSent: true });
    // Nothing changes before the link is used; the old address hears about it.
    expect((await myUser(user.token)).emailAddress).toBe(user.emailAddress);
    const [notice] = await t.mailsTo(user.emailAddress).then((mails) => mails.slice(-1));
    expect(notice).toContain('Subject: Your Fleetgate e-mail address is being changed');
    expect(notice).toContain(newAddress);
    const [confirmMail] = await t.mailsTo(newAddress);
    expect(confirmMail).toContain(`${t.server.baseUrl}/my-profile/confirm-email?token=`);

    const token = await emailChangeToken(newAddress);
    const stored = await t.server.db.selectFrom('email_changes').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    const confirmed = await t.call('POST', 'MyEmailAddressConfirmation', { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({ publicId: user.publicId, emailAddress: newAddress });
    expect((await myUser(user.token)).emailAddress).toBe(newAddress);
    expect((await t.login(newAddress, user.password)).status).toBe(201);
    expect((await t.login(user.emailAddress, user.password)).status).toBe(401);
    expect(await eventsOf(user.publicId)).toContainEqual({
      kind: 'emailChange',
      outcome: 'success',
      detail: null,
    });
    const audit = await t.server.db
      .selectFrom('audit_logs')
      .select(['before', 'after'])
      .where('resource_rel', '=', 'MyUser')
      .where('resource_public_id', '=', user.publicId)
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      before: { publicId: user.publicId, emailAddress: user.emailAddress },
      after: { publicId: user.publicId, emailAddress: newAddress },
    });

    const again = await t.call('POST', 'MyEmailAddressConfirmation', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.data).toEqual([
      { message: 'E-mail change link is invalid or expired', propertyName: 'token' },
    ]);
  });

  it('answers the same for an address that has an account, and tells that address instead', async () => {
    const user = await t.newUser();
    const other = await t.newUser();
    const free = `free-${t.unique()}@example.com`;
    const taken = await t.call('POST', 'MyEmailAddressChange', {
      token: user.token,
      body: { emailAddress: other.emailAddress, password: user.password },
    });
    const fresh = await t.call('POST', 'MyEmailAddressChange', {
      token: user.token,
      body: { emailAddress: free, password: user.password },
    });
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual({
      ...fresh.body,
      data: { emailAddress: other.emailAddress, confirmationSent: true },
    });
    const mails = await t.mailsTo(other.emailAddress);
    expect(mails.at(-1)).toContain(
      'Subject: Someone tried to move a Fleetgate account to your e-mail address',
    );
    expect(mails.at(-1)).not.toContain('confirm-email');
  });

  it('refuses a wrong password with 400 naming password, records it, and spends the login budget', async () => {
    const user = await t.newUser();
    const body = { emailAddress: `x-${t.unique()}@example.com`, password: 'wrong password' };
    const wrong = await t.call('POST', 'MyEmailAddressChange', { token: user.token, body });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toEqual([{ message: errorMessages.passwordIncorrect, propertyName: 'password' }]);
    expect(await t.mailsTo(body.emailAddress)).toEqual([]);
    expect(await eventsOf(user.publicId)).toContainEqual({
      kind: 'emailChange',
      outcome: 'failure',
      detail: 'wrongPassword',
    });
    for (let i = 0; i < 4; i++) await t.call('POST', 'MyEmailAddressChange', { token: user.token, body });
    const blocked = await t.call('POST', 'MyEmailAddressChange', {
      token: user.token,
      body: { ...body, password: user.password },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses bad input with 400 naming the property, and needs a session to ask', async () => {
    const user = await t.newUser();
    const bad = await t.call('POST', 'MyEmailAddressChange', {
      token: user.token,
      body: { emailAddress: 'not an address', password: user.password },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([expect.objectContaining({ propertyName: 'emailAddress' })]);
    const missing = await t.call('POST', 'MyEmailAddressChange', {
      token: user.token,
      body: { emailAddress: 'a@example.com' },
    });
    expect(missing.body.data).toEqual([{ message: 'Required property', propertyName: 'password' }]);
    expect(
      (
        await t.call('POST', 'MyEmailAddressChange', {
          body: { emailAddress: 'a@example.com', password: 'x' },
        })
      ).status,
    ).toBe(401);
    for (const token of ['short', 'x'.repeat(43) + '!', 42]) {
      const response = await t.call('POST', 'MyEmailAddressConfirmation', { body: { token } });
      expect(response.status).toBe(400);
      expect(response.body.data).toEqual([expect.objectContaining({ propertyName: 'token' })]);
    }
    const unknown = await t.call('POST', 'MyEmailAddressConfirmation', { body: { token: 'a'.repeat(43) } });
    expect(unknown.status).toBe(400);
  });

  it('refuses an expired link', async () => {
    const user = await t.newUser();
    const newAddress = `late-${t.unique()}@example.com`;
    await t.call('POST', 'MyEmailAddressChange', {
      token: user.token,
      body: { emailAddress: newAddress, password: user.password },
    });
    await t.server.db
      .updateTable('email_changes')
      .set({ expires_on: new Date(Date.now() - 1000) })
      .where('new_email_address', '=', newAddress)
      .execute();
    const response = await t.call('POST', 'MyEmailAddressConfirmation', {
      body: { token: await emailChangeToken(newAddress) },
    });
    expect(response.status).toBe(400);
    expect((await myUser(user.token)).emailAddress).toBe(user.emailAddress);
  });

  it('refuses with 409 when the address was taken between asking and confirming', async () => {
    const user = await t.newUser();
    const newAddress = `race-${t.unique()}@example.com`;
    await t.call('POST', 'MyEmailAddressChange', {
      token: user.token,
      body: { emailAddress: newAddress, password: user.password },
    });
    const token = await emailChangeToken(newAddress);
    await t.register({ name: 'Quick', emailAddress: newAddress, password: 'another long password' });
    const response = await t.call('POST', 'MyEmailAddressConfirmation', { body: { token } });
    expect(response.status).toBe(409);
    expect(response.body.data).toEqual([
      { message: 'E-mail address already registered', propertyName: 'emailAddress' },
    ]);
    expect((await myUser(user.token)).emailAddress).toBe(user.emailAddress);
  });
});

describe('MyUserPassword and trusted browsers', () => {
  it('forgets every trusted browser and records the change', async () => {
    const user = await t.newUser();
    await trustBrowser(user.publicId);
    await trustBrowser(user.publicId);
    const response = await t.call('POST', 'MyUserPassword', {
      token: user.token,
      body: { oldPassword: user.password, newPassword: 'a brand new password' },
    });
    expect(response.status).toBe(200);
    expect(await trustedCount(user.publicId)).toBe(0);
    expect(await eventsOf(user.publicId)).toContainEqual({
      kind: 'passwordChange',
      outcome: 'success',
      detail: null,
    });
  });

  it('records a wrong old password and keeps the trusted browsers', async () => {
    const user = await t.newUser();
    await trustBrowser(user.publicId);
    const response = await t.call('POST', 'MyUserPassword', {
      token: user.token,
      body: { oldPassword: 'not my password', newPassword: 'a brand new password' },
    });
    expect(response.status).toBe(400);
    expect(await trustedCount(user.publicId)).toBe(1);
    expect(await eventsOf(user.publicId)).toContainEqual({
      kind: 'passwordChange',
      outcome: 'failure',
      detail: 'wrongPassword',
    });
  });

  it('ends the other sessions when asked and keeps this one', async () => {
    const user = await t.newUser();
    const other = (await t.login(user.emailAddress, user.password)).body.data as { secretId: string };
    await t.call('POST', 'MyUserPassword', {
      token: user.token,
      body: { oldPassword: user.password, newPassword: 'a brand new password', deleteAccessTokens: true },
    });
    expect((await t.call('GET', 'MyUser', { token: other.secretId })).status).toBe(401);
    expect((await t.call('GET', 'MyUser', { token: user.token })).status).toBe(200);
    expect(await eventsOf(user.publicId)).toContainEqual({
      kind: 'passwordChange',
      outcome: 'success',
      detail: 'otherSessionsEnded',
    });
  });
});
