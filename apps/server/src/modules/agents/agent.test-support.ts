import { expect } from 'vitest';
import type { Agent, Capability } from '@fleetgate/contracts';
import type { useTestServer } from '../../../test/harness.ts';
import { newPublicId } from '../../http/ids.ts';
import { insertRole } from '../roles/role.repository.ts';

type TestServer = ReturnType<typeof useTestServer>;
export type As = { token: string; company: string };

/** Factories for the agent tests: companies with an admin, agents, groups and relay rows. */
export function agentFixtures(t: TestServer) {
  const db = () => t.server.db;

  const idOf = async (table: 'companies' | 'users' | 'agents' | 'groups', publicId: string) =>
    (await db().selectFrom(table).select('id').where('public_id', '=', publicId).executeTakeFirstOrThrow())
      .id;

  async function setup() {
    const company = await t.newCompany();
    const as: As = { token: company.admin.token, company: company.publicId };
    return { company, as, companyId: await idOf('companies', company.publicId) };
  }

  async function createAgent(as: As, body: object) {
    const response = await t.call('POST', 'AgentList', { ...as, body });
    expect(response.status).toBe(201);
    return response.body.data as Agent;
  }

  /** A group (with a group type of its own), optionally under a parent. */
  async function createGroup(as: As, name: string, parent?: string) {
    const type = await t.call('POST', 'GroupTypeList', {
      ...as,
      body: { name: `Type ${t.unique()}`, color: '#123456' },
    });
    expect(type.status).toBe(201);
    const response = await t.call('POST', 'GroupList', {
      ...as,
      body: {
        name,
        groupType: { publicId: (type.body.data as { publicId: string }).publicId },
        ...(parent ? { parent: { publicId: parent } } : {}),
      },
    });
    expect(response.status).toBe(201);
    return (response.body.data as { publicId: string }).publicId;
  }

  /** Gives a user a role with these capabilities in a group (a group_members row). */
  async function addGroupMember(
    company: { publicId: string },
    group: string,
    user: { publicId: string },
    capabilities: Capability[],
  ) {
    const companyId = await idOf('companies', company.publicId);
    const role = await insertRole(db(), companyId, { name: `Group role ${t.unique()}`, capabilities });
    await db()
      .insertInto('group_members')
      .values({
        public_id: newPublicId(),
        company_id: companyId,
        group_id: await idOf('groups', group),
        user_id: await idOf('users', user.publicId),
        role_id: role.id,
      })
      .execute();
  }

  /** Attaches the agent to the built-in relay, as the relay would on connect. */
  async function openVpnSession(agent: string, vpnAddress = '10.187.0.10') {
    const row = await db()
      .selectFrom('agents')
      .select(['id', 'company_id'])
      .where('public_id', '=', agent)
      .executeTakeFirstOrThrow();
    const rsc = await db()
      .selectFrom('platform_servers')
      .select(['id', 'public_id', 'name'])
      .where('company_id', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('vpn_sessions')
      .values({
        public_id: newPublicId(),
        company_id: row.company_id,
        agent_id: row.id,
        platform_server_id: rsc.id,
        vpn_address: vpnAddress,
        ended_at: null,
      })
      .execute();
    return rsc;
  }

  async function openClientSession(agent: string, user: string, ended = false) {
    const row = await db()
      .selectFrom('agents')
      .select(['id', 'company_id'])
      .where('public_id', '=', agent)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('client_sessions')
      .values({
        public_id: newPublicId(),
        company_id: row.company_id,
        agent_id: row.id,
        user_id: await idOf('users', user),
        vpn: true,
        ended_at: ended ? new Date() : null,
        end_reason: ended ? 'closed' : null,
      })
      .execute();
  }

  return { db, idOf, setup, createAgent, createGroup, addGroupMember, openVpnSession, openClientSession };
}
