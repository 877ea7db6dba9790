import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();

type Entry = {
  publicId: string;
  action: string;
  resource: { rel: string; publicId: string };
  actor: { publicId: string } | null;
  before: unknown;
  after: unknown;
  clientAddress: string;
  createdAt: string;
};

describe('AuditLogList', () => {
  it('records every mutation with actor, action, before, after and address', async () => {
    const company = await t.newCompany();
    const as = { token: company.admin.token, company: company.publicId };
    const role = (await t.call('POST', 'RoleList', { ...as, body: { name: 'Audited' } })).body.data as {
      publicId: string;
    };
    await t.call('PATCH', `Role/${role.publicId}`, { ...as, body: { name: 'Audited 2' } });
    await t.call('DELETE', `Role/${role.publicId}`, as);
    const entries = (
      await t.call('GET', 'AuditLogList', {
        ...as,
        query: { filters: `eq(resource.publicId,"${role.publicId}")` },
      })
    ).body.data as Entry[];
    // Newest first, as an audit trail is read.
    expect(entries.map((e) => e.action)).toEqual(['DELETE', 'UPDATE', 'CREATE']);
    entries.reverse();
    expect(entries[0]).toMatchObject({
      actor: { publicId: company.admin.publicId },
      before: null,
      after: { name: 'Audited' },
      clientAddress: '127.0.0.1',
    });
    expect(entries[1]).toMatchObject({ before: { name: 'Audited' }, after: { name: 'Audited 2' } });
    expect(entries[2]).toMatchObject({ before: { name: 'Audited 2' }, after: null });
    const one = await t.call('GET', `AuditLog/${entries[0]!.publicId}`, {
      ...as,
      query: { fields: 'action,resource.rel' },
    });
    expect(one.body.data).toEqual({
      publicId: entries[0]!.publicId,
      action: 'CREATE',
      resource: { rel: 'Role', publicId: entries[0]!.resource.publicId },
    });
  });

  it('writes nothing when the change is refused', async () => {
    const company = await t.newCompany();
    const as = { token: company.admin.token, company: company.publicId };
    const before = (await t.call('GET', 'AuditLogList', { ...as, query: { 'page-size': '4000' } })).body
      .data as Entry[];
    await t.call('POST', 'RoleList', { ...as, body: [{ name: 'Fine' }, { name: 'fine' }] });
    const after = (await t.call('GET', 'AuditLogList', { ...as, query: { 'page-size': '4000' } })).body
      .data as Entry[];
    expect(after).toHaveLength(before.length);
  });

  it('pages newest first with moreAfter', async () => {
    const company = await t.newCompany();
    const as = { token: company.admin.token, company: company.publicId };
    // One request each, so every entry has its own moment.
    for (const n of [1, 2, 3, 4, 5])
      await t.call('POST', 'RoleList', { ...as, body: { name: `Paged ${n}` } });
    const seen: string[] = [];
    let after: string | null | undefined;
    do {
      const query: Record<string, string> = { 'page-size': '2', filters: 'eq(resource.rel,"Role")' };
      if (after) query['page-after'] = after;
      const page = await t.call('GET', 'AuditLogList', { ...as, query });
      seen.push(...(page.body.data as Entry[]).map((e) => (e.after as { name: string }).name));
      after = page.body.moreAfter;
    } while (after);
    expect(seen).toEqual(['Paged 5', 'Paged 4', 'Paged 3', 'Paged 2', 'Paged 1', 'Administrator']);
  });

  it('filters by action and time', async () => {
    const company = await t.newCompany();
    const as = { token: company.admin.token, company: company.publicId };
    // `since` has millisecond precision, the log microseconds: step past the millisecond in
    // which the company's own entries were written, or one of them may count as "since".
    await new Promise((resolve) => setTimeout(resolve, 5));
    const since = new Date().toISOString();
    await t.call('POST', 'RoleList', { ...as, body: { name: 'Later' } });
    const created = await t.call('GET', 'AuditLogList', {
      ...as,
      query: { filters: `and(eq(action,"CREATE"),gte(createdAt,"${since}"))`, fields: 'resource(rel)' },
    });
    const anyId = expect.stringMatching(/^[0-9a-z]{12}$/);
    expect(created.body.data).toEqual([{ publicId: anyId, resource: { rel: 'Role', publicId: anyId } }]);

    const badDate = await t.call('GET', 'AuditLogList', {
      ...as,
      query: { filters: 'gte(createdAt,"soon")' },
    });
    expect(badDate.status).toBe(400);
  });

  it('needs the audit-logs right and keeps companies apart', async () => {
    const company = await t.newCompany();
    const other = await t.newCompany();
    const reader = await t.newMember(company, ['auditLogs.use']);
    const outsider = await t.newMember(company, ['roles.manage']);
    expect((await t.call('GET', 'AuditLogList', { company: company.publicId })).status).toBe(401);
    expect(
      (await t.call('GET', 'AuditLogList', { token: outsider.token, company: company.publicId })).status,
    ).toBe(403);
    const mine = (await t.call('GET', 'AuditLogList', { token: reader.token, company: company.publicId }))
      .body.data as Entry[];
    expect(mine.length).toBeGreaterThan(0);
    const theirs = (
      await t.call('GET', 'AuditLogList', { token: other.admin.token, company: other.publicId })
    ).body.data as Entry[];
    expect(
      (
        await t.call('GET', `AuditLog/${theirs[0]!.publicId}`, {
          token: reader.token,
          company: company.publicId,
        })
      ).status,
    ).toBe(404);
    expect(mine.map((e) => e.publicId)).not.toContain(theirs[0]!.publicId);
  });
});
