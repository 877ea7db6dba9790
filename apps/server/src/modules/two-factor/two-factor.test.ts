import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { useTestServer } from '../../../test/harness.ts';
import { sealClearTotpSecrets, totpSecretsOf } from './totp-secrets.ts';

const t = useTestServer({ loginLimits: { perAccount: 20, perAddress: 10_000, windowSeconds: 60 } });

type User = Awaited<ReturnType<typeof t.newUser>>;

/** The code of the step `offset` steps from now: tests use different steps to respect the replay rule. */
const codeAt = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
  });

/** Forgets the last accepted step, so the current step's code counts again (instead of sleeping). */
async function resetStep(user: User) {
  await t.server.db
    .updateTable('users')
    .set({ totp_last_step: null })
    .where('public_id', '=', user.publicId)
    .execute();
}

/** Turns TOTP on through the API; answers the secret and the recovery codes. */
async function enrol(user: User) {
  const started = await t.call('POST', 'MyTotpEnrolment', { token: user.token });
  expect(started.status).toBe(201);
  const { secret } = started.body.data as { secret: string };
  const confirmed = await t.call('POST', 'MyTotpConfirmation', {
    token: user.token,
    body: { code: codeAt(secret, -1) },
  });
  expect(confirmed.status).toBe(201);
  return { secret, recoveryCodes: (confirmed.body.data as { recoveryCodes: string[] }).recoveryCodes };
}

async function events(user: User) {
  return t.server.db
    .selectFrom('sign_in_events as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.kind', 'e.outcome', 'e.detail'])
    .where('u.public_id', '=', user.publicId)
    .orderBy('e.id')
    .execute();
}

