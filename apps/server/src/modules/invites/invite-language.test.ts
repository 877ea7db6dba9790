import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();

/** Quoted-printable (or a Q encoded word) to text, its bytes read as UTF-8. */
function unquote(text: string, underscoreIsSpace = false): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i++) {
    if (source[i] === '=' && /^[0-9A-F]{2}$/i.test(source.slice(i + 1, i + 3))) {
      bytes.push(parseInt(source.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (underscoreIsSpace && source[i] === '_') bytes.push(32);
    else bytes.push(...Buffer.from(source[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The mails sent to an address, oldest first: decoded subject line and body. */
async function mailsTo(address: string): Promise<string[]> {
  const names = (await readdir(t.server.outboxDir)).filter((name) => name.endsWith('.eml')).sort();
  const mails: string[] = [];
  for (const name of names) {
    const raw = await readFile(path.join(t.server.outboxDir, name), 'utf8');
    if (!raw.toLowerCase().includes(`to: ${address.toLowerCase()}`)) continue;
    const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
    const subject = (/^Subject: (.*)$/m.exec(unfolded)?.[1] ?? '').replace(
      /=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi,
      (_, kind: string, word: string) =>
        kind.toUpperCase() === 'B' ? Buffer.from(word, 'base64').toString('utf8') : unquote(word, true),
    );
    mails.push(`Subject: ${subject}\n${unquote(raw)}`);
  }
  return mails;
}

async function setup(adminLanguage?: 'en' | 'de') {
  const company = await t.newCompany(`Werk ${t.unique()}`);
  const as = { token: company.admin.token, company: company.publicId };
  if (adminLanguage)
    await t.call('PATCH', 'MyUser', { token: company.admin.token, body: { language: adminLanguage } });
  const role = (
    await t.call('POST', 'RoleList', { ...as, body: { name: 'Engineer', capabilities: ['groups.manage'] } })
  ).body.data as { publicId: string };
  return { company, as, role };
}

const newAddress = () => `invitee-${t.unique()}@example.com`;

async function invite(
  as: { token: string; company: string },
  emailAddress: string,
  role: { publicId: string },
  headers?: Record<string, string>,
) {
  const response = await t.call('POST', 'UserInviteList', {
    ...as,
    headers,
    body: { emailAddress, role: { publicId: role.publicId } },
  });
  expect(response.status).toBe(201);
  return response.body.data as { publicId: string };
}

async function inboxOf(publicId: string) {
  return t.server.db
    .selectFrom('messages')
    .innerJoin('users', 'users.id', 'messages.user_id')
    .select(['messages.subject', 'messages.body'])
    .where('users.public_id', '=', publicId)
    .orderBy('messages.id')
    .execute();
}

describe('invitations in the invitee’s language', () => {
  it('writes to an address without an account in the inviter’s stored language', async () => {
    const { as, role } = await setup('de');
    const address = newAddress();
    await invite(as, address, role);
    const [mail] = await mailsTo(address);
    expect(mail).toContain('Subject: Einladung zu Werk');
    expect(mail).toContain('hat Sie eingeladen');
    expect(mail).not.toContain('invited you');
  });

  it('writes to an address without an account in the language the inviter’s browser asks for, when they chose none', async () => {
    const { as, role } = await setup();
    const german = newAddress();
    await invite(as, german, role, { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect((await mailsTo(german))[0]).toContain('Subject: Einladung zu Werk');
    const english = newAddress();
    await invite(as, english, role, { 'Accept-Language': 'fr-FR,en;q=0.5' });
    expect((await mailsTo(english))[0]).toContain('Subject: Invitation to join Werk');
    const none = newAddress();
    await invite(as, none, role);
    expect((await mailsTo(none))[0]).toContain('Subject: Invitation to join Werk');
  });

  it('writes to a user in their own stored language, whatever the inviter’s, mail and inbox alike', async () => {
    const { as, role } = await setup('en');
    const invitee = await t.newUser('Ada');
    await t.call('PATCH', 'MyUser', { token: invitee.token, body: { language: 'de' } });
    await invite(as, invitee.emailAddress, role, { 'Accept-Language': 'en' });
    const mails = await mailsTo(invitee.emailAddress);
    expect(mails.at(-1)).toContain('Subject: Einladung zu Werk');
    expect(mails.at(-1)).toContain('Die Einladung ist gültig bis');
    const inbox = await inboxOf(invitee.publicId);
    expect(inbox.at(-1)?.subject).toMatch(/^Einladung zu Werk /);
    expect(inbox.at(-1)?.body).toContain('als Engineer beizutreten');
  });

  it('writes to a user who chose English in English, even for a German inviter', async () => {
    const { as, role } = await setup('de');
    const invitee = await t.newUser('Ada');
    await t.call('PATCH', 'MyUser', { token: invitee.token, body: { language: 'en' } });
    await invite(as, invitee.emailAddress, role);
    expect((await mailsTo(invitee.emailAddress)).at(-1)).toContain('Subject: Invitation to join Werk');
    expect((await inboxOf(invitee.publicId)).at(-1)?.subject).toMatch(/^Invitation to join Werk /);
  });

  it('tells a German inviter in German that the invitee joined', async () => {
    const { as, role, company } = await setup('de');
    const invitee = await t.newUser('Ada');
    const { publicId } = await invite(as, invitee.emailAddress, role);
    expect((await t.call('POST', `InviteFinish/${publicId}`, { token: invitee.token })).status).toBe(200);
    const told = await inboxOf(
      ((await t.call('GET', 'MyUser', { token: company.admin.token })).body.data as { publicId: string })
        .publicId,
    );
    expect(told.at(-1)?.subject).toMatch(/^Ada ist Werk .* beigetreten$/);
    expect(told.at(-1)?.body).toContain('hat Ihre Einladung angenommen');
  });
});

describe('registration mails in the registrant’s language', () => {
  it('confirms in the language the browser asks for, and warns an account in its own language', async () => {
    const emailAddress = newAddress();
    const body = { name: 'Ada', emailAddress, password: `pw-${t.unique()}-long` };
    const registered = await t.call('POST', 'RegistrationList', {
      body,
      headers: { 'Accept-Language': 'de-AT,de;q=0.9' },
    });
    expect(registered.status).toBe(202);
    const [confirm] = await mailsTo(emailAddress);
    expect(confirm).toContain('Subject: Bestätigen Sie Ihr Fleetgate-Konto');
    expect(confirm).toContain('Öffnen Sie diesen Link');

    const user = await t.newUser('Grace');
    await t.call('PATCH', 'MyUser', { token: user.token, body: { language: 'de' } });
    await t.call('POST', 'RegistrationList', {
      body: { ...body, emailAddress: user.emailAddress },
      headers: { 'Accept-Language': 'en' },
    });
    expect((await mailsTo(user.emailAddress)).at(-1)).toContain('Jemand wollte mit Ihrer E-Mail-Adresse');
  });

  it('stays English without Accept-Language', async () => {
    const emailAddress = newAddress();
    await t.call('POST', 'RegistrationList', {
      body: { name: 'Ada', emailAddress, password: `pw-${t.unique()}-long` },
    });
    expect((await mailsTo(emailAddress))[0]).toContain('Subject: Confirm your Fleetgate account');
  });
});
