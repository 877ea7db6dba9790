import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { errorMessages } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import {
  flags,
  SoftPasskey,
  type AuthenticationOptions,
  type RegistrationOptions,
} from '../../../test/soft-authenticator.ts';
import { passkeyCeremoniesPerAddressPerMinute } from './passkey.routes.ts';

type Ceremony<O> = { challengeId: string; options: O };
type PasskeyOut = { publicId: string; name: string; createdOn: string; lastUsedOn: string | null };
type User = { token: string; password: string; publicId: string; emailAddress: string };

/** The TOTP code of the step `offset` steps from now (a step is accepted once). */
const codeAt = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
  });

describe('passkeys', () => {
  const t = useTestServer({ loginLimits: { perAccount: 1000, perAddress: 1000, windowSeconds: 600 } });
  const origin = () => t.server.config.publicUrl;

  async function registrationOptions(token: string) {
    const res = await t.call('POST', 'PasskeyRegistrationOptions', { token });
    expect(res.status).toBe(200);
    return res.body.data as Ceremony<RegistrationOptions & Record<string, unknown>>;
  }

  /** Registers a new software passkey for the user through the API, as a browser would. */
  async function addPasskey(user: User, name = 'Laptop', options: { counter?: number } = {}) {
    const passkey = new SoftPasskey(origin(), options);
    const ceremony = await registrationOptions(user.token);
    const res = await t.call('POST', 'PasskeyList', {
      token: user.token,
      body: {
        name,
        password: user.password,
        challengeId: ceremony.challengeId,
        response: passkey.register(ceremony.options),
      },
    });
    expect(res.status).toBe(201);
    return { passkey, stored: res.body.data as PasskeyOut };
  }

  const removePasskey = (user: User, publicId: string, body: object = { password: user.password }) =>
    t.call('DELETE', `Passkey/${publicId}`, { token: user.token, body });

  /** Turns TOTP on through the API; answers the secret and the recovery codes. */
  async function enrolTotp(user: User) {
    const started = await t.call('POST', 'MyTotpEnrolment', { token: user.token });
    const { secret } = started.body.data as { secret: string };
    const confirmed = await t.call('POST', 'MyTotpConfirmation', {
      token: user.token,
      body: { code: codeAt(secret, -1) },
    });
    expect(confirmed.status).toBe(201);
    return { secret, recoveryCodes: (confirmed.body.data as { recoveryCodes: string[] }).recoveryCodes };
  }

  async function authenticationOptions() {
    const res = await t.call('POST', 'PasskeyAuthenticationOptions', { body: {} });
    expect(res.status).toBe(200);
    return res.body.data as Ceremony<AuthenticationOptions & Record<string, unknown>>;
  }

  async function signIn(passkey: SoftPasskey, ceremony?: Parameters<SoftPasskey['authenticate']>[1]) {
    const { challengeId, options } = await authenticationOptions();
    return t.call('POST', 'PasskeyAccessTokenList', {
      body: { challengeId, response: passkey.authenticate(options, ceremony), expiresIn: 3600 },
    });
  }

  const userId = async (publicId: string) =>
    (
      await t.server.db
        .selectFrom('users')
        .select('id')
        .where('public_id', '=', publicId)
        .executeTakeFirstOrThrow()
    ).id;

  it('refuses every passkey route of the profile without a session', async () => {
    for (const [method, rel] of [
      ['POST', 'PasskeyRegistrationOptions'],
      ['GET', 'PasskeyList'],
      ['POST', 'PasskeyList'],
      ['PATCH', 'Passkey/abcdefabcdef'],
      ['DELETE', 'Passkey/abcdefabcdef'],
    ] as const) {
      const res = await t.call(method, rel, { body: method === 'GET' ? undefined : {} });
      expect(res.status, `${method} ${rel}`).toBe(401);
    }
  });

  it('offers discoverable, user-verified registration bound to PUBLIC_URL, excluding passkeys already there', async () => {
    const user = await t.newUser('Pia Passkey');
    const first = await registrationOptions(user.token);
    expect(first.options).toMatchObject({
      rp: { id: '127.0.0.1', name: 'Fleetgate' },
      user: { name: user.emailAddress, displayName: 'Pia Passkey' },
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const { passkey } = await addPasskey(user);
    const second = await registrationOptions(user.token);
    expect(second.options.excludeCredentials).toEqual([
      { id: passkey.id, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('registers a passkey, lists, renames and removes it, recording every change', async () => {
    const user = await t.newUser();
    const { stored } = await addPasskey(user, '  YubiKey  ');
    expect(stored).toMatchObject({ name: 'YubiKey', lastUsedOn: null });
    expect(stored.publicId).toMatch(/^[0-9a-z]{12}$/);

    const list = await t.call('GET', 'PasskeyList', { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([stored]);
    const names = await t.call('GET', 'PasskeyList', { token: user.token, query: { fields: 'name' } });
    expect(names.body.data).toEqual([{ publicId: stored.publicId, name: 'YubiKey' }]);

    const renamed = await t.call('PATCH', `Passkey/${stored.publicId}`, {
      token: user.token,
      body: { name: 'Office key' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ publicId: stored.publicId, name: 'Office key' });

    const removed = await removePasskey(user, stored.publicId);
    expect(removed.status).toBe(200);
    expect((await t.call('GET', 'PasskeyList', { token: user.token })).body.data).toEqual([]);
    expect((await removePasskey(user, stored.publicId)).status).toBe(404);

    const events = await t.server.db
      .selectFrom('sign_in_events')
      .select(['kind', 'outcome', 'detail'])
      .where('user_id', '=', await userId(user.publicId))
      .where('kind', '=', 'passkeyChange')
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { kind: 'passkeyChange', outcome: 'success', detail: 'added' },
      { kind: 'passkeyChange', outcome: 'success', detail: 'renamed' },
      { kind: 'passkeyChange', outcome: 'success', detail: 'removed' },
    ]);
    const audit = await t.server.db
      .selectFrom('audit_logs')
      .select('action')
      .where('resource_rel', '=', 'Passkey')
      .where('resource_public_id', '=', stored.publicId)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
  });

  it('finds the challenge by the one the response signed when no challengeId is sent', async () => {
    const user = await t.newUser();
    const ceremony = await registrationOptions(user.token);
    const res = await t.call('POST', 'PasskeyList', {
      token: user.token,
      body: {
        name: 'Phone',
        password: user.password,
        response: new SoftPasskey(origin()).register(ceremony.options),
      },
    });
    expect(res.status).toBe(201);
  });

  it('takes a registration challenge once; unknown and other users\u2019 challenges are refused', async () => {
    const user = await t.newUser();
    const other = await t.newUser();
    const ceremony = await registrationOptions(user.token);
    const response = new SoftPasskey(origin()).register(ceremony.options);
    const body = { name: 'Key', password: user.password, challengeId: ceremony.challengeId, response };

    const stolen = await t.call('POST', 'PasskeyList', {
      token: other.token,
      body: { ...body, password: other.password },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.data).toEqual([
      { message: errorMessages.passkeyChallengeInvalid, propertyName: 'challengeId' },
    ]);

    expect((await t.call('POST', 'PasskeyList', { token: user.token, body })).status).toBe(201);
    const replayed = await t.call('POST', 'PasskeyList', { token: user.token, body });
    expect(replayed.status).toBe(400);
    expect(replayed.body.data).toEqual([
      { message: errorMessages.passkeyChallengeInvalid, propertyName: 'challengeId' },
    ]);

    const unknown = await t.call('POST', 'PasskeyList', {
      token: user.token,
      body: { ...body, challengeId: 'abcdefabcdef' },
    });
    expect(unknown.status).toBe(400);
  });

  it('refuses registering the same credential twice', async () => {
    const user = await t.newUser();
    const { passkey } = await addPasskey(user);
    const { challengeId, options } = await registrationOptions(user.token);
    const again = await t.call('POST', 'PasskeyList', {
      token: user.token,
      body: { name: 'Again', password: user.password, challengeId, response: passkey.register(options) },
    });
    expect(again.status).toBe(409);
    expect(again.body.data).toEqual([{ message: errorMessages.duplicate, propertyName: 'response' }]);
  });

  it('refuses an expired registration challenge', async () => {
    const user = await t.newUser();
    const ceremony = await registrationOptions(user.token);
    await t.server.db
      .updateTable('webauthn_challenges')
      .set({ expires_on: new Date(Date.now() - 1000) })
      .where('public_id', '=', ceremony.challengeId)
      .execute();
    const res = await t.call('POST', 'PasskeyList', {
      token: user.token,
      body: {
        name: 'Key',
        password: user.password,
        challengeId: ceremony.challengeId,
        response: new SoftPasskey(origin()).register(ceremony.options),
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual([
      { message: errorMessages.passkeyChallengeInvalid, propertyName: 'challengeId' },
    ]);
  });

  it('refuses a registration made for another origin or RP ID, or without user verification', async () => {
    const user = await t.newUser();
    for (const ceremony of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { flagBits: flags.up | flags.at },
    ]) {
      const { challengeId, options } = await registrationOptions(user.token);
      const res = await t.call('POST', 'PasskeyList', {
        token: user.token,
        body: {
          name: 'Key',
          password: user.password,
          challengeId,
          response: new SoftPasskey(origin()).register(options, ceremony),
        },
      });
      expect(res.status, JSON.stringify(ceremony)).toBe(400);
      expect(res.body.data).toEqual([
        { message: errorMessages.passkeyVerificationFailed, propertyName: 'response' },
      ]);
    }
    expect((await t.call('GET', 'PasskeyList', { token: user.token })).body.data).toEqual([]);
  });

  it('answers bad input with 400 naming the property', async () => {
    const user = await t.newUser();
    const { challengeId, options } = await registrationOptions(user.token);
    const response = new SoftPasskey(origin()).register(options);
    const { password } = user;
    const cases: [unknown, string][] = [
      [{ name: '', password, challengeId, response }, 'name'],
      [{ name: 'x'.repeat(256), password, challengeId, response }, 'name'],
      [{ name: 'Key', challengeId, response }, 'password'],
      [{ name: 'Key', password: '', challengeId, response }, 'password'],
      [{ name: 'Key', password: 'x'.repeat(1025), challengeId, response }, 'password'],
      [{ name: 'Key', password, code: '12345', challengeId, response }, 'code'],
      [{ name: 'Key', password, challengeId: 'NOT-AN-ID', response }, 'challengeId'],
      [{ name: 'Key', password, challengeId, response: { ...response, type: 'password' } }, 'response.type'],
      [
        {
          name: 'Key',
          password,
          challengeId,
          response: { ...response, response: { clientDataJSON: '%%' } },
        },
        'response.response.clientDataJSON',
      ],
    ];
    for (const [body, propertyName] of cases) {
      const res = await t.call('POST', 'PasskeyList', { token: user.token, body });
      expect(res.status, propertyName).toBe(400);
      expect(
        (res.body.data as { propertyName?: string }[])[0]?.propertyName,
        JSON.stringify(body).slice(0, 80),
      ).toBe(propertyName);
    }
    const extra = await t.call('POST', 'PasskeyList', {
      token: user.token,
      body: { name: 'Key', password, challengeId, response, extra: 1 },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.data).toEqual([{ message: 'Unknown property: extra' }]);
    // A clientDataJSON that is no JSON at all finds no challenge.
    const garbled = await t.call('POST', 'PasskeyList', {
      token: user.token,
      body: {
        name: 'Key',
        password,
        response: { ...response, response: { ...response.response, clientDataJSON: 'AAAA' } },
      },
    });
    expect(garbled.status).toBe(400);
    const { stored } = await addPasskey(user);
    for (const [body, propertyName] of [
      [undefined, undefined],
      [{}, 'password'],
      [{ password: '' }, 'password'],
      [{ password, code: 'not a code' }, 'code'],
    ] as const) {
      const res = await t.call('DELETE', `Passkey/${stored.publicId}`, { token: user.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body.data as { propertyName?: string }[])[0]?.propertyName).toBe(propertyName);
    }
    const extraDelete = await removePasskey(user, stored.publicId, { password, extra: 1 });
    expect(extraDelete.body.data).toEqual([{ message: 'Unknown property: extra' }]);
    const patch = await t.call('PATCH', `Passkey/${stored.publicId}`, {
      token: user.token,
      body: { name: ' ' },
    });
    expect(patch.status).toBe(400);
    expect(patch.body.data).toMatchObject([{ propertyName: 'name' }]);
    const token = await t.call('POST', 'PasskeyAccessTokenList', { body: { challengeId, expiresIn: 3600 } });
    expect(token.status).toBe(400);
    expect(token.body.data).toMatchObject([{ propertyName: 'response' }]);
  });

  it('adds and removes a passkey only with the password: a session alone is not enough', async () => {
    const user = await t.newUser();
    const ceremony = await registrationOptions(user.token);
    const body = {
      name: 'Key',
      challengeId: ceremony.challengeId,
      response: new SoftPasskey(origin()).register(ceremony.options),
    };
    const missing = await t.call('POST', 'PasskeyList', { token: user.token, body });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual([{ message: errorMessages.required, propertyName: 'password' }]);
    const wrong = await t.call('POST', 'PasskeyList', {
      token: user.token,
      body: { ...body, password: 'wrong password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toEqual([{ message: errorMessages.passwordIncorrect, propertyName: 'password' }]);
    expect((await t.call('GET', 'PasskeyList', { token: user.token })).body.data).toEqual([]);
    // The challenge stays: the same answer goes through with the right password. Without TOTP
    // a code is not needed, and one sent anyway changes nothing.
    const added = await t.call('POST', 'PasskeyList', {
      token: user.token,
      body: { ...body, password: user.password, code: '123456' },
    });
    expect(added.status).toBe(201);
    const { publicId } = added.body.data as PasskeyOut;

    const noBody = await t.call('DELETE', `Passkey/${publicId}`, { token: user.token });
    expect(noBody.status).toBe(400);
    expect(noBody.body.data).toEqual([{ message: errorMessages.required }]);
    const wrongRemove = await removePasskey(user, publicId, { password: 'wrong password' });
    expect(wrongRemove.status).toBe(400);
    expect(wrongRemove.body.data).toEqual([
      { message: errorMessages.passwordIncorrect, propertyName: 'password' },
    ]);
    expect((await t.call('GET', 'PasskeyList', { token: user.token })).body.data).toHaveLength(1);
    expect((await removePasskey(user, publicId)).status).toBe(200);

    const events = await t.server.db
      .selectFrom('sign_in_events')
      .select('detail')
      .where('user_id', '=', await userId(user.publicId))
      .where('kind', '=', 'passkeyChange')
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.detail)).toEqual(['added', 'removed']);
  });

  it('with TOTP on, asks for a TOTP or recovery code as well, spending it only after the right password', async () => {
    const user = await t.newUser();
    const { secret, recoveryCodes } = await enrolTotp(user);
    const ceremony = await registrationOptions(user.token);
    const body = {
      name: 'Key',
      password: user.password,
      challengeId: ceremony.challengeId,
      response: new SoftPasskey(origin()).register(ceremony.options),
    };
    const add = (extra: object) =>
      t.call('POST', 'PasskeyList', { token: user.token, body: { ...body, ...extra } });

    const missing = await add({});
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual([{ message: errorMessages.required, propertyName: 'code' }]);
    const wrongCode = await add({ code: codeAt(secret, 5) });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.data).toEqual([{ message: errorMessages.codeWrong, propertyName: 'code' }]);
    const wrongRecovery = await add({ code: 'aaaaa-aaaaa' });
    expect(wrongRecovery.body.data).toEqual([{ message: errorMessages.codeWrong, propertyName: 'code' }]);
    const wrongPassword = await add({ password: 'wrong password', code: recoveryCodes[0] });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.data).toEqual([
      { message: errorMessages.passwordIncorrect, propertyName: 'password' },
    ]);
    // The recovery code was not used up by the wrong password.
    const added = await add({ code: recoveryCodes[0] });
    expect(added.status).toBe(201);
    const { publicId } = added.body.data as PasskeyOut;

    const noCode = await removePasskey(user, publicId);
    expect(noCode.status).toBe(400);
    expect(noCode.body.data).toEqual([{ message: errorMessages.required, propertyName: 'code' }]);
    // A recovery code counts once.
    const usedCode = await removePasskey(user, publicId, { password: user.password, code: recoveryCodes[0] });
    expect(usedCode.status).toBe(400);
    expect(usedCode.body.data).toEqual([{ message: errorMessages.codeWrong, propertyName: 'code' }]);
    const wrongRemove = await removePasskey(user, publicId, {
      password: 'wrong password',
      code: codeAt(secret),
    });
    expect(wrongRemove.body.data).toEqual([
      { message: errorMessages.passwordIncorrect, propertyName: 'password' },
    ]);
    expect((await t.call('GET', 'PasskeyList', { token: user.token })).body.data).toHaveLength(1);
    const removed = await removePasskey(user, publicId, { password: user.password, code: codeAt(secret) });
    expect(removed.status).toBe(200);
    expect((await t.call('GET', 'PasskeyList', { token: user.token })).body.data).toEqual([]);
  });

  it('hides another user\u2019s passkey: not listed, not renamed, not removed', async () => {
    const owner = await t.newUser();
    const other = await t.newUser();
    const { stored } = await addPasskey(owner);
    expect((await t.call('GET', 'PasskeyList', { token: other.token })).body.data).toEqual([]);
    const patch = await t.call('PATCH', `Passkey/${stored.publicId}`, {
      token: other.token,
      body: { name: 'Mine' },
    });
    expect(patch.status).toBe(404);
    expect((await removePasskey(other, stored.publicId)).status).toBe(404);
    expect((await t.call('GET', 'PasskeyList', { token: owner.token })).body.data).toEqual([stored]);
  });

  it('signs in with a discoverable passkey and no password, as a passkey session', async () => {
    const user = await t.newUser();
    const { passkey, stored } = await addPasskey(user);
    const ceremony = await authenticationOptions();
    expect(ceremony.options).toMatchObject({ rpId: '127.0.0.1', userVerification: 'required' });
    expect(ceremony.options.allowCredentials ?? []).toEqual([]);

    const res = await t.call('POST', 'PasskeyAccessTokenList', {
      body: {
        challengeId: ceremony.challengeId,
        response: passkey.authenticate(ceremony.options),
        expiresIn: 600,
      },
    });
    expect(res.status).toBe(201);
    const token = res.body.data as { publicId: string; secretId: string; expiresOn: string };
    expect(Object.keys(token).sort()).toEqual(['expiresOn', 'publicId', 'secretId']);
    const me = await t.call('GET', 'MyUser', { token: token.secretId });
    expect(me.body.data).toMatchObject({ publicId: user.publicId });

    const row = await t.server.db
      .selectFrom('access_tokens')
      .select('auth_method')
      .where('public_id', '=', token.publicId)
      .executeTakeFirstOrThrow();
    expect(row.auth_method).toBe('passkey');
    const list = await t.call('GET', 'PasskeyList', { token: user.token });
    expect((list.body.data as PasskeyOut[])[0]?.lastUsedOn).not.toBeNull();
    expect((list.body.data as PasskeyOut[])[0]?.publicId).toBe(stored.publicId);
    const events = await t.server.db
      .selectFrom('sign_in_events')
      .select(['kind', 'outcome'])
      .where('user_id', '=', await userId(user.publicId))
      .where('kind', '=', 'passkey')
      .execute();
    expect(events).toEqual([{ kind: 'passkey', outcome: 'success' }]);
  });

  it('takes a sign-in challenge once', async () => {
    const user = await t.newUser();
    const { passkey } = await addPasskey(user);
    const { challengeId, options } = await authenticationOptions();
    const body = { challengeId, response: passkey.authenticate(options), expiresIn: 600 };
    expect((await t.call('POST', 'PasskeyAccessTokenList', { body })).status).toBe(201);
    const replayed = await t.call('POST', 'PasskeyAccessTokenList', { body });
    expect(replayed.status).toBe(401);
    expect(replayed.body.data).toEqual([{ message: errorMessages.invalidCredentials }]);
    const unknown = await t.call('POST', 'PasskeyAccessTokenList', {
      body: { ...body, challengeId: 'abcdefabcdef' },
    });
    expect(unknown.status).toBe(401);
  });

  it('refuses a sign-in for another origin or RP ID, without user verification, or with a removed passkey', async () => {
    const user = await t.newUser();
    const { passkey, stored } = await addPasskey(user);
    for (const ceremony of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { flagBits: flags.up },
    ]) {
      const res = await signIn(passkey, ceremony);
      expect(res.status, JSON.stringify(ceremony)).toBe(401);
      expect(res.body.data).toEqual([{ message: errorMessages.invalidCredentials }]);
    }
    expect((await signIn(passkey)).status).toBe(201);
    expect((await removePasskey(user, stored.publicId)).status).toBe(200);
    expect((await signIn(passkey)).status).toBe(401);

    const failures = await t.server.db
      .selectFrom('sign_in_events')
      .select('detail')
      .where('user_id', '=', await userId(user.publicId))
      .where('kind', '=', 'passkey')
      .where('outcome', '=', 'failure')
      .execute();
    expect(failures.map((f) => f.detail)).toEqual(['verification', 'verification', 'verification']);
    const unknown = await t.server.db
      .selectFrom('sign_in_events')
      .select('detail')
      .where('user_id', 'is', null)
      .where('kind', '=', 'passkey')
      .where('detail', '=', 'unknownPasskey')
      .execute();
    expect(unknown.length).toBeGreaterThan(0);
  });

  it('refuses an assertion whose signature counter did not grow', async () => {
    const user = await t.newUser();
    const { passkey } = await addPasskey(user, 'Counting key', { counter: 5 });
    expect((await signIn(passkey)).status).toBe(201); // counter 6
    expect((await signIn(passkey)).status).toBe(201); // counter 7
    passkey.counter = 5; // a clone of the key from before: the next assertion says 6
    expect((await signIn(passkey)).status).toBe(401);
    const stored = await t.server.db
      .selectFrom('webauthn_credentials')
      .select('counter')
      .where('credential_id', '=', passkey.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.counter)).toBe(7);
  });

  it('refuses an assertion of the right key for another user handle', async () => {
    const user = await t.newUser();
    const { passkey } = await addPasskey(user);
    passkey.userHandle = Buffer.from('somebodyelse').toString('base64url');
    expect((await signIn(passkey)).status).toBe(401);
  });
});

describe('passkey sign-in limits', () => {
  const t = useTestServer({ loginLimits: { perAccount: 1000, perAddress: 3, windowSeconds: 600 } });

  it('counts failed passkey sign-ins against the address, before checking them', async () => {
    const passkey = new SoftPasskey(t.server.config.publicUrl);
    const attempt = async () => {
      const options = await t.call('POST', 'PasskeyAuthenticationOptions', { body: {} });
      const { challengeId, options: o } = options.body.data as Ceremony<AuthenticationOptions>;
      return t.call('POST', 'PasskeyAccessTokenList', {
        body: { challengeId, response: passkey.authenticate(o), expiresIn: 600 },
      });
    };
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('limits the sign-in ceremonies started per address before storing a challenge', async () => {
    const before = await t.server.db
      .selectFrom('webauthn_challenges')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    let refused = 0;
    for (let i = 0; i < passkeyCeremoniesPerAddressPerMinute + 2; i++) {
      const res = await t.call('POST', 'PasskeyAuthenticationOptions', { body: {} });
      if (res.status === 429) refused++;
    }
    // The first test of this block started 4 ceremonies already.
    expect(refused).toBe(6);
    const after = await t.server.db
      .selectFrom('webauthn_challenges')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(passkeyCeremoniesPerAddressPerMinute - 4);
  });
});

describe('passkey change limits', () => {
  const t = useTestServer({ loginLimits: { perAccount: 3, perAddress: 1000, windowSeconds: 600 } });

  it('spends a login attempt on every password given to add or remove a passkey', async () => {
    const user = await t.newUser();
    const { challengeId, options } = (
      await t.call('POST', 'PasskeyRegistrationOptions', { token: user.token })
    ).body.data as Ceremony<RegistrationOptions>;
    const body = {
      name: 'Key',
      challengeId,
      response: new SoftPasskey(t.server.config.publicUrl).register(options),
    };
    const add = (password: string) =>
      t.call('POST', 'PasskeyList', { token: user.token, body: { ...body, password } });
    // A right password gives its attempt back.
    for (let i = 0; i < 3; i++) expect((await add('wrong password')).status).toBe(400);
    const blocked = await add(user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    const removeBlocked = await t.call('DELETE', 'Passkey/abcdefabcdef', {
      token: user.token,
      body: { password: user.password },
    });
    // A passkey that is not there is not found before any attempt is spent.
    expect(removeBlocked.status).toBe(404);
  });
});
