import { describe, expect, it } from 'vitest';
import type { MyUser } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();

async function auditOf(publicId: string) {
  return t.server.db
    .selectFrom('audit_logs')
    .select(['action', 'resource_rel', 'before', 'after', 'actor_user_id', 'company_id'])
    .where('resource_public_id', '=', publicId)
    .where('resource_rel', '=', 'MyUser')
    .orderBy('id')
    .execute();
}

describe('PATCH MyUser language', () => {
  it('starts with no language (the browser decides) and stores en, de and null', async () => {
    const user = await t.newUser();
    const initial = await t.call('GET', 'MyUser', { token: user.token });
    expect((initial.body.data as MyUser).language).toBeNull();

    const german = await t.call('PATCH', 'MyUser', { token: user.token, body: { language: 'de' } });
    expect(german.status).toBe(200);
    expect(german.body.type).toBe('MyUser');
    expect(german.body.data).toMatchObject({ publicId: user.publicId, language: 'de' });
    // Read back at once: the cached sign-in was dropped.
    expect(((await t.call('GET', 'MyUser', { token: user.token })).body.data as MyUser).language).toBe('de');

    // Another session of the same user sees it too.
    const second = await t.login(user.emailAddress, user.password);
    const otherToken = (second.body.data as { secretId: string }).secretId;
    expect(((await t.call('GET', 'MyUser', { token: otherToken })).body.data as MyUser).language).toBe('de');

    await t.call('PATCH', 'MyUser', { token: user.token, body: { language: 'en' } });
    expect(((await t.call('GET', 'MyUser', { token: user.token })).body.data as MyUser).language).toBe('en');
    const reset = await t.call('PATCH', 'MyUser', { token: user.token, body: { language: null } });
    expect((reset.body.data as MyUser).language).toBeNull();
    expect(((await t.call('GET', 'MyUser', { token: user.token })).body.data as MyUser).language).toBeNull();
  });

  it('answers in the company acted in, with the role and capabilities, when Api-Company is sent', async () => {
    const company = await t.newCompany();
    const response = await t.call('PATCH', 'MyUser', {
      token: company.admin.token,
      company: company.publicId,
      body: { language: 'de' },
    });
    expect(response.status).toBe(200);
    const data = response.body.data as MyUser;
    expect(data.company?.publicId).toBe(company.publicId);
    expect(data.capabilities.length).toBeGreaterThan(0);
    expect(data.language).toBe('de');
  });

  it('audits each change with the value before and after, and nothing when the value is unchanged', async () => {
    const user = await t.newUser();
    await t.call('PATCH', 'MyUser', { token: user.token, body: { language: 'de' } });
    await t.call('PATCH', 'MyUser', { token: user.token, body: { language: 'de' } });
    await t.call('PATCH', 'MyUser', { token: user.token, body: {} });
    await t.call('PATCH', 'MyUser', { token: user.token, body: { language: null } });
    const entries = await auditOf(user.publicId);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      action: 'UPDATE',
      company_id: null,
      before: { publicId: user.publicId, language: null },
      after: { publicId: user.publicId, language: 'de' },
    });
    expect(entries[0]!.actor_user_id).not.toBeNull();
    expect(entries[1]).toMatchObject({ before: { language: 'de' }, after: { language: null } });
  });

  it.each([['fr'], ['DE'], ['de-DE'], [''], [42], [['de']], [{ code: 'de' }]])(
    'refuses language %j with a 400 naming language',
    async (language) => {
      const user = await t.newUser();
      const response = await t.call('PATCH', 'MyUser', { token: user.token, body: { language } });
      expect(response.status).toBe(400);
      expect(response.body.status).toBe('error');
      expect(response.body.data).toEqual([expect.objectContaining({ propertyName: 'language' })]);
      expect(
        ((await t.call('GET', 'MyUser', { token: user.token })).body.data as MyUser).language,
      ).toBeNull();
    },
  );

  it('refuses properties it does not know and bodies that are not objects', async () => {
    const user = await t.newUser();
    const unknown = await t.call('PATCH', 'MyUser', {
      token: user.token,
      body: { language: 'de', role: 'x' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toEqual([{ message: 'Unknown property: role' }]);
    const list = await t.call('PATCH', 'MyUser', { token: user.token, body: [{ language: 'de' }] });
    expect(list.status).toBe(400);
  });

  it('is 401 without a session or with a revoked one', async () => {
    const anonymous = await t.call('PATCH', 'MyUser', { body: { language: 'de' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.type).toBe('Error');

    const user = await t.newUser();
    await t.call('DELETE', 'AccessTokenList', {
      token: user.token,
      body: [{ publicId: user.tokenPublicId }],
    });
    const revoked = await t.call('PATCH', 'MyUser', { token: user.token, body: { language: 'de' } });
    expect(revoked.status).toBe(401);
  });

  it('is 404 in a company the user is not a member of, and changes nothing there', async () => {
    const company = await t.newCompany();
    const outsider = await t.newUser();
    const response = await t.call('PATCH', 'MyUser', {
      token: outsider.token,
      company: company.publicId,
      body: { language: 'de' },
    });
    expect([403, 404]).toContain(response.status);
    expect(
      ((await t.call('GET', 'MyUser', { token: outsider.token })).body.data as MyUser).language,
    ).toBeNull();
  });
});
