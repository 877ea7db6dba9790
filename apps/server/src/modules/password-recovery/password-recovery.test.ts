import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';
import { insertTrustedDevice } from '../trusted-devices/trusted-device.repository.ts';
import { recoveryLimits } from './password-recovery.routes.ts';

// Trusts the loopback proxy so each test can act from its own client address.
const t = useTestServer({ config: { trustProxy: ['127.0.0.1'] } });

let addressCounter = 0;
const newClientAddress = () => `203.0.113.${++addressCounter}`;

const recover = (emailAddress: unknown, from = newClientAddress(), headers: Record<string, string> = {}) =>
  t.call('POST', 'PasswordRecoveryList', {
    body: { emailAddress },
    headers: { 'X-Forwarded-For': from, ...headers },
  });

const confirm = (body: object) =>
  t.call('POST', 'PasswordRecoveryConfirmation', {
    body,
    headers: { 'X-Forwarded-For': newClientAddress() },
  });

/** The recovery mails sent to an address; sent after the answer, so they may take a moment. */
async function recoveryMails(emailAddress: string, atLeast = 1) {
  for (let i = 0; i < 100; i++) {
    const mails = (await t.mailsTo(emailAddress)).filter((m) => m.includes('/recover?token='));
    if (mails.length >= atLeast) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no recovery mail reached ${emailAddress}`);
}

async function recoveryToken(emailAddress: string, atLeast = 1) {
  const mails = await recoveryMails(emailAddress, atLeast);
  return /\/recover\?token=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)!)![1]!;
}

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
    .where('kind', '=', 'passwordRecovery')
    .orderBy('id')
    .execute();
}

describe('POST PasswordRecoveryList', () => {
  it('answers the same whether or not the address has an account, and mails only an account', async () => {
    const user = await t.newUser();
    const nobody = `nobody-${t.unique()}@example.com`;
    const known = await recover(user.emailAddress.toUpperCase());
    const unknown = await recover(nobody);
    expect(known.status).toBe(201);
    expect(known.body).toEqual({ type: 'PasswordRecovery', status: 'success', data: { sent: true } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const [mail] = await recoveryMails(user.emailAddress);
    expect(mail).toContain('Subject: Set a new Fleetgate password');
    expect(mail).toContain(`${t.server.baseUrl}/recover?token=`);
    expect(mail).toContain('60 minutes');
    expect(await t.mailsTo(nobody)).toEqual([]);
    // Only the hash is stored, valid one hour.
    const token = await recoveryToken(user.emailAddress);
    const rows = await t.server.db
      .selectFrom('password_recoveries')
      .select(['token_hash', 'expires_on', 'created_at'])
      .where('user_id', '=', await userId(user.publicId))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(rows[0]!.expires_on.getTime() - rows[0]!.created_at.getTime()).toBeGreaterThan(3_590_000);
    expect(rows[0]!.expires_on.getTime() - rows[0]!.created_at.getTime()).toBeLessThanOrEqual(3_600_000);
    expect(await eventsOf(user.publicId)).toEqual([
      { kind: 'passwordRecovery', outcome: 'success', detail: 'requested' },
    ]);
  });

  it('answers before the address is looked up, so an account and none take the same work', async () => {
    const user = await t.newUser();
    const nobody = `nobody-${t.unique()}@example.com`;
    // Nothing can read the users table while this transaction holds it (on PGlite, the only
    // connection): both answers come all the same, so neither waited on the address's lookup.
    const [known, unknown] = await t.server.db.transaction().execute(async (trx) => {
      await sql`lock table users in access exclusive mode`.execute(trx);
      return [await recover(user.emailAddress), await recover(nobody)];
    });
    expect(known.status).toBe(201);
    expect(unknown.status).toBe(201);
    expect(unknown.body).toEqual(known.body);
    // The lookup, the link and the mail follow once the table is free again.
    expect(await recoveryMails(user.emailAddress)).toHaveLength(1);
    expect(await t.mailsTo(nobody)).toEqual([]);
  });

  it("writes in the account's language, else the browser's", async () => {
    const german = await t.newUser();
    await t.call('PATCH', 'MyUser', { token: german.token, body: { language: 'de' } });
    await recover(german.emailAddress);
    expect((await recoveryMails(german.emailAddress))[0]).toContain('Neues Fleetgate-Passwort festlegen');
    const browser = await t.newUser();
    await recover(browser.emailAddress, newClientAddress(), { 'Accept-Language': 'de-DE,de;q=0.9' });
    expect((await recoveryMails(browser.emailAddress))[0]).toContain('Neues Fleetgate-Passwort festlegen');
  });

  it('limits requests per e-mail address in any letter case, with Retry-After', async () => {
    const user = await t.newUser();
    for (let i = 0; i < recoveryLimits.perEmailAddress; i++)
      expect((await recover(i % 2 ? user.emailAddress.toUpperCase() : user.emailAddress)).status).toBe(201);
    const blocked = await recover(user.emailAddress);
    expect(blocked.status).toBe(429);
    expect(blocked.body.data).toEqual([{ message: 'Too many attempts, try again later' }]);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // An unknown address is limited alike, so the limit tells nothing either.
    const nobody = `nobody-${t.unique()}@example.com`;
    for (let i = 0; i < recoveryLimits.perEmailAddress; i++) await recover(nobody);
    expect((await recover(nobody)).status).toBe(429);
  });

  it('limits requests per client address across e-mail addresses', async () => {
    const from = newClientAddress();
    const answers = await Promise.all(
      Array.from({ length: recoveryLimits.perClientAddress + 5 }, (_, i) =>
        recover(`spray-${i}-${t.unique()}@example.com`, from),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(recoveryLimits.perClientAddress);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it.each([[''], ['no address'], [42], [null], ['x'.repeat(250) + '@example.com']])(
    'refuses emailAddress %j with a 400 naming it',
    async (emailAddress) => {
      const response = await recover(emailAddress);
      expect(response.status).toBe(400);
      expect(response.body.data).toEqual([expect.objectContaining({ propertyName: 'emailAddress' })]);
    },
  );
});

describe('POST PasswordRecoveryConfirmation', () => {
  it('sets the new password, ends every session and trusted browser, and keeps two-factor', async () => {
    const user = await t.newUser();
    const second = (await t.login(user.emailAddress, user.password)).body.data as { secretId: string };
    await insertTrustedDevice(t.server.db, {
      userId: await userId(user.publicId),
      secretHash: `hash-${t.unique()}`,
      client: 'test',
      address: '127.0.0.1',
      expiresOn: new Date(Date.now() + 86_400_000),
    });
    await t.server.db
      .updateTable('users')
      .set({ totp_secret: 'JBSWY3DPEHPK3PXP' })
      .where('id', '=', await userId(user.publicId))
      .execute();
    await recover(user.emailAddress);
    const token = await recoveryToken(user.emailAddress);

    const response = await confirm({ token, newPassword: 'recovered long password' });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ passwordChanged: true });
    expect((await t.call('GET', 'MyUser', { token: user.token })).status).toBe(401);
    expect((await t.call('GET', 'MyUser', { token: second.secretId })).status).toBe(401);
    const trusted = await t.server.db
      .selectFrom('trusted_devices')
      .select('id')
      .where('user_id', '=', await userId(user.publicId))
      .execute();
    expect(trusted).toEqual([]);
    expect((await t.login(user.emailAddress, user.password)).status).toBe(401);
    // The new password is right, and the second factor is still asked for.
    const login = await t.login(user.emailAddress, 'recovered long password');
    expect(login.status).toBe(401);
    expect(login.body.data).toEqual([{ message: 'One-Time Password required', secondFactors: ['totp'] }]);
    expect(await eventsOf(user.publicId)).toEqual([
      { kind: 'passwordRecovery', outcome: 'success', detail: 'requested' },
      { kind: 'passwordRecovery', outcome: 'success', detail: 'completed' },
    ]);
    const audit = await t.server.db
      .selectFrom('audit_logs')
      .select(['after'])
      .where('resource_rel', '=', 'MyUserPassword')
      .where('resource_public_id', '=', user.publicId)
      .execute();
    expect(audit).toEqual([{ after: { recovery: true, deleteAccessTokens: true } }]);
  });

  it('takes a link once, and using one ends every other open link of the account', async () => {
    const user = await t.newUser();
    await recover(user.emailAddress);
    const first = await recoveryToken(user.emailAddress, 1);
    await recover(user.emailAddress);
    const second = await recoveryToken(user.emailAddress, 2);
    expect(second).not.toBe(first);
    expect((await confirm({ token: second, newPassword: 'first new password' })).status).toBe(200);
    for (const token of [second, first]) {
      const again = await confirm({ token, newPassword: 'second new password' });
      expect(again.status).toBe(400);
      expect(again.body.data).toEqual([
        { message: 'Recovery link is invalid or expired', propertyName: 'token' },
      ]);
    }
    expect((await t.login(user.emailAddress, 'first new password')).status).toBe(201);
    expect(await eventsOf(user.publicId)).toContainEqual({
      kind: 'passwordRecovery',
      outcome: 'failure',
      detail: 'invalidToken',
    });
  });

  it('refuses an expired link', async () => {
    const user = await t.newUser();
    await recover(user.emailAddress);
    const token = await recoveryToken(user.emailAddress);
    await t.server.db
      .updateTable('password_recoveries')
      .set({ expires_on: new Date(Date.now() - 1000) })
      .where('user_id', '=', await userId(user.publicId))
      .execute();
    expect((await confirm({ token, newPassword: 'too late password' })).status).toBe(400);
    expect((await t.login(user.emailAddress, user.password)).status).toBe(201);
  });

  it('refuses a short or common password with 400 naming newPassword, and keeps the link', async () => {
    const user = await t.newUser();
    await recover(user.emailAddress);
    const token = await recoveryToken(user.emailAddress);
    const short = await confirm({ token, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.data).toEqual([expect.objectContaining({ propertyName: 'newPassword' })]);
    const common = await confirm({ token, newPassword: 'password123' });
    expect(common.status).toBe(400);
    expect(common.body.data).toEqual([{ message: 'Password is too common', propertyName: 'newPassword' }]);
    expect((await confirm({ token, newPassword: 'a good new password' })).status).toBe(200);
  });

  it('refuses malformed and unknown tokens and unknown properties', async () => {
    for (const token of ['', 'short', 42, 'a'.repeat(44)]) {
      const response = await confirm({ token, newPassword: 'a good new password' });
      expect(response.status).toBe(400);
      expect(response.body.data).toEqual([expect.objectContaining({ propertyName: 'token' })]);
    }
    const unknown = await confirm({ token: 'b'.repeat(43), newPassword: 'a good new password' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toEqual([
      { message: 'Recovery link is invalid or expired', propertyName: 'token' },
    ]);
    const extra = await confirm({ token: 'b'.repeat(43), newPassword: 'a good new password', userId: 1 });
    expect(extra.status).toBe(400);
  });
});
