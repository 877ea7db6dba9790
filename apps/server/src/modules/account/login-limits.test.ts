import { describe, expect, it } from 'vitest';
import { Secret } from 'otpauth';
import { useTestServer, type Response } from '../../../test/harness.ts';

const limits = { perAccount: 5, perAddress: 1000, windowSeconds: 600 };

/** How many answers had each status: 401/400 answers are the guesses whose secret was actually checked. */
function countStatuses(answers: Response[]) {
  const counts = new Map<number, number>();
  for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
  return Object.fromEntries(counts);
}

function expectRetryAfter(answers: Response[]) {
  for (const answer of answers.filter((a) => a.status === 429)) {
    expect(answer.body.data).toEqual([{ message: 'Too many attempts, try again later' }]);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  }
}

describe('200 password guesses sent at once against one account', () => {
  const t = useTestServer({ loginLimits: limits });

  it('check at most the limit of passwords; the rest are 429 with Retry-After', async () => {
    const user = await t.newUser();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => t.login(user.emailAddress, `wrong guess ${i}`)),
    );
    expect(countStatuses(answers)).toEqual({ 401: 5, 429: 195 });
    expectRetryAfter(answers);
    // Even the right password is refused now.
    expect((await t.login(user.emailAddress, user.password)).status).toBe(429);
  });

  it('count an address in any letter case as the same account', async () => {
    const user = await t.newUser();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.login(i % 2 ? user.emailAddress.toUpperCase() : user.emailAddress, `wrong ${i}`),
      ),
    );
    expect(countStatuses(answers)).toEqual({ 401: 5, 429: 45 });
  });

  it('check at most the limit of one-time codes once the password is known', async () => {
    const user = await t.newUser();
    await t.server.db
      .updateTable('users')
      .set({ totp_secret: new Secret().base32 })
      .where('public_id', '=', user.publicId)
      .execute();
    // Asking for the code is part of a normal sign-in and does not use up the budget.
    for (let i = 0; i < 8; i += 1) expect((await t.login(user.emailAddress, user.password)).status).toBe(401);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.login(user.emailAddress, user.password, String(i).padStart(6, '9')),
      ),
    );
    expect(countStatuses(answers)).toEqual({ 401: 5, 429: 195 });
    expect(answers.filter((a) => a.status === 401).map((a) => a.body.data)).toEqual(
      Array(5).fill([{ message: 'One-Time Password failed' }]),
    );
    expectRetryAfter(answers);
  });

  it('leaves successful sign-ins unlimited', async () => {
    const user = await t.newUser();
    for (let i = 0; i < 12; i += 1)
      expect((await t.login(user.emailAddress, user.password)).status).toBe(201);
  });
});

describe('guesses sent at once from one address across accounts', () => {
  const t = useTestServer({ loginLimits: { perAccount: 1000, perAddress: 5, windowSeconds: 600 } });

  it('check at most the address limit of passwords', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => t.login(`nobody-${i}-${t.unique()}@example.com`, 'wrong guess')),
    );
    expect(countStatuses(answers)).toEqual({ 401: 5, 429: 195 });
    expectRetryAfter(answers);
  });
});

describe('successful sign-ins from one address', () => {
  const t = useTestServer({ loginLimits: { perAccount: 1000, perAddress: 3, windowSeconds: 600 } });

  it('give their point back', async () => {
    const user = await t.newUser();
    for (let i = 0; i < 6; i += 1) expect((await t.login(user.emailAddress, user.password)).status).toBe(201);
  });
});

describe('wrong old passwords sent at once to MyUserPassword', () => {
  const t = useTestServer({ loginLimits: limits });

  it('check at most the per-account limit, then refuse even the right one', async () => {
    const user = await t.newUser();
    const change = (oldPassword: string) =>
      t.call('POST', 'MyUserPassword', {
        token: user.token,
        body: { oldPassword, newPassword: 'a fresh long passphrase' },
      });
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => change(`wrong old ${i}`)));
    expect(countStatuses(answers)).toEqual({ 400: 5, 429: 195 });
    expectRetryAfter(answers);
    expect((await change(user.password)).status).toBe(429);
    // The budget is the account's: signing in is blocked too.
    expect((await t.login(user.emailAddress, user.password)).status).toBe(429);
  });

  it('do not count a right old password', async () => {
    const user = await t.newUser();
    let password = user.password;
    for (let i = 0; i < 8; i += 1) {
      const newPassword = `passphrase number ${i} ${t.unique()}`;
      const changed = await t.call('POST', 'MyUserPassword', {
        token: user.token,
        body: { oldPassword: password, newPassword },
      });
      expect(changed.status).toBe(200);
      password = newPassword;
    }
  });
});

describe('the e-mail address of Basic credentials', () => {
  const t = useTestServer({ loginLimits: limits });

  const raw = (decoded: Buffer) =>
    t.call('POST', 'AccessTokenList', {
      headers: { Authorization: `Basic ${decoded.toString('base64')}` },
      body: { expiresIn: 3600 },
    });

  it.each([
    ['a NUL byte', Buffer.from('a\u0000b@example.com::password1')],
    [
      'a lone surrogate (CESU bytes)',
      Buffer.concat([Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('@x.com::pw')]),
    ],
    ['a lone surrogate (JS string)', Buffer.from('\ud800x@example.com::password1')],
    ['no @', Buffer.from('not-an-address::password1')],
    ['256 characters', Buffer.from(`${'a'.repeat(244)}@example.com::password1`)],
  ])('is refused with 400 naming Authorization before any query: %s', async (_, decoded) => {
    const answer = await raw(decoded);
    expect(answer.status).toBe(400);
    expect(answer.body.data).toEqual([{ message: 'Invalid e-mail address', propertyName: 'Authorization' }]);
  });

  it('of 4000 characters is refused with 400', async () => {
    const answer = await raw(Buffer.from(`${'a'.repeat(4000)}@example.com::password1`));
    expect(answer.status).toBe(400);
    expect(answer.body.data).toEqual([expect.objectContaining({ propertyName: 'Authorization' })]);
  });
});
