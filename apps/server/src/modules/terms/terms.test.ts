import { mkdtempSync, writeFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PublicLegalText, TermsOfUsePolicy } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { newPublicId } from '../../http/ids.ts';
import { sectorLegalTextCommand } from './terms.cli.ts';

const t = useTestServer();

type Company = Awaited<ReturnType<typeof t.newCompany>>;
const as = (company: Company, token = company.admin.token) => ({ token, company: company.publicId });

async function setTerms(
  company: Company,
  language: string,
  body: string | null,
  token = company.admin.token,
) {
  return t.call('PATCH', 'CompanyTermsOfUsePolicyLanguage', {
    ...as(company, token),
    body: { language, body },
  });
}

async function companyId(company: { publicId: string }) {
  const row = await t.server.db
    .selectFrom('companies')
    .select('id')
    .where('public_id', '=', company.publicId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A sector (made as the operator's CLI would) with the company attached. */
async function sectorOf(company: Company) {
  const sector = await t.server.db
    .insertInto('sectors')
    .values({ public_id: newPublicId(), name: `Sector ${t.unique()}` })
    .returningAll()
    .executeTakeFirstOrThrow();
  await t.server.db
    .updateTable('companies')
    .set({ sector_id: sector.id })
    .where('id', '=', await companyId(company))
    .execute();
  return sector;
}

async function runCli(kind: 'terms' | 'privacy-statement', args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await sectorLegalTextCommand(
    t.server.db,
    kind,
    args,
    { log: (line) => out.push(line), error: (line) => err.push(line) },
    t.server.built.events,
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function markdownFile(text: string) {
  const dir = await mkdtemp(path.join(tmpdir(), 'fleetgate-terms-'));
  const file = path.join(dir, 'text.md');
  await writeFile(file, text);
  return file;
}

const latestOf = async (company: Company, token = company.admin.token) =>
  (await t.call('GET', `Company/${company.publicId}`, { token })).body.data as {
    latestTermsOfUse: TermsOfUsePolicy | null;
    customTermsOfUse: boolean;
  };

describe('CompanyTermsOfUsePolicyLanguage', () => {
  it('makes a new policy version only when the text changes, kept for the record and audited', async () => {
    const company = await t.newCompany();
    expect(await latestOf(company)).toMatchObject({ latestTermsOfUse: null, customTermsOfUse: false });

    const first = await setTerms(company, 'en', '# Rules\n\nBe nice.');
    expect(first.status).toBe(200);
    const v1 = first.body.data as TermsOfUsePolicy;
    expect(v1).toEqual({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      version: 1,
      createdAt: expect.any(String),
      languages: { en: '# Rules\n\nBe nice.' },
      source: 'company',
    });
    // The same text again changes nothing.
    expect((await setTerms(company, 'en', '# Rules\n\nBe nice.')).body.data).toEqual(v1);
    const v2 = (await setTerms(company, 'de', '# Regeln')).body.data as TermsOfUsePolicy;
    expect(v2).toMatchObject({ version: 2, languages: { en: '# Rules\n\nBe nice.', de: '# Regeln' } });
    expect(v2.publicId).not.toBe(v1.publicId);
    const v3 = (await setTerms(company, 'en', 'Be kind.')).body.data as TermsOfUsePolicy;
    expect(v3.version).toBe(3);

    expect(await latestOf(company)).toEqual(
      expect.objectContaining({ latestTermsOfUse: v3, customTermsOfUse: true }),
    );
    expect((await t.call('GET', 'CompanyTermsOfUsePolicy', as(company))).body.data).toEqual(v3);
    const versions = await t.server.db
      .selectFrom('terms_of_use_policies')
      .select(['version', 'languages'])
      .where('company_id', '=', await companyId(company))
      .orderBy('version')
      .execute();
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3]);
    expect(versions[0]!.languages).toEqual({ en: '# Rules\n\nBe nice.' });

    const audit = await t.call('GET', 'AuditLogList', {
      ...as(company),
      query: { fields: 'action,resource', filters: 'eq(resource.rel,"TermsOfUsePolicy")' },
    });
    expect(audit.status).toBe(200);
    expect(
      (audit.body.data as { resource: { publicId: string } }[]).map((a) => a.resource.publicId).sort(),
    ).toEqual([v1.publicId, v2.publicId, v3.publicId].sort());
  });

  it('takes English first and removes it last; removing every language removes the terms', async () => {
    const company = await t.newCompany();
    const german = await setTerms(company, 'de', 'Regeln');
    expect(german.status).toBe(400);
    expect(german.body.data).toEqual([
      { message: 'Required language missing: en', propertyName: 'language' },
    ]);
    await setTerms(company, 'en', 'Rules');
    await setTerms(company, 'de', 'Regeln');
    const english = await setTerms(company, 'en', '');
    expect(english.status).toBe(400);
    expect(english.body.data).toEqual([{ message: 'English is removed last', propertyName: 'language' }]);
    expect(((await setTerms(company, 'de', null)).body.data as TermsOfUsePolicy).languages).toEqual({
      en: 'Rules',
    });
    const removed = await setTerms(company, 'en', '   ');
    expect(removed.status).toBe(200);
    expect(removed.body.data).toBeNull();
    expect(await latestOf(company)).toMatchObject({ latestTermsOfUse: null, customTermsOfUse: false });
  });

  it.each([
    [{ language: 'english', body: 'x' }, 'language'],
    [{ language: 'en' }, 'body'],
    [{ language: 'en', body: 'x'.repeat(100_001) }, 'body'],
    [{ language: 'en', body: 5 }, 'body'],
    [{ language: 'en', body: 'x', extra: true }, undefined],
  ])('refuses %#: 400 naming the property', async (body, propertyName) => {
    const company = await t.newCompany();
    const response = await t.call('PATCH', 'CompanyTermsOfUsePolicyLanguage', { ...as(company), body });
    expect(response.status).toBe(400);
    expect(response.body.status).toBe('error');
    if (propertyName) expect(response.body.data).toEqual([expect.objectContaining({ propertyName })]);
  });

  it('takes 100,000 characters of text', async () => {
    const company = await t.newCompany();
    const response = await setTerms(company, 'en', 'ü'.repeat(100_000));
    expect(response.status).toBe(200);
  });

  it('takes at most 30 languages, so a version cannot grow without bound', async () => {
    const company = await t.newCompany();
    await setTerms(company, 'en', 'Rules');
    const codes = Array.from(
      { length: 29 },
      (_, i) => `x${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
    );
    for (const code of codes) expect((await setTerms(company, code, 'Rules')).status).toBe(200);
    const one = await setTerms(company, 'zz', 'Rules');
    expect(one.status).toBe(400);
    expect(one.body.data).toEqual([{ message: 'Too many languages', propertyName: 'language' }]);
  });

  it('needs a token, the company and termsOfUse.manage', async () => {
    const company = await t.newCompany();
    expect(
      (await t.call('PATCH', 'CompanyTermsOfUsePolicyLanguage', { body: { language: 'en', body: 'x' } }))
        .status,
    ).toBe(401);
    const noCompany = await t.call('PATCH', 'CompanyTermsOfUsePolicyLanguage', {
      token: company.admin.token,
      body: { language: 'en', body: 'x' },
    });
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.data).toEqual([expect.objectContaining({ propertyName: 'Api-Company' })]);
    const member = await t.newMember(company, ['privacyStatement.manage']);
    expect((await setTerms(company, 'en', 'x', member.token)).status).toBe(403);
    const manager = await t.newMember(company, ['termsOfUse.manage']);
    expect((await setTerms(company, 'en', 'x', manager.token)).status).toBe(200);
    // Another company's member cannot act in this one.
    const other = await t.newCompany();
    const foreign = await t.call('PATCH', 'CompanyTermsOfUsePolicyLanguage', {
      token: other.admin.token,
      company: company.publicId,
      body: { language: 'en', body: 'y' },
    });
    expect(foreign.status).toBe(404);
    expect(
      (
        await t.call('GET', 'CompanyTermsOfUsePolicy', {
          token: other.admin.token,
          company: company.publicId,
        })
      ).status,
    ).toBe(404);
    expect((await t.call('GET', 'CompanyTermsOfUsePolicy')).status).toBe(401);
    expect((await t.call('GET', `Company/${company.publicId}`, { token: other.admin.token })).status).toBe(
      404,
    );
  });

  it('the built-in administrator role holds both new capabilities', async () => {
    const company = await t.newCompany();
    const me = await t.call('GET', 'MyUser', as(company));
    expect((me.body.data as { capabilities: string[] }).capabilities).toEqual(
      expect.arrayContaining(['privacyStatement.manage', 'termsOfUse.manage']),
    );
  });
});

describe('CompanyPrivacyStatementLanguage', () => {
  it('stores the text per language, without versions, audited; members read it', async () => {
    const company = await t.newCompany();
    const member = await t.newMember(company);
    expect((await t.call('GET', 'CompanyPrivacyStatement', as(company, member.token))).body.data).toBeNull();
    const set = await t.call('PATCH', 'CompanyPrivacyStatementLanguage', {
      ...as(company),
      body: { language: 'en', body: 'We keep little.' },
    });
    expect(set.status).toBe(200);
    const stored = set.body.data as { publicId: string };
    expect(stored).toEqual({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      updatedAt: expect.any(String),
      languages: { en: 'We keep little.' },
      source: 'company',
    });
    await t.call('PATCH', 'CompanyPrivacyStatementLanguage', {
      ...as(company),
      body: { language: 'de', body: 'Wir speichern wenig.' },
    });
    const read = await t.call('GET', 'CompanyPrivacyStatement', as(company, member.token));
    expect(read.body.data).toMatchObject({
      publicId: stored.publicId,
      languages: { en: 'We keep little.', de: 'Wir speichern wenig.' },
    });
    const audit = await t.call('GET', 'AuditLogList', {
      ...as(company),
      query: { fields: 'action,resource', filters: 'eq(resource.rel,"PrivacyStatement")' },
    });
    expect((audit.body.data as { action: string }[]).map((a) => a.action).sort()).toEqual([
      'CREATE',
      'UPDATE',
    ]);
  });

  it('needs privacyStatement.manage, English first and a valid body', async () => {
    const company = await t.newCompany();
    const member = await t.newMember(company, ['termsOfUse.manage']);
    const patch = (token: string, body: unknown) =>
      t.call('PATCH', 'CompanyPrivacyStatementLanguage', { ...as(company, token), body });
    expect((await t.call('PATCH', 'CompanyPrivacyStatementLanguage', { body: {} })).status).toBe(401);
    expect((await patch(member.token, { language: 'en', body: 'x' })).status).toBe(403);
    const german = await patch(company.admin.token, { language: 'de', body: 'x' });
    expect(german.status).toBe(400);
    expect(german.body.data).toEqual([expect.objectContaining({ propertyName: 'language' })]);
    const bad = await patch(company.admin.token, { language: 'en', body: 'x'.repeat(100_001) });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([expect.objectContaining({ propertyName: 'body' })]);
    const other = await t.newCompany();
    const foreign = await t.call('PATCH', 'CompanyPrivacyStatementLanguage', {
      token: other.admin.token,
      company: company.publicId,
      body: { language: 'en', body: 'x' },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('TermsOfUsePolicyAcceptance and MyUser.acceptedTermsOfUsePolicies', () => {
  it('records the acceptance once, audited with time and address', async () => {
    const company = await t.newCompany();
    const member = await t.newMember(company);
    const policy = (await setTerms(company, 'en', 'Rules')).body.data as TermsOfUsePolicy;
    const me = async () =>
      (
        (await t.call('GET', 'MyUser', as(company, member.token))).body.data as {
          acceptedTermsOfUsePolicies: { publicId: string }[];
        }
      ).acceptedTermsOfUsePolicies;
    expect(await me()).toEqual([]);

    const accepted = await t.call(
      'POST',
      `TermsOfUsePolicyAcceptance/${policy.publicId}`,
      as(company, member.token),
    );
    expect(accepted.status).toBe(200);
    const acceptance = accepted.body.data as { publicId: string; acceptedAt: string };
    expect(acceptance).toEqual({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      termsOfUsePolicy: { publicId: policy.publicId, version: 1 },
      acceptedAt: expect.any(String),
    });
    const again = await t.call('POST', `TermsOfUsePolicyAcceptance/${policy.publicId}`, {
      token: member.token,
    });
    expect(again.body.data).toEqual(acceptance);
    expect(await me()).toEqual([{ publicId: policy.publicId }]);

    const audit = await t.server.db
      .selectFrom('audit_logs')
      .select(['action', 'client_address', 'after', 'company_id', 'created_at'])
      .where('resource_rel', '=', 'TermsOfUsePolicyAcceptance')
      .where('resource_public_id', '=', acceptance.publicId)
      .execute();
    expect(audit).toEqual([
      {
        action: 'CREATE',
        client_address: '127.0.0.1',
        company_id: await companyId(company),
        created_at: expect.any(Date),
        after: expect.objectContaining({
          acceptedAt: acceptance.acceptedAt,
          clientAddress: '127.0.0.1',
          termsOfUsePolicy: { publicId: policy.publicId, version: 1 },
        }),
      },
    ]);

    // New terms: the new version is not accepted yet.
    const v2 = (await setTerms(company, 'en', 'New rules')).body.data as TermsOfUsePolicy;
    expect((await me()).map((p) => p.publicId)).not.toContain(v2.publicId);
  });

  it('finds no policy of another company, an unknown one or none; needs a token', async () => {
    const company = await t.newCompany();
    const policy = (await setTerms(company, 'en', 'Rules')).body.data as TermsOfUsePolicy;
    const stranger = await t.newCompany();
    expect((await t.call('POST', `TermsOfUsePolicyAcceptance/${policy.publicId}`, as(stranger))).status).toBe(
      404,
    );
    expect((await t.call('POST', 'TermsOfUsePolicyAcceptance/abcdefabcdef', as(company))).status).toBe(404);
    expect((await t.call('POST', 'TermsOfUsePolicyAcceptance/not-an-id', as(company))).status).toBe(404);
    expect((await t.call('POST', `TermsOfUsePolicyAcceptance/${policy.publicId}`)).status).toBe(401);
  });
});

describe('InviteFinish with termsOfUsePolicy', () => {
  async function invitation(company: Company) {
    const invitee = await t.newUser('Invitee');
    const role = (
      await t.call('POST', 'RoleList', {
        ...as(company),
        body: { name: `Role ${t.unique()}`, capabilities: [] },
      })
    ).body.data as { publicId: string };
    const invite = (
      await t.call('POST', 'UserInviteList', {
        ...as(company),
        body: { emailAddress: invitee.emailAddress, role: { publicId: role.publicId } },
      })
    ).body.data as { publicId: string };
    return { invitee, invite };
  }

  it('shows the terms with the invitation and records the acceptance with the membership', async () => {
    const company = await t.newCompany();
    const policy = (await setTerms(company, 'en', 'Rules')).body.data as TermsOfUsePolicy;
    const { invitee, invite } = await invitation(company);
    const invites = await t.call('GET', 'MyUserInviteList', { token: invitee.token });
    expect(invites.body.data).toEqual([
      expect.objectContaining({ publicId: invite.publicId, termsOfUse: policy }),
    ]);
    const finished = await t.call('POST', `InviteFinish/${invite.publicId}`, {
      token: invitee.token,
      body: { termsOfUsePolicy: { publicId: policy.publicId } },
    });
    expect(finished.status).toBe(200);
    expect(finished.body.data).toMatchObject({
      termsOfUseAcceptance: { termsOfUsePolicy: { publicId: policy.publicId, version: 1 } },
    });
    const me = await t.call('GET', 'MyUser', as(company, invitee.token));
    expect(me.body.data).toMatchObject({ acceptedTermsOfUsePolicies: [{ publicId: policy.publicId }] });
  });

  it("refuses another company's policy, joining nobody", async () => {
    const company = await t.newCompany();
    await setTerms(company, 'en', 'Rules');
    const other = await t.newCompany();
    const foreign = (await setTerms(other, 'en', 'Theirs')).body.data as TermsOfUsePolicy;
    const { invitee, invite } = await invitation(company);
    for (const publicId of [foreign.publicId, 'abcdefabcdef']) {
      const refused = await t.call('POST', `InviteFinish/${invite.publicId}`, {
        token: invitee.token,
        body: { termsOfUsePolicy: { publicId } },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.data).toEqual([{ message: 'Not found', propertyName: 'termsOfUsePolicy' }]);
    }
    expect((await t.call('GET', 'MyUser', as(company, invitee.token))).status).toBe(404);
  });
});

describe('sector terms', () => {
  it('set through the CLI apply to the companies of the sector; company terms win', async () => {
    const company = await t.newCompany();
    const member = await t.newMember(company);
    const sector = await sectorOf(company);
    const file = await markdownFile('# Sector rules');
    // Open apps of the sector's companies hear of the new terms.
    const heard: unknown[] = [];
    const stop = t.server.built.events.subscribe({
      userId: 0,
      companyId: await companyId(company),
      deliver: (event) => heard.push(event),
    });
    const set = await runCli('terms', ['--sector', sector.public_id, '--language', 'en', '--file', file]);
    stop();
    expect(set).toMatchObject({ code: 0, out: expect.stringContaining('version 1') });
    expect(heard).toEqual([{ type: 'TermsOfUseChanged', data: { publicId: expect.any(String) } }]);
    const again = await runCli('terms', ['--sector', sector.public_id, '--language', 'en', '--file', file]);
    expect(again.out).toContain('unchanged');

    const fromSector = await latestOf(company, member.token);
    expect(fromSector).toMatchObject({
      customTermsOfUse: true,
      latestTermsOfUse: { version: 1, source: 'sector', languages: { en: '# Sector rules' } },
    });
    // A member accepts the sector's policy through their company.
    const accepted = await t.call(
      'POST',
      `TermsOfUsePolicyAcceptance/${fromSector.latestTermsOfUse!.publicId}`,
      {
        token: member.token,
      },
    );
    expect(accepted.status).toBe(200);

    await setTerms(company, 'en', '# Our own rules');
    expect(await latestOf(company, member.token)).toMatchObject({
      latestTermsOfUse: { version: 1, source: 'company', languages: { en: '# Our own rules' } },
    });
    // The company removes its own: the sector's apply again.
    await setTerms(company, 'en', null);
    expect((await latestOf(company, member.token)).latestTermsOfUse).toMatchObject({ source: 'sector' });

    const audit = await t.server.db
      .selectFrom('audit_logs')
      .select(['actor_user_id', 'company_id'])
      .where('resource_rel', '=', 'TermsOfUsePolicy')
      .where('resource_public_id', '=', fromSector.latestTermsOfUse!.publicId)
      .execute();
    expect(audit).toEqual([{ actor_user_id: null, company_id: null }]);
  });

  it('CLI refuses bad options, unknown sectors, German first and empty files', async () => {
    const company = await t.newCompany();
    const sector = await sectorOf(company);
    const file = await markdownFile('Regeln');
    expect((await runCli('terms', ['--language', 'en', '--file', file])).code).toBe(2);
    expect((await runCli('terms', ['--sector', sector.public_id, '--language', 'en'])).code).toBe(2);
    expect(
      (await runCli('terms', ['--sector', 'abcdefabcdef', '--language', 'en', '--file', file])).code,
    ).toBe(1);
    const german = await runCli('terms', ['--sector', sector.public_id, '--language', 'de', '--file', file]);
    expect(german).toMatchObject({ code: 1, err: 'Required language missing: en' });
    const empty = await runCli('terms', [
      '--sector',
      sector.public_id,
      '--language',
      'en',
      '--file',
      await markdownFile(' \n'),
    ]);
    expect(empty.code).toBe(1);
    const privacy = await runCli('privacy-statement', [
      '--sector',
      sector.public_id,
      '--language',
      'en',
      '--file',
      file,
    ]);
    expect(privacy.code).toBe(0);
    const read = await t.call('GET', 'CompanyPrivacyStatement', as(company));
    expect(read.body.data).toMatchObject({ source: 'sector', languages: { en: 'Regeln' } });
  });
});

describe('PublicTermsOfUse and PublicPrivacyStatement', () => {
  async function brand(owner: { companyId: number } | { sectorId: number }) {
    const fqdn = `portal-${t.unique()}.example.net`;
    await t.server.db
      .insertInto('brandings')
      .values({
        public_id: newPublicId(),
        company_id: 'companyId' in owner ? owner.companyId : null,
        sector_id: 'sectorId' in owner ? owner.sectorId : null,
        fqdn,
      })
      .execute();
    return fqdn;
  }
  const read = async (rel: string, host?: string) => {
    const response = await t.call('GET', rel, host ? { headers: { 'Api-Branding': host } } : {});
    expect(response.status).toBe(200);
    return response.body.data as PublicLegalText;
  };

  it("answers the instance's built-in texts without a host or for hosts nobody claims", async () => {
    for (const rel of ['PublicTermsOfUse', 'PublicPrivacyStatement']) {
      for (const host of [undefined, 'unknown.example.net', 'localhost', '%%%']) {
        const text = await read(rel, host);
        expect(text).toEqual({
          publicId: expect.stringMatching(/^[0-9a-f]{12}$/),
          languages: { en: expect.stringContaining('Fleetgate'), de: expect.stringContaining('Fleetgate') },
          source: 'instance',
          version: null,
        });
      }
    }
  });

  it("answers the host's company texts, else its sector's, with no token", async () => {
    const company = await t.newCompany();
    const fqdn = await brand({ companyId: await companyId(company) });
    expect((await read('PublicTermsOfUse', fqdn)).source).toBe('instance');
    const policy = (await setTerms(company, 'en', 'Company rules')).body.data as TermsOfUsePolicy;
    expect(await read('PublicTermsOfUse', `${fqdn.toUpperCase()}:443`)).toEqual({
      publicId: policy.publicId,
      languages: { en: 'Company rules' },
      source: 'company',
      version: 1,
    });
    await t.call('PATCH', 'CompanyPrivacyStatementLanguage', {
      ...as(company),
      body: { language: 'en', body: 'Company privacy' },
    });
    expect(await read('PublicPrivacyStatement', fqdn)).toMatchObject({
      languages: { en: 'Company privacy' },
      source: 'company',
      version: null,
    });

    const sectorCompany = await t.newCompany();
    const sector = await sectorOf(sectorCompany);
    const sectorHost = await brand({ sectorId: sector.id });
    await runCli('terms', [
      '--sector',
      sector.public_id,
      '--language',
      'en',
      '--file',
      await markdownFile('Sector'),
    ]);
    expect(await read('PublicTermsOfUse', sectorHost)).toMatchObject({ source: 'sector', version: 1 });
    expect(await read('PublicPrivacyStatement', sectorHost)).toMatchObject({ source: 'instance' });
  });
});

describe('instance texts from files', () => {
  // Read when the routes are registered, so they are written before the server starts.
  const dir = mkdtempSync(path.join(tmpdir(), 'fleetgate-instance-terms-'));
  const termsOfUseFile = path.join(dir, 'terms.md');
  const privacyStatementFile = path.join(dir, 'privacy.md');
  writeFileSync(termsOfUseFile, '# Our instance terms');
  writeFileSync(privacyStatementFile, '# Our instance privacy');
  const custom = useTestServer({ config: { termsOfUseFile, privacyStatementFile } });

  it('serves TERMS_OF_USE_FILE and PRIVACY_STATEMENT_FILE as English', async () => {
    const terms = await custom.call('GET', 'PublicTermsOfUse');
    expect(terms.body.data).toMatchObject({ languages: { en: '# Our instance terms' }, source: 'instance' });
    const privacy = await custom.call('GET', 'PublicPrivacyStatement', {
      headers: { 'Api-Branding': 'nobody.example.net' },
    });
    expect(privacy.body.data).toEqual({
      publicId: expect.stringMatching(/^[0-9a-f]{12}$/),
      languages: { en: '# Our instance privacy' },
      source: 'instance',
      version: null,
    });
  });
});
