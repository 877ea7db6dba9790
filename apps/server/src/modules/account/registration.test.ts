import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();

const register = (body: object) => t.call('POST', 'RegistrationList', { body });

describe('POST RegistrationList', () => {
  it('creates no account until the link mailed to the address is used', async () => {
    const emailAddress = `new-${t.unique()}@example.com`;
    const response = await register({ name: 'Ada', emailAddress, password: 'correct horse battery' });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({
      type: 'Registration',
      status: 'success',
      data: { emailAddress, confirmationSent: true },
    });
    expect((await t.login(emailAddress, 'correct horse battery')).status).toBe(401);
    const [mail] = await t.mailsTo(emailAddress);
    expect(mail).toContain('Subject: Confirm your Fleetgate account');
    expect(mail).toContain(`${t.server.baseUrl}/register/confirm#`);

    const token = await t.confirmationToken(emailAddress);
    const confirmed = await t.call('POST', 'RegistrationConfirmationList', { body: { token } });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.data).toEqual({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      name: 'Ada',
      emailAddress,
    });
    const stored = await t.server.db
      .selectFrom('users')
      .select('password_hash')
      .where('email_address', '=', emailAddress)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect((await t.login(emailAddress, 'correct horse battery')).status).toBe(201);
    // The link works once.
    const again = await t.call('POST', 'RegistrationConfirmationList', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.data).toEqual([
      { message: 'Confirmation link is invalid or expired', propertyName: 'token' },
    ]);
  });

  it('answers an address that has an account exactly like a new one, and tells its owner instead', async () => {
    const user = await t.newUser();
    const newAddress = `fresh-${t.unique()}@example.com`;
    const taken = await register({
      name: 'Mallory',
      emailAddress: user.emailAddress.toUpperCase(),
      password: 'another long pw',
    });
    const fresh = await register({ name: 'Mallory', emailAddress: newAddress, password: 'another long pw' });
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual({
      ...fresh.body,
      data: { emailAddress: user.emailAddress.toUpperCase(), confirmationSent: true },
    });
    expect(Object.keys(taken.body.data as object)).toEqual(Object.keys(fresh.body.data as object));

    const mails = await t.mailsTo(user.emailAddress);
    expect(mails).toHaveLength(2); // the confirmation of the account, then the warning
    expect(mails[1]).toContain('Subject: Someone tried to register with your e-mail address');
    expect(mails[1]).toContain(`${t.server.baseUrl}/login`);
    expect(mails[1]).not.toContain('/register/confirm#');
    // The password the stranger chose opens nothing, and the owner's still does.
    expect((await t.login(user.emailAddress, 'another long pw')).status).toBe(401);
    expect((await t.login(user.emailAddress, user.password)).status).toBe(201);
  });

  it('lets the latest of several pending registrations of an address win, once', async () => {
    const emailAddress = `twice-${t.unique()}@example.com`;
    await register({ name: 'First', emailAddress, password: 'first long password' });
    const first = await t.confirmationToken(emailAddress);
    await register({ name: 'Second', emailAddress, password: 'second long password' });
    const second = await t.confirmationToken(emailAddress);
    expect(second).not.toBe(first);
    const confirmed = await t.call('POST', 'RegistrationConfirmationList', { body: { token: second } });
    expect(confirmed.body.data).toMatchObject({ name: 'Second' });
    // The other link died with it.
    expect((await t.call('POST', 'RegistrationConfirmationList', { body: { token: first } })).status).toBe(
      400,
    );
    expect((await t.login(emailAddress, 'second long password')).status).toBe(201);
  });

  it('refuses an expired link', async () => {
    const emailAddress = `late-${t.unique()}@example.com`;
    await register({ name: 'Late', emailAddress, password: 'a long password' });
    await t.server.db
      .updateTable('registrations')
      .set({ expires_on: new Date(Date.now() - 1000) })
      .where('email_address', '=', emailAddress)
      .execute();
    const token = await t.confirmationToken(emailAddress);
    const response = await t.call('POST', 'RegistrationConfirmationList', { body: { token } });
    expect(response.status).toBe(400);
  });

  it.each([{}, { token: 'short' }, { token: 'x'.repeat(43), extra: 1 }, { token: '\u0000'.repeat(43) }])(
    'refuses confirmation input %j with 400',
    async (body) => {
      const response = await t.call('POST', 'RegistrationConfirmationList', { body });
      expect(response.status).toBe(400);
      expect(response.body.type).toBe('Error');
    },
  );
});
