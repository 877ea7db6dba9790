import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';
import { insertMembership } from '../companies/company.repository.ts';

const t = useTestServer();

type Invite = {
  publicId: string;
  emailAddress: string;
  role: { publicId: string; name: string };
  expiresOn: string;
  expired: boolean;
};
type MyInvite = { publicId: string; company: { publicId: string; name: string }; role: { name: string } };

async function setup() {
  const company = await t.newCompany();
  const as = { token: company.admin.token, company: company.publicId };
  const role = (
    await t.call('POST', 'RoleList', { ...as, body: { name: 'Engineer', capabilities: ['groups.manage'] } })
  ).body.data as { publicId: string };
  return { company, as, role };
}

const newAddress = () => `invitee-${t.unique()}@example.com`;

/** Moves an invite's last sending into the past, as if that much time had gone by. */
async function sentMinutesAgo(publicId: string, minutes: number) {
  await t.server.db
    .updateTable('invites')
    .set({ sent_at: new Date(Date.now() - minutes * 60_000) })
    .where('public_id', '=', publicId)
    .execute();
}

/** The .eml files the outbox holds for an address (the server writes them after the commit). */
async function mailsTo(address: string): Promise<string[]> {
  const names = await readdir(t.server.outboxDir).catch(() => [] as string[]);
  const texts = await Promise.all(
    names.filter((n) => n.endsWith('.eml')).map((n) => readFile(path.join(t.server.outboxDir, n), 'utf8')),
  );
  // Matched case-insensitively: mailers may lower-case the domain.
  return texts.filter((text) => text.toLowerCase().includes(`to: ${address.toLowerCase()}`));
}

