import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useTestServer } from '../../test/harness.ts';
import { insertMembership } from '../modules/companies/company.repository.ts';
import { newPublicId } from '../http/ids.ts';
import { runInTransaction } from './transaction.ts';

const t = useTestServer();

const dbError = (code: string) => Object.assign(new Error(`database error ${code}`), { code });

describe('runInTransaction', () => {
  it.each(['40P01', '40001'])(
    'runs the whole transaction again after %s, without its first writes',
    async (code) => {
      const name = `retry-${t.unique()}`;
      let attempts = 0;
      const result = await runInTransaction(t.server.db, async (trx) => {
        attempts += 1;
        await sql`insert into users (public_id, name, email_address, password_hash)
        values (${newPublicId()}, ${name}, ${`${t.unique()}@example.com`}, 'x')`.execute(trx);
        if (attempts === 1) throw dbError(code);
        return 'done';
      });
      expect(result).toBe('done');
      expect(attempts).toBe(2);
      const rows = await t.server.db.selectFrom('users').select('id').where('name', '=', name).execute();
      expect(rows).toHaveLength(1);
    },
  );

  it('gives up after a bounded number of attempts with the last error', async () => {
    let attempts = 0;
    const run = runInTransaction(t.server.db, async () => {
      attempts += 1;
      throw dbError('40P01');
    });
    await expect(run).rejects.toMatchObject({ code: '40P01' });
    expect(attempts).toBe(5);
  });

  it('does not retry other errors', async () => {
    let attempts = 0;
    const run = runInTransaction(t.server.db, async () => {
      attempts += 1;
      throw dbError('23505');
    });
    await expect(run).rejects.toMatchObject({ code: '23505' });
    expect(attempts).toBe(1);
  });
});

// On PostgreSQL each removal locks its membership, then every administrator's row: two at once
// deadlocked (6 in 10 rounds before the retry). PGlite runs one transaction at a time and passes.
describe('administrators removing each other at once', () => {
  it('never answers with a 5xx', async () => {
    for (let round = 0; round < 8; round += 1) {
      const company = await t.newCompany();
      const other = await t.newUser('Second Admin');
      const third = await t.newUser('Third Admin');
      const ids = async (table: 'companies' | 'users' | 'roles', publicId: string) =>
        (
          await t.server.db
            .selectFrom(table)
            .select('id')
            .where('public_id', '=', publicId)
            .executeTakeFirstOrThrow()
        ).id;
      const companyId = await ids('companies', company.publicId);
      const roleId = await ids('roles', company.adminRolePublicId);
      const memberships = [];
      for (const user of [other, third]) {
        const userId = await ids('users', user.publicId);
        memberships.push(await insertMembership(t.server.db, { companyId, userId, roleId }));
      }
      const list = await t.call('GET', 'UserMembershipList', {
        token: company.admin.token,
        company: company.publicId,
        query: { filters: `eq(user.publicId,"${company.admin.publicId}")` },
      });
      const adminMembership = (list.body.data as { publicId: string }[])[0]!.publicId;
      // Both tokens are signed in and cached, so the two deletions reach the database together.
      for (const user of [company.admin, other]) {
        await t.call('GET', 'UserMembershipList', { token: user.token, company: company.publicId });
      }
      const [first, second] = await Promise.all([
        t.call('DELETE', `UserMembership/${memberships[0]!.public_id}`, {
          token: company.admin.token,
          company: company.publicId,
        }),
        t.call('DELETE', `UserMembership/${adminMembership}`, {
          token: other.token,
          company: company.publicId,
        }),
      ]);
      expect([first.status, second.status].filter((status) => status >= 500)).toEqual([]);
    }
  });
});
