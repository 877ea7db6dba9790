import { describe, expect, it } from 'vitest';
import { useSsoSignInKit, type As } from './sso-sign-in.test-support.ts';

// Its own server and provider: the sign-ins here would exceed the per-address rate limit of one file.
const {
  t,
  idp,
  companyWithProvider,
  authorize,
  finish,
  signInThrough,
  ssoTokensOf,
  companyIdOf,
  userIdOf,
  eventsOf,
} = useSsoSignInKit();

describe('Who a provider may sign in, and from which browser', () => {
  /** An invite of `emailAddress` into the company, as its administrator sends it. */
  async function invite(as: As, emailAddress: string) {
    const role = await t.call('POST', 'RoleList', { ...as, body: { name: 'Engineer', capabilities: [] } });
    const invited = await t.call('POST', 'UserInviteList', {
      ...as,
      body: { emailAddress, role: { publicId: (role.body.data as { publicId: string }).publicId } },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  }

  async function membershipsOf(userId: number) {
    return t.server.db.selectFrom('memberships').select('company_id').where('user_id', '=', userId).execute();
  }

  it('does not accept an open invite: the invitee accepts it after a password sign-in', async () => {
    const { company, as, provider } = await companyWithProvider();
    const invitee = await t.newUser('Invitee');
    await invite(as, invitee.emailAddress);
    const subject = idp().addIdentity({ email: invitee.emailAddress, email_verified: true });
    const response = await signInThrough(provider.publicId, subject);
    expect(response.status).toBe(401);
    expect(response.body.data).toEqual([{ message: 'SSO_NOT_MEMBER' }]);
    const userId = await userIdOf(invitee.emailAddress);
    expect(await membershipsOf(userId)).toEqual([]);
    expect(await ssoTokensOf(userId)).toEqual([]);
    // The invite is still open for the invitee to accept or reject.
    const mine = await t.call('GET', 'MyUserInviteList', { token: invitee.token });
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body.data)).toContain(company.publicId);
  });

  it("refuses an account takeover through another company's provider and an invite of the victim", async () => {
    // The victim belongs to a company of their own; the attacker makes a company, adds a provider
    // they run, claims the victim's domain and invites the victim's address.
    const home = await t.newCompany();
    const victim = await t.newMember(home);
    const attacker = await companyWithProvider([victim.emailAddress.split('@')[1]!]);
    await invite(attacker.as, victim.emailAddress);
    const forged = idp().addIdentity({ email: victim.emailAddress, email_verified: true });

    const response = await signInThrough(attacker.provider.publicId, forged);
    expect(response.status).toBe(401);
    expect(response.body.data).toEqual([{ message: 'SSO_NOT_MEMBER' }]);
    const victimId = await userIdOf(victim.emailAddress);
    expect(await ssoTokensOf(victimId)).toEqual([]);
    expect(await membershipsOf(victimId)).toEqual([{ company_id: await companyIdOf(home.publicId) }]);
    const links = await t.server.db
      .selectFrom('sso_links')
      .select('id')
      .where('user_id', '=', victimId)
      .execute();
    expect(links).toEqual([]);
    expect(await eventsOf(victimId)).toContainEqual(
      expect.objectContaining({ kind: 'sso', outcome: 'failure', detail: 'notMember' }),
    );
  });

  it('refuses a linked subject once its user is no longer a member (removed or expired)', async () => {
    const { company, provider } = await companyWithProvider();
    const companyId = await companyIdOf(company.publicId);
    const removed = await t.newMember(company);
    const expired = await t.newMember(company);
    for (const member of [removed, expired]) {
      const subject = idp().addIdentity({ email: member.emailAddress, email_verified: true });
      expect((await signInThrough(provider.publicId, subject)).status).toBe(201);
      const userId = await userIdOf(member.emailAddress);
      const membership = { company_id: companyId, user_id: userId };
      if (member === removed) {
        await t.server.db
          .deleteFrom('memberships')
          .where((eb) => eb.and(membership))
          .execute();
      } else {
        await t.server.db
          .updateTable('memberships')
          .set({ expires_on: new Date(Date.now() - 1000) })
          .where((eb) => eb.and(membership))
          .execute();
      }
      const response = await signInThrough(provider.publicId, subject);
      expect(response.status).toBe(401);
      expect(response.body.data).toEqual([{ message: 'SSO_NOT_MEMBER' }]);
      expect(await ssoTokensOf(userId)).toHaveLength(1);
    }
  });

  it('takes the state only from the browser that started the sign-in (its binding), once', async () => {
    const { company, provider } = await companyWithProvider();
    const member = await t.newMember(company);
    const subject = idp().addIdentity({ email: member.emailAddress, email_verified: true });
    const refused = [{ message: 'SSO_STATE_INVALID', propertyName: 'callbackQuery' }];

    // Without the binding (a callback link someone else made, login CSRF): refused, and the link dies.
    const first = await authorize(provider.publicId);
    const firstQuery = await idp().signIn(first.authorizationUrl, subject);
    const without = await finish(firstQuery, undefined);
    expect(without.status).toBe(400);
    expect(without.body.data).toEqual(refused);
    expect((await finish(firstQuery, first.binding)).body.data).toEqual(refused);

    // With another sign-in's binding, or an empty one: refused the same way.
    const second = await authorize(provider.publicId);
    const third = await authorize(provider.publicId);
    const secondQuery = await idp().signIn(second.authorizationUrl, subject);
    const crossed = await finish(secondQuery, third.binding);
    expect(crossed.status).toBe(400);
    expect(crossed.body.data).toEqual(refused);
    expect((await finish(secondQuery, second.binding)).status).toBe(400);
    const thirdQuery = await idp().signIn(third.authorizationUrl, subject);
    expect((await finish(thirdQuery, '')).body.data).toEqual(refused);

    const userId = await userIdOf(member.emailAddress);
    expect(await ssoTokensOf(userId)).toEqual([]);
    expect((await eventsOf(userId)).filter((e) => e.kind === 'sso')).toEqual([]);
    const ok = await signInThrough(provider.publicId, subject);
    expect(ok.status).toBe(201);
  });
});