describe('UserInviteList', () => {
  it('needs a token (401) and the users right (403)', async () => {
    const { company, role } = await setup();
    const member = await t.newMember(company, ['roles.manage']);
    const memberAs = { token: member.token, company: company.publicId };
    const body = { emailAddress: newAddress(), role: { publicId: role.publicId } };
    expect((await t.call('POST', 'UserInviteList', { company: company.publicId, body })).status).toBe(401);
    expect((await t.call('GET', 'UserInviteList', { company: company.publicId })).status).toBe(401);
    const refused = await t.call('POST', 'UserInviteList', { ...memberAs, body });
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual([{ message: 'Missing capability' }]);
    expect((await t.call('GET', 'UserInviteList', memberAs)).status).toBe(403);
    expect(await mailsTo(body.emailAddress)).toEqual([]);
  });

  it('invites an address, mails the invitation into the outbox and lists the invite', async () => {
    const { as, role, company } = await setup();
    const address = newAddress();
    const response = await t.call('POST', 'UserInviteList', {
      ...as,
      body: { emailAddress: address, role: { publicId: role.publicId } },
    });
    expect(response.status).toBe(201);
    const invite = response.body.data as Invite;
    expect(invite).toMatchObject({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      emailAddress: address,
      role: { publicId: role.publicId, name: 'Engineer' },
      invitedBy: { publicId: company.admin.publicId, name: 'Company Admin' },
      expired: false,
    });
    const days = (Date.parse(invite.expiresOn) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    const [mail, ...more] = await mailsTo(address);
    expect(more).toEqual([]);
    expect(mail).toContain('Subject: Invitation to join');
    expect(mail).toContain(`${t.server.baseUrl}/my-companies`);
    expect(mail).toMatch(/invited you to join/);

    const list = await t.call('GET', 'UserInviteList', {
      ...as,
      query: { fields: 'emailAddress,role(name)' },
    });
    expect(list.body.data).toEqual([
      {
        publicId: invite.publicId,
        emailAddress: address,
        role: { publicId: role.publicId, name: 'Engineer' },
      },
    ]);
    const audit = await t.call('GET', 'AuditLogList', {
      ...as,
      query: { filters: `eq(resource.publicId,"${invite.publicId}")`, fields: 'action,resource(rel),after' },
    });
    expect(audit.body.data).toEqual([
      {
        publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
        action: 'CREATE',
        resource: { rel: 'UserInvite', publicId: invite.publicId },
        after: expect.objectContaining({ emailAddress: address }),
      },
    ]);
  });

  it('renews a pending invite of the same address instead of adding a second one', async () => {
    const { as, role, company } = await setup();
    const address = newAddress();
    const first = (
      await t.call('POST', 'UserInviteList', {
        ...as,
        body: { emailAddress: address, role: { publicId: role.publicId } },
      })
    ).body.data as Invite;
    await sentMinutesAgo(first.publicId, 11);
    const again = await t.call('POST', 'UserInviteList', {
      ...as,
      body: { emailAddress: address.toUpperCase(), role: { publicId: company.adminRolePublicId } },
    });
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ publicId: first.publicId, role: { name: 'Administrator' } });
    const list = (await t.call('GET', 'UserInviteList', as)).body.data as Invite[];
    expect(list.map((i) => i.publicId)).toEqual([first.publicId]);
    // The invitation is sent again.
    expect(await mailsTo(address)).toHaveLength(2);
  });

  it('sends to one address at most once per 10 minutes, even when asked in parallel', async () => {
    const { as, role } = await setup();
    const address = newAddress();
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.call('POST', i % 2 === 0 ? 'UserInviteList' : 'UserMembershipList', {
          ...as,
          body: {
            emailAddress: i === 0 ? address : address.toUpperCase(),
            role: { publicId: role.publicId },
          },
        }),
      ),
    );
    expect(responses.filter((r) => r.status === 201 || r.status === 202)).toHaveLength(1);
    for (const refused of responses.filter((r) => r.status !== 201 && r.status !== 202)) {
      expect(refused.status).toBe(429);
      expect(refused.body.data).toEqual([{ message: 'Too many attempts, try again later' }]);
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(600);
    }
    expect(await mailsTo(address)).toHaveLength(1);
    const [invite] = (await t.call('GET', 'UserInviteList', as)).body.data as Invite[];
    await sentMinutesAgo(invite!.publicId, 9);
    const tooSoon = await t.call('POST', 'UserInviteList', {
      ...as,
      body: { emailAddress: address, role: { publicId: role.publicId } },
    });
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Another company may invite the same address.
    const other = await setup();
    const theirs = await t.call('POST', 'UserInviteList', {
      ...other.as,
      body: { emailAddress: address, role: { publicId: other.role.publicId } },
    });
    expect(theirs.status).toBe(201);
  });

  it('refuses members (409), unknown roles (404), bad input (400) and duplicates in one list', async () => {
    const { as, role, company } = await setup();
    const member = await t.newMember(company);
    const other = await t.newCompany();
    const taken = await t.call('POST', 'UserInviteList', {
      ...as,
      body: { emailAddress: member.emailAddress.toUpperCase(), role: { publicId: role.publicId } },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.data).toEqual([{ message: 'User is already a member', propertyName: 'emailAddress' }]);
    const foreignRole = await t.call('POST', 'UserInviteList', {
      ...as,
      body: { emailAddress: newAddress(), role: { publicId: other.adminRolePublicId } },
    });
    expect(foreignRole.status).toBe(404);
    expect(foreignRole.body.data).toEqual([{ message: 'Not found', propertyName: 'role.publicId' }]);

    const bad = await t.call('POST', 'UserInviteList', {
      ...as,
      body: [
        { emailAddress: newAddress(), role: { publicId: role.publicId } },
        { emailAddress: 'not-an-address', role: { publicId: role.publicId } },
        { role: { publicId: role.publicId } },
        { emailAddress: newAddress() },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([
      { message: 'Invalid e-mail address', propertyName: 'emailAddress', listIndex: 1 },
      { message: 'Required property', propertyName: 'emailAddress', listIndex: 2 },
      { message: 'Required property', propertyName: 'role', listIndex: 3 },
    ]);
    const address = newAddress();
    const twice = await t.call('POST', 'UserInviteList', {
      ...as,
      body: [
        { emailAddress: address, role: { publicId: role.publicId } },
        { emailAddress: address, role: { publicId: role.publicId } },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.data).toEqual([{ message: 'Duplicate', propertyName: 'emailAddress', listIndex: 1 }]);
    // One member in a list: nothing is stored and nobody is mailed.
    const fresh = newAddress();
    const mixed = await t.call('POST', 'UserInviteList', {
      ...as,
      body: [
        { emailAddress: fresh, role: { publicId: role.publicId } },
        { emailAddress: member.emailAddress, role: { publicId: role.publicId } },
      ],
    });
    expect(mixed.status).toBe(409);
    expect(mixed.body.data).toEqual([
      { message: 'User is already a member', propertyName: 'emailAddress', listIndex: 1 },
    ]);
    expect((await t.call('GET', 'UserInviteList', as)).body.data).toEqual([]);
    expect(await mailsTo(fresh)).toEqual([]);
    const unknown = await t.call('POST', 'UserInviteList', {
      ...as,
      body: { emailAddress: newAddress(), role: { publicId: role.publicId }, message: 'hi' },
    });
    expect(unknown.body.data).toEqual([{ message: 'Unknown property: message' }]);
  });

  it('invites several addresses at once', async () => {
    const { as, role } = await setup();
    const addresses = [newAddress(), newAddress()];
    const response = await t.call('POST', 'UserInviteList', {
      ...as,
      body: addresses.map((emailAddress) => ({ emailAddress, role: { publicId: role.publicId } })),
    });
    expect(response.status).toBe(201);
    expect((response.body.data as Invite[]).map((i) => i.emailAddress)).toEqual(addresses);
    for (const address of addresses) expect(await mailsTo(address)).toHaveLength(1);
  });

  it('leaves an inbox message for a registered invitee', async () => {
    const { as, role, company } = await setup();
    const invitee = await t.newUser('Invitee');
    await t.call('POST', 'UserInviteList', {
      ...as,
      body: { emailAddress: invitee.emailAddress, role: { publicId: role.publicId } },
    });
    const rows = await t.server.db
      .selectFrom('messages')
      .innerJoin('users', 'users.id', 'messages.user_id')
      .select(['messages.subject', 'messages.body'])
      .where('users.public_id', '=', invitee.publicId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toMatch(/^Invitation to join Company /);
    expect(rows[0]!.body).toContain('as Engineer');
    expect(company.publicId).toBeTruthy();
  });

  it("cancels an invite, and another company's invite is not found", async () => {
    const mine = await setup();
    const theirs = await setup();
    const mineInvite = (
      await t.call('POST', 'UserInviteList', {
        ...mine.as,
        body: { emailAddress: newAddress(), role: { publicId: mine.role.publicId } },
      })
    ).body.data as Invite;
    const theirInvite = (
      await t.call('POST', 'UserInviteList', {
        ...theirs.as,
        body: { emailAddress: newAddress(), role: { publicId: theirs.role.publicId } },
      })
    ).body.data as Invite;
    expect((await t.call('GET', `UserInvite/${theirInvite.publicId}`, mine.as)).status).toBe(404);
    expect((await t.call('DELETE', `UserInvite/${theirInvite.publicId}`, mine.as)).status).toBe(404);
    const member = await t.newMember(mine.company, ['groups.manage']);
    expect(
      (
        await t.call('DELETE', `UserInvite/${mineInvite.publicId}`, {
          token: member.token,
          company: mine.company.publicId,
        })
      ).status,
    ).toBe(403);
    expect((await t.call('DELETE', `UserInvite/${mineInvite.publicId}`, mine.as)).status).toBe(200);
    expect((await t.call('GET', 'UserInviteList', mine.as)).body.data).toEqual([]);
    expect((await t.call('GET', 'UserInviteList', theirs.as)).body.data).toHaveLength(1);
  });
});

describe('MyUserInviteList, MyUserInvite and InviteFinish', () => {
  async function invited() {
    const s = await setup();
    const invitee = await t.newUser('Invitee');
    const invite = (
      await t.call('POST', 'UserInviteList', {
        ...s.as,
        body: { emailAddress: invitee.emailAddress, role: { publicId: s.role.publicId } },
      })
    ).body.data as Invite;
    return { ...s, invitee, invite };
  }

  it('needs a token', async () => {
    expect((await t.call('GET', 'MyUserInviteList')).status).toBe(401);
    expect((await t.call('DELETE', 'MyUserInvite/abcdefabcdef')).status).toBe(401);
    expect((await t.call('POST', 'InviteFinish/abcdefabcdef')).status).toBe(401);
  });

  it('lists the invites addressed to the signed-in user with company and role names', async () => {
    const { invitee, invite, company } = await invited();
    const list = await t.call('GET', 'MyUserInviteList', { token: invitee.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        publicId: invite.publicId,
        company: { publicId: company.publicId, name: expect.stringMatching(/^Company /) },
        role: { publicId: invite.role.publicId, name: 'Engineer' },
        invitedBy: { publicId: company.admin.publicId, name: 'Company Admin' },
        createdOn: expect.any(String),
        expiresOn: invite.expiresOn,
        termsOfUse: null,
      },
    ]);
    const stranger = await t.newUser();
    expect((await t.call('GET', 'MyUserInviteList', { token: stranger.token })).body.data).toEqual([]);
  });

  it('accepts: the user becomes a member with the role, the invite is used up', async () => {
    const { invitee, invite, company, as } = await invited();
    expect((await t.call('GET', 'MyUser', { token: invitee.token, company: company.publicId })).status).toBe(
      404,
    );
    const stranger = await t.newUser();
    expect((await t.call('POST', `InviteFinish/${invite.publicId}`, { token: stranger.token })).status).toBe(
      404,
    );
    const bad = await t.call('POST', `InviteFinish/${invite.publicId}`, {
      token: invitee.token,
      body: { termsOfUsePolicy: { publicId: 'x' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([expect.objectContaining({ propertyName: 'termsOfUsePolicy.publicId' })]);

    // A policy the company does not have is refused (terms.test.ts covers accepting real ones).
    const unknownPolicy = await t.call('POST', `InviteFinish/${invite.publicId}`, {
      token: invitee.token,
      body: { termsOfUsePolicy: { publicId: 'abcdefabcdef' } },
    });
    expect(unknownPolicy.status).toBe(400);
    expect(unknownPolicy.body.data).toEqual([{ message: 'Not found', propertyName: 'termsOfUsePolicy' }]);

    const accepted = await t.call('POST', `InviteFinish/${invite.publicId}`, {
      token: invitee.token,
      body: {},
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({
      company: { publicId: company.publicId },
      role: { name: 'Engineer' },
      membership: { publicId: expect.stringMatching(/^[0-9a-z]{12}$/) },
    });
    const me = await t.call('GET', 'MyUser', { token: invitee.token, company: company.publicId });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ role: { name: 'Engineer' }, capabilities: ['groups.manage'] });
    expect((await t.call('GET', 'MyUserInviteList', { token: invitee.token })).body.data).toEqual([]);
    expect((await t.call('GET', 'UserInviteList', as)).body.data).toEqual([]);
    expect((await t.call('POST', `InviteFinish/${invite.publicId}`, { token: invitee.token })).status).toBe(
      404,
    );
    // The inviter hears about it in the inbox.
    const told = await t.server.db
      .selectFrom('messages')
      .innerJoin('users', 'users.id', 'messages.user_id')
      .select('messages.subject')
      .where('users.public_id', '=', company.admin.publicId)
      .execute();
    expect(told.map((m) => m.subject)).toEqual([expect.stringMatching(/^Invitee joined Company /)]);
  });

  it('gives the new member the default access category', async () => {
    const { invitee, invite, as } = await invited();
    const audience = (await t.call('POST', 'AudienceList', { ...as, body: { name: 'Field staff' } })).body
      .data as { publicId: string };
    await t.call('POST', `AudienceDefault/${audience.publicId}`, as);
    await t.call('POST', `InviteFinish/${invite.publicId}`, { token: invitee.token });
    const users = await t.call('GET', 'UserList', {
      ...as,
      query: { filters: `eq(publicId,"${invitee.publicId}")`, fields: 'audience' },
    });
    expect(users.body.data).toEqual([
      { publicId: invitee.publicId, audience: { publicId: audience.publicId, name: 'Field staff' } },
    ]);
  });

  it('rejects: the invite is gone for both sides', async () => {
    const { invitee, invite, as } = await invited();
    const stranger = await t.newUser();
    expect(
      (await t.call('DELETE', `MyUserInvite/${invite.publicId}`, { token: stranger.token })).status,
    ).toBe(404);
    const rejected = await t.call('DELETE', `MyUserInvite/${invite.publicId}`, { token: invitee.token });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toEqual({ publicId: invite.publicId });
    expect((await t.call('GET', 'UserInviteList', as)).body.data).toEqual([]);
    expect((await t.call('POST', `InviteFinish/${invite.publicId}`, { token: invitee.token })).status).toBe(
      404,
    );
  });

  it('refuses expired invites and hides them from the invitee', async () => {
    const { invitee, invite, as } = await invited();
    // An expired invite was sent two weeks ago.
    await t.server.db
      .updateTable('invites')
      .set({ expires_on: new Date(Date.now() - 1000), sent_at: new Date(Date.now() - 15 * 86_400_000) })
      .where('public_id', '=', invite.publicId)
      .execute();
    expect((await t.call('GET', 'MyUserInviteList', { token: invitee.token })).body.data).toEqual([]);
    const finish = await t.call('POST', `InviteFinish/${invite.publicId}`, { token: invitee.token });
    expect(finish.status).toBe(409);
    expect(finish.body.data).toEqual([{ message: 'Invite has expired' }]);
    const list = (await t.call('GET', 'UserInviteList', as)).body.data as Invite[];
    expect(list[0]).toMatchObject({ publicId: invite.publicId, expired: true });
    // Inviting again renews it.
    await t.call('POST', 'UserInviteList', {
      ...as,
      body: { emailAddress: invitee.emailAddress, role: { publicId: invite.role.publicId } },
    });
    const mine = (await t.call('GET', 'MyUserInviteList', { token: invitee.token })).body.data as MyInvite[];
    expect(mine.map((i) => i.publicId)).toEqual([invite.publicId]);
  });

  it('refuses to accept when the user became a member meanwhile', async () => {
    const { invitee, invite, company, role } = await invited();
    const ids = await t.server.db
      .selectFrom('companies')
      .innerJoin('users', (join) => join.on('users.public_id', '=', invitee.publicId))
      .innerJoin('roles', (join) => join.on('roles.public_id', '=', role.publicId))
      .select(['companies.id as companyId', 'users.id as userId', 'roles.id as roleId'])
      .where('companies.public_id', '=', company.publicId)
      .executeTakeFirstOrThrow();
    await insertMembership(t.server.db, ids);
    const finish = await t.call('POST', `InviteFinish/${invite.publicId}`, { token: invitee.token });
    expect(finish.status).toBe(409);
    expect(finish.body.data).toEqual([{ message: 'User is already a member' }]);
  });

  it('is single-use and only for the invited address', async () => {
    const { invitee, invite, as, role } = await invited();
    const other = await t.newUser();
    expect((await t.call('POST', `InviteFinish/${invite.publicId}`, { token: other.token })).status).toBe(
      404,
    );
    expect((await t.call('POST', `InviteFinish/${invite.publicId}`, { token: invitee.token })).status).toBe(
      200,
    );
    expect((await t.call('POST', `InviteFinish/${invite.publicId}`, { token: invitee.token })).status).toBe(
      404,
    );
    // The used invite is gone: inviting the member again is a conflict, not a new invite.
    const again = await t.call('POST', 'UserInviteList', {
      ...as,
      body: { emailAddress: invitee.emailAddress, role: { publicId: role.publicId } },
    });
    expect(again.status).toBe(409);
  });
});
