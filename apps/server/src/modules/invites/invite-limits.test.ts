import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useTestServer, type Response } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';

// Low budgets so a burst crosses them: 3 invitations per inviter, 5 per company, per hour.
const t = useTestServer({ inviteLimits: { perInviterPerHour: 3, perCompanyPerHour: 5 } });

async function setup() {
  const company = await t.newCompany();
  const as = { token: company.admin.token, company: company.publicId };
  const role = (
    await t.call('POST', 'RoleList', { ...as, body: { name: 'Engineer', capabilities: ['groups.manage'] } })
  ).body.data as { publicId: string };
  return { company, as, role };
}

const newAddress = () => `limited-${t.unique()}@example.com`;

async function mailCount() {
  return (await readdir(t.server.outboxDir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'))
    .length;
}

function expectRateLimited(response: Response) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({
    type: 'Error',
    status: 'error',
    data: [{ message: 'Too many attempts, try again later' }],
  });
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('invitation budgets per inviter and per company', () => {
  it('a parallel burst of one inviter gets at most 3 through, on both invitation routes together', async () => {
    const { as, role } = await setup();
    const mailsBefore = await mailCount();
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.call('POST', i % 2 === 0 ? 'UserInviteList' : 'UserMembershipList', {
          ...as,
          body: { emailAddress: newAddress(), role: { publicId: role.publicId } },
        }),
      ),
    );
    const accepted = responses.filter((r) => r.status === 201 || r.status === 202);
    expect(accepted).toHaveLength(3);
    for (const refused of responses.filter((r) => !accepted.includes(r))) expectRateLimited(refused);
    expect((await t.call('GET', 'UserInviteList', as)).body.data).toHaveLength(3);
    expect((await mailCount()) - mailsBefore).toBe(3);
  });

  it('a list larger than what is left is refused whole and takes nothing from the budget', async () => {
    const { as, role } = await setup();
    const item = () => ({ emailAddress: newAddress(), role: { publicId: role.publicId } });
    expectRateLimited(
      await t.call('POST', 'UserInviteList', { ...as, body: [item(), item(), item(), item()] }),
    );
    expect((await t.call('GET', 'UserInviteList', as)).body.data).toEqual([]);
    expect((await t.call('POST', 'UserInviteList', { ...as, body: [item(), item(), item()] })).status).toBe(
      201,
    );
    expectRateLimited(await t.call('POST', 'UserInviteList', { ...as, body: item() }));
  });

  it('the company’s budget caps several inviters together at 5', async () => {
    const { company, as, role } = await setup();
    const manager = await t.newMember(company, ['users.invite', 'groups.manage']);
    const managerAs = { token: manager.token, company: company.publicId };
    const responses = await Promise.all(
      [as, managerAs].flatMap((who) =>
        Array.from({ length: 4 }, () =>
          t.call('POST', 'UserInviteList', {
            ...who,
            body: { emailAddress: newAddress(), role: { publicId: role.publicId } },
          }),
        ),
      ),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(5);
    for (const refused of responses.filter((r) => r.status !== 201)) expectRateLimited(refused);
    // Another company has its own budget.
    const other = await setup();
    const theirs = await t.call('POST', 'UserInviteList', {
      ...other.as,
      body: { emailAddress: newAddress(), role: { publicId: other.role.publicId } },
    });
    expect(theirs.status).toBe(201);
  });
});

describe('re-sending to one address', () => {
  it('is refused within 10 minutes (429 with Retry-After), also by a process with fresh memory', async () => {
    const { as, role } = await setup();
    const address = newAddress();
    const body = { emailAddress: address, role: { publicId: role.publicId } };
    expect((await t.call('POST', 'UserInviteList', { ...as, body })).status).toBe(201);
    const again = await t.call('POST', 'UserMembershipList', { ...as, body });
    expectRateLimited(again);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(600);

    // A second server on the same database knows nothing of the first one's counters.
    const config = {
      ...loadConfig({}),
      databaseUrl: process.env.DATABASE_URL,
      webDist: undefined,
      logLevel: 'silent',
      outboxDir: t.server.outboxDir,
    };
    const second = await buildApp({ config, db: t.server.db, logger: false });
    try {
      const response = await second.app.inject({
        method: 'POST',
        url: '/api/UserInviteList',
        headers: {
          'Api-Version': '2',
          host: new URL(config.publicUrl).host,
          Authorization: `Bearer ${as.token}`,
          'Api-Company': as.company,
          'Content-Type': 'application/json',
        },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await second.app.close();
    }
  });
});
