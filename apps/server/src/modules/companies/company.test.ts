import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();

describe('CompanyList', () => {
  it('creates a company whose creator is its administrator', async () => {
    const user = await t.newUser();
    const created = await t.call('POST', 'CompanyList', {
      token: user.token,
      body: { name: '  Acme Water  ' },
    });
    expect(created.status).toBe(201);
    const company = created.body.data as { publicId: string; name: string; role: { name: string } };
    expect(company).toMatchObject({ name: 'Acme Water', role: { name: 'Administrator' } });

    const me = await t.call('GET', 'MyUser', { token: user.token, company: company.publicId });
    expect((me.body.data as { capabilities: string[] }).capabilities).toEqual(t.allCapabilities);
    const audit = await t.call('GET', 'AuditLogList', {
      token: user.token,
      company: company.publicId,
      query: { fields: 'action,resource' },
    });
    expect(audit.body.data).toEqual(
      expect.arrayContaining([
        {
          publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
          action: 'CREATE',
          resource: { rel: 'Company', publicId: company.publicId },
        },
      ]),
    );
  });

  it('lists only the companies the user belongs to, with the role in each', async () => {
    const user = await t.newUser();
    await t.newCompany(); // someone else's
    const a = (await t.call('POST', 'CompanyList', { token: user.token, body: { name: 'First' } })).body
      .data as { publicId: string };
    const b = (await t.call('POST', 'CompanyList', { token: user.token, body: { name: 'Second' } })).body
      .data as { publicId: string };
    const list = await t.call('GET', 'CompanyList', { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      { publicId: a.publicId, name: 'First', role: expect.objectContaining({ name: 'Administrator' }) },
      { publicId: b.publicId, name: 'Second', role: expect.objectContaining({ name: 'Administrator' }) },
    ]);
  });

  it('needs a token', async () => {
    expect((await t.call('GET', 'CompanyList')).status).toBe(401);
    expect((await t.call('POST', 'CompanyList', { body: { name: 'X' } })).status).toBe(401);
  });

  it.each([{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(256) }, { name: 'ok', extra: 1 }])(
    'refuses %j',
    async (body) => {
      const user = await t.newUser();
      const response = await t.call('POST', 'CompanyList', { token: user.token, body });
      expect(response.status).toBe(400);
      expect(response.body.status).toBe('error');
    },
  );
});

describe('CompanyList creation budget', () => {
  const limited = useTestServer({ companiesPerUserPerDay: 3 });

  it('lets one user create at most 3 companies a day, even in a parallel burst', async () => {
    const user = await limited.newUser();
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        limited.call('POST', 'CompanyList', { token: user.token, body: { name: `Burst ${i}` } }),
      ),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(3);
    for (const refused of responses.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        type: 'Error',
        status: 'error',
        data: [{ message: 'Too many attempts, try again later' }],
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await limited.call('GET', 'CompanyList', { token: user.token })).body.data).toHaveLength(3);
    // The budget is the user's own: someone else still creates theirs.
    const other = await limited.newUser();
    expect(
      (await limited.call('POST', 'CompanyList', { token: other.token, body: { name: 'Mine' } })).status,
    ).toBe(201);
  });
});