describe('TOTP enrolment', () => {
  it('needs a session', async () => {
    for (const [method, rel] of [
      ['GET', 'MyTwoFactor'],
      ['POST', 'MyTotpEnrolment'],
      ['POST', 'MyTotpConfirmation'],
      ['POST', 'MyRecoveryCodeList'],
      ['DELETE', 'MyTotp'],
    ] as const)
      expect((await t.call(method, rel, method === 'GET' ? {} : { body: {} })).status).toBe(401);
  });

  it('answers a QR code and turns on with a first code, refusing a wrong one', async () => {
    const user = await t.newUser();
    expect((await t.call('GET', 'MyTwoFactor', { token: user.token })).body.data).toEqual({
      totpEnabled: false,
      recoveryCodesLeft: 0,
      passkeys: 0,
    });
    const started = await t.call('POST', 'MyTotpEnrolment', { token: user.token });
    const enrolment = started.body.data as { secret: string; otpauthUri: string; qrCodeSvg: string };
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUri).toContain('issuer=Fleetgate');
    expect(enrolment.otpauthUri).toContain(encodeURIComponent(user.emailAddress));
    expect(enrolment.qrCodeSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const wrong = codeAt(enrolment.secret, 5);
    const refused = await t.call('POST', 'MyTotpConfirmation', { token: user.token, body: { code: wrong } });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual([{ message: 'CODE_WRONG', propertyName: 'code' }]);
    const malformed = await t.call('POST', 'MyTotpConfirmation', {
      token: user.token,
      body: { code: 'abc' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.data).toEqual([expect.objectContaining({ propertyName: 'code' })]);

    const confirmed = await t.call('POST', 'MyTotpConfirmation', {
      token: user.token,
      body: { code: codeAt(enrolment.secret) },
    });
    expect(confirmed.status).toBe(201);
    const codes = (confirmed.body.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await t.server.db
      .selectFrom('recovery_codes as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select('r.code_hash')
      .where('u.public_id', '=', user.publicId)
      .execute();
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.code_hash)).not.toContain(codes[0]);

    expect((await t.call('GET', 'MyTwoFactor', { token: user.token })).body.data).toEqual({
      totpEnabled: true,
      recoveryCodesLeft: 10,
      passkeys: 0,
    });
    expect((await t.call('GET', 'MyUser', { token: user.token })).body.data).toMatchObject({
      twoFactorEnabled: true,
    });
    // Not again while it is on.
    expect((await t.call('POST', 'MyTotpEnrolment', { token: user.token })).status).toBe(409);
    expect(await events(user)).toContainEqual({
      kind: 'twoFactorChange',
      outcome: 'success',
      detail: 'enabled',
    });
  });

  it('refuses a confirmation without an enrolment', async () => {
    const user = await t.newUser();
    const response = await t.call('POST', 'MyTotpConfirmation', {
      token: user.token,
      body: { code: '123456' },
    });
    expect(response.status).toBe(409);
  });
});

describe('signing in with TOTP', () => {
  it('asks for the code, naming the factors, only after the right password', async () => {
    const user = await t.newUser();
    await enrol(user);
    const wrongPassword = await t.login(user.emailAddress, 'not the password');
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.data).toEqual([{ message: 'Invalid credentials' }]);
    const required = await t.login(user.emailAddress, user.password);
    expect(required.status).toBe(401);
    expect(required.body).toEqual({
      type: 'Error',
      status: 'error',
      data: [{ message: 'One-Time Password required', secondFactors: ['totp'] }],
    });
  });

  it('accepts a code once: the same code again is refused as a replay', async () => {
    const user = await t.newUser();
    const { secret } = await enrol(user);
    const code = codeAt(secret);
    expect((await t.login(user.emailAddress, user.password, code)).status).toBe(201);
    const replayed = await t.login(user.emailAddress, user.password, code);
    expect(replayed.status).toBe(401);
    expect(replayed.body.data).toEqual([{ message: 'One-Time Password failed' }]);
    // An earlier step is refused too, once a later one was accepted.
    expect((await t.login(user.emailAddress, user.password, codeAt(secret, -1))).status).toBe(401);
    expect((await t.login(user.emailAddress, user.password, '000000')).status).toBe(401);
    expect(await events(user)).toEqual(
      expect.arrayContaining([
        { kind: 'totp', outcome: 'success', detail: null },
        { kind: 'totp', outcome: 'failure', detail: 'replayed' },
        { kind: 'password', outcome: 'success', detail: null },
      ]),
    );
  });

  it('accepts a recovery code once, in any case and without the dash', async () => {
    const user = await t.newUser();
    const { recoveryCodes } = await enrol(user);
    const typed = recoveryCodes[0]!.replace('-', '').toUpperCase();
    expect((await t.login(user.emailAddress, user.password, typed)).status).toBe(201);
    const again = await t.login(user.emailAddress, user.password, recoveryCodes[0]);
    expect(again.status).toBe(401);
    expect(again.body.data).toEqual([{ message: 'One-Time Password failed' }]);
    expect((await t.call('GET', 'MyTwoFactor', { token: user.token })).body.data).toMatchObject({
      recoveryCodesLeft: 9,
    });
    const kinds = (await events(user)).filter((e) => e.kind === 'recoveryCode');
    expect(kinds).toEqual([
      { kind: 'recoveryCode', outcome: 'success', detail: null },
      { kind: 'recoveryCode', outcome: 'failure', detail: 'wrongCode' },
    ]);
  });

  it('counts wrong codes against the login limit', async () => {
    const limited = await t.newUser();
    await enrol(limited);
    let status = 0;
    for (let i = 0; i < 25 && status !== 429; i += 1)
      status = (await t.login(limited.emailAddress, limited.password, '999999')).status;
    expect(status).toBe(429);
  });
});

describe('TOTP secrets at rest', () => {
  const stored = (user: User) =>
    t.server.db
      .selectFrom('users')
      .select(['totp_secret', 'totp_pending_secret'])
      .where('public_id', '=', user.publicId)
      .executeTakeFirstOrThrow();
  /** What a database copy would give away: the secret itself, in any of its spellings. */
  const holdsClear = (column: string | null, secret: string) =>
    column !== null && (column.includes(secret) || column.includes(Secret.fromBase32(secret).hex));

  it('keeps the pending and the confirmed secret sealed, and signs in with them', async () => {
    const user = await t.newUser();
    const started = await t.call('POST', 'MyTotpEnrolment', { token: user.token });
    const { secret } = started.body.data as { secret: string };
    const pending = await stored(user);
    expect(pending.totp_pending_secret).not.toBeNull();
    expect(holdsClear(pending.totp_pending_secret, secret)).toBe(false);

    const confirmed = await t.call('POST', 'MyTotpConfirmation', {
      token: user.token,
      body: { code: codeAt(secret, -1) },
    });
    expect(confirmed.status).toBe(201);
    const on = await stored(user);
    expect(on.totp_secret).toMatch(/^v1:/);
    expect(holdsClear(on.totp_secret, secret)).toBe(false);
    expect(on.totp_pending_secret).toBeNull();

    expect((await t.login(user.emailAddress, user.password, codeAt(secret))).status).toBe(201);
    expect((await t.login(user.emailAddress, user.password, codeAt(secret, 1))).status).toBe(201);
  });

  it('seals a secret an older version stored in clear: at start-up, or when it is first read', async () => {
    const secrets = totpSecretsOf(t.server.config);
    const [atStart, onRead] = [await t.newUser(), await t.newUser()];
    const clear = new Secret().base32;
    for (const user of [atStart, onRead])
      await t.server.db
        .updateTable('users')
        .set({ totp_secret: clear, totp_pending_secret: clear })
        .where('public_id', '=', user.publicId)
        .execute();

    // Signing in reads the secret: it works, and the secret is sealed from then on.
    expect((await t.login(onRead.emailAddress, onRead.password, codeAt(clear))).status).toBe(201);
    const read = await stored(onRead);
    expect(read.totp_secret).toMatch(/^v1:/);
    expect(holdsClear(read.totp_secret, clear)).toBe(false);

    // The start-up step seals every clear one left, the confirmed and the pending secret alike.
    expect(await sealClearTotpSecrets(t.server.db, secrets)).toBeGreaterThanOrEqual(2);
    for (const user of [atStart, onRead]) {
      const row = await stored(user);
      expect(row.totp_secret).toMatch(/^v1:/);
      expect(row.totp_pending_secret).toMatch(/^v1:/);
      expect(holdsClear(row.totp_secret, clear) || holdsClear(row.totp_pending_secret, clear)).toBe(false);
    }
    // Nothing was lost on the way, and running it again changes nothing.
    const before = await stored(atStart);
    expect(await sealClearTotpSecrets(t.server.db, secrets)).toBe(0);
    expect(await stored(atStart)).toEqual(before);
    expect((await t.login(atStart.emailAddress, atStart.password, codeAt(clear))).status).toBe(201);
  });
});

describe('recovery codes and turning TOTP off', () => {
  it('regenerates codes after the password and a code; the old ones die', async () => {
    const user = await t.newUser();
    const { secret, recoveryCodes } = await enrol(user);
    const wrongPassword = await t.call('POST', 'MyRecoveryCodeList', {
      token: user.token,
      body: { password: 'wrong password', code: codeAt(secret) },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.data).toEqual([{ message: 'PASSWORD_INCORRECT', propertyName: 'password' }]);
    const wrongCode = await t.call('POST', 'MyRecoveryCodeList', {
      token: user.token,
      body: { password: user.password, code: codeAt(secret, 4) },
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.data).toEqual([{ message: 'CODE_WRONG', propertyName: 'code' }]);
    const renewed = await t.call('POST', 'MyRecoveryCodeList', {
      token: user.token,
      body: { password: user.password, code: codeAt(secret) },
    });
    expect(renewed.status).toBe(201);
    const fresh = (renewed.body.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect((await t.login(user.emailAddress, user.password, recoveryCodes[1])).status).toBe(401);
    expect((await t.login(user.emailAddress, user.password, fresh[0])).status).toBe(201);
    expect(await events(user)).toContainEqual({
      kind: 'twoFactorChange',
      outcome: 'success',
      detail: 'recoveryCodesRegenerated',
    });
  });

  it('turns off with the password and a recovery code, refusing wrong ones', async () => {
    const user = await t.newUser();
    const { secret, recoveryCodes } = await enrol(user);
    const wrongPassword = await t.call('DELETE', 'MyTotp', {
      token: user.token,
      body: { password: 'wrong password', code: recoveryCodes[0] },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.data).toEqual([{ message: 'PASSWORD_INCORRECT', propertyName: 'password' }]);
    const wrongCode = await t.call('DELETE', 'MyTotp', {
      token: user.token,
      body: { password: user.password, code: 'aaaaa-aaaaa' },
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.data).toEqual([{ message: 'CODE_WRONG', propertyName: 'code' }]);
    const missing = await t.call('DELETE', 'MyTotp', {
      token: user.token,
      body: { password: user.password },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual([expect.objectContaining({ propertyName: 'code' })]);

    const off = await t.call('DELETE', 'MyTotp', {
      token: user.token,
      body: { password: user.password, code: recoveryCodes[0] },
    });
    expect(off.status).toBe(200);
    expect((await t.call('GET', 'MyTwoFactor', { token: user.token })).body.data).toEqual({
      totpEnabled: false,
      recoveryCodesLeft: 0,
      passkeys: 0,
    });
    expect((await t.call('GET', 'MyUser', { token: user.token })).body.data).toMatchObject({
      twoFactorEnabled: false,
    });
    // Without a second factor the password alone signs in again; the old secret means nothing.
    expect((await t.login(user.emailAddress, user.password)).status).toBe(201);
    const again = await t.call('DELETE', 'MyTotp', {
      token: user.token,
      body: { password: user.password, code: codeAt(secret) },
    });
    expect(again.status).toBe(409);
    expect(await events(user)).toContainEqual({
      kind: 'twoFactorChange',
      outcome: 'success',
      detail: 'disabled',
    });
  });
});

describe('trusted browsers', () => {
  async function trustedLogin(user: User, secret: string, offset: number) {
    const response = await t.call('POST', 'AccessTokenList', {
      headers: { Authorization: t.basic(user.emailAddress, user.password, codeAt(secret, offset)) },
      body: { expiresIn: 3600, trustDevice: true },
    });
    expect(response.status).toBe(201);
    return (
      response.body.data as { trustedDevice: { publicId: string; secretId: string; expiresOn: string } }
    ).trustedDevice;
  }

  const loginWithDevice = (user: User, deviceSecret: string) =>
    t.call('POST', 'AccessTokenList', {
      headers: { Authorization: t.basic(user.emailAddress, user.password), 'Api-Device-Id': deviceSecret },
      body: { expiresIn: 3600 },
    });

  it('skips the code step until TOTP is turned off', async () => {
    const user = await t.newUser();
    const { secret } = await enrol(user);
    const device = await trustedLogin(user, secret, 0);
    expect(device.secretId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(device.expiresOn) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const skipped = await loginWithDevice(user, device.secretId);
    expect(skipped.status).toBe(201);
    expect(skipped.body.data).not.toHaveProperty('trustedDevice');
    // A wrong password still fails, trusted browser or not.
    const wrong = await t.call('POST', 'AccessTokenList', {
      headers: {
        Authorization: t.basic(user.emailAddress, 'wrong password'),
        'Api-Device-Id': device.secretId,
      },
      body: { expiresIn: 3600 },
    });
    expect(wrong.status).toBe(401);
    expect(await events(user)).toContainEqual({ kind: 'trustedDevice', outcome: 'success', detail: null });

    await resetStep(user);
    const off = await t.call('DELETE', 'MyTotp', {
      token: user.token,
      body: { password: user.password, code: codeAt(secret, 1) },
    });
    expect(off.status).toBe(200);
    const devices = await t.server.db
      .selectFrom('trusted_devices')
      .select('id')
      .where('public_id', '=', device.publicId)
      .execute();
    expect(devices).toEqual([]);
  });

  it("does not trust without a passed code step, nor another user's browser", async () => {
    const owner = await t.newUser();
    const other = await t.newUser();
    const { secret } = await enrol(owner);
    await enrol(other);
    const device = await trustedLogin(owner, secret, 0);
    const foreign = await loginWithDevice(other, device.secretId);
    expect(foreign.status).toBe(401);
    expect(foreign.body.data).toEqual([{ message: 'One-Time Password required', secondFactors: ['totp'] }]);
    const nonsense = await loginWithDevice(other, 'not a secret');
    expect(nonsense.status).toBe(401);

    // Without a second factor there is no code step to pass, so nothing is trusted.
    const plain = await t.newUser();
    const response = await t.call('POST', 'AccessTokenList', {
      headers: { Authorization: t.basic(plain.emailAddress, plain.password) },
      body: { expiresIn: 3600, trustDevice: true },
    });
    expect(response.status).toBe(201);
    expect(response.body.data).not.toHaveProperty('trustedDevice');
    const bad = await t.call('POST', 'AccessTokenList', {
      headers: { Authorization: t.basic(plain.emailAddress, plain.password) },
      body: { expiresIn: 3600, trustDevice: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([expect.objectContaining({ propertyName: 'trustDevice' })]);
  });
});

describe('sign-in history of passwords', () => {
  it('records wrong passwords and unknown accounts with the attempted address', async () => {
    const user = await t.newUser();
    await t.login(user.emailAddress, 'wrong password');
    const unknown = `nobody-${t.unique()}@example.com`;
    await t.login(unknown, 'whatever password');
    expect(await events(user)).toContainEqual({
      kind: 'password',
      outcome: 'failure',
      detail: 'wrongPassword',
    });
    const row = await t.server.db
      .selectFrom('sign_in_events')
      .select(['detail', 'user_id'])
      .where('attempted_email_address', '=', unknown)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ detail: 'unknownAccount', user_id: null });
  });
});
